import TeletypeCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The command-line tool. Everything with a side effect (arguments, environment, files, the terminal)
// is handled in TeletypeCommandLine, at the edge; `ask` and `chat` run in teletype-agent.
exit(TeletypeCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
