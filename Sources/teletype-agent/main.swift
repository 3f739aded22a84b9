import Foundation
import TeletypeCommandLine

// `teletype ask` and `teletype chat`: the commands that talk to agents over HTTP, in a process of
// their own (`teletype` becomes this one for them), so that no other command loads networking.
TeletypeCommand.agentCommand = { command, arguments in
    command == "ask" ? try AskCommand.run(arguments: arguments) : try ChatCommand.run(arguments: arguments)
}
exit(TeletypeCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
