import TeletypeANSI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The width and capabilities of the output, from the flags, the terminal and the environment.
package enum TerminalSettings {
    package static func width(_ flag: Int?) -> Int {
        flag ?? Console.terminalWidth
            ?? ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
    }

    package static func capabilities(format: String, color: String) -> TerminalCapabilities {
        guard format != "plain" else { return .plain }
        return TerminalCapabilities.detect(
            environment: ProcessInfo.processInfo.environment, isTTY: Console.outputIsTerminal,
            colorChoice: ColorChoice(rawValue: color) ?? .auto)
    }
}
