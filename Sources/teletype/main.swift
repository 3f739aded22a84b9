import Foundation

// The command-line tool: `teletype md` and the global flags. Everything with a side effect
// (arguments, environment, files, the terminal) is handled here, at the edge.
exit(TeletypeCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
