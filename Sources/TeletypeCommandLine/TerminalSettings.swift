import TeletypeANSI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The width and capabilities of the output, from the flags, the terminal and the environment.
package enum TerminalSettings {
    package static func width(_ flag: Int?) -> Int {
        flag ?? Console.terminalWidth ?? Environment.number("COLUMNS", above: 0) ?? 80
    }

    package static func capabilities(format: String, color: String) -> TerminalCapabilities {
        guard format != "plain" else { return .plain }
        return TerminalCapabilities.detect(
            environment: Environment.value, isTTY: Console.outputIsTerminal,
            colorChoice: ColorChoice(rawValue: color) ?? .auto)
    }
}
