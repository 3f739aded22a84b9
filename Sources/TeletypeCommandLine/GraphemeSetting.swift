import Dispatch
import TeletypeANSI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// How text is measured in cells: by grapheme cluster, as modern terminals draw (the default), or
/// code point by code point, for terminals that do not cluster. Chosen by `--graphemes on|off`
/// (any command), else `TELETYPE_GRAPHEMES=1|0`, else — in a live region on a terminal — the
/// terminal's answer to a DECRQM query for mode 2027 (grapheme clustering) where it answers.
package enum GraphemeSetting {
    /// Whether the choice was made by the flag or the environment (the terminal is then not asked).
    nonisolated(unsafe) private(set) static var isExplicit = false
    /// Whether mode 2027 was switched on here, to be switched off at the end.
    nonisolated(unsafe) private(set) static var enabledMode = false

    /// Takes `--graphemes VALUE` (or `--graphemes=VALUE`) out of `arguments` and applies it, or the
    /// environment's choice; throws a usage error for a value that is neither on nor off.
    package static func apply(_ arguments: [String], help: String) throws -> [String] {
        var rest: [String] = []
        var choice: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                rest += arguments[(index - 1)...]
                break
            }
            if argument == "--graphemes" {
                guard index < arguments.count else { throw CommandError.usage("--graphemes needs a value", help: help) }
                choice = arguments[index]
                index += 1
            } else if argument.hasPrefix("--graphemes=") {
                choice = String(argument.dropFirst("--graphemes=".count))
            } else {
                rest.append(argument)
            }
        }
        if let choice {
            guard let clustering = clustering(choice) else {
                throw CommandError.usage("--graphemes must be on or off, not '\(choice)'", help: help)
            }
            set(clustering)
        } else if let value = Environment.value("TELETYPE_GRAPHEMES"), !value.isEmpty {
            if let clustering = clustering(value) { set(clustering) }
        }
        return rest
    }

    private static func clustering(_ value: String) -> CellWidth.Clustering? {
        switch value.lowercased() {
        case "on", "1", "yes", "true", "graphemes": return .graphemes
        case "off", "0", "no", "false", "codepoints": return .codePoints
        default: return nil
        }
    }

    private static func set(_ clustering: CellWidth.Clustering) {
        CellWidth.clustering = clustering
        isExplicit = true
    }

    /// In a live region on a terminal, when nothing was chosen: asks the terminal whether it clusters
    /// graphemes (DECRQM for mode 2027, with a device attributes query behind it so that a terminal
    /// that does not know the mode answers at once). A terminal that supports the mode gets it
    /// switched on; one that says it never clusters is measured by code point; silence changes
    /// nothing. Waits at most 150 ms.
    package static func askTerminal() {
        guard !isExplicit, let answer = TerminalQuery.ask("\u{1B}[?2027$p\u{1B}[c") else { return }
        guard let state = modeState(answer) else { return }
        switch state {
        case 1, 3: CellWidth.clustering = .graphemes
        case 2:
            // Supported and off: switched on for the session, off again at the end.
            Console.output("\u{1B}[?2027h")
            enabledMode = true
            CellWidth.clustering = .graphemes
        case 4: CellWidth.clustering = .codePoints
        default: break
        }
    }

    /// The state a DECRQM answer gives mode 2027 (`CSI ? 2027 ; Ps $ y`), if it holds one.
    package static func modeState(_ answer: String) -> Int? {
        guard let match = answer.firstMatch(of: /\[\?2027;([0-9]+)\$y/) else { return nil }
        return Int(match.1)
    }

    /// What ends the session: mode 2027 back off, if it was switched on here.
    package static var restoreSequence: String { enabledMode ? "\u{1B}[?2027l" : "" }
}
