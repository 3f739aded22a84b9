import TeletypeANSI
import TeletypeTestSupport

/// The properties every rendering has, whatever the input.
enum RenderedOutputChecks {
    /// Plain output: no control character but newline and tab.
    static func plain(_ output: String, _ context: String) -> [String] {
        guard
            let bad = output.unicodeScalars.first(where: {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
            })
        else { return [] }
        return ["\(context): plain output holds control U+\(String(bad.value, radix: 16, uppercase: true))"]
    }

    /// ANSI output: only SGR and sanitised OSC 8 links.
    static func ansi(_ output: String, _ context: String) -> [String] {
        TerminalOutput.foreignSequences(in: output).prefix(3).map { "\(context): \($0)" }
    }

    /// Every visible line takes at most `width` cells (tabs advance to the next multiple of 8).
    static func fits(_ output: String, width: Int, _ context: String) -> [String] {
        for (number, line) in TerminalOutput.visibleLines(output).enumerated() {
            var column = 0
            for character in line {
                column += character == "\t" ? 8 - column % 8 : CellWidth.of(character)
            }
            if column > width {
                return [
                    "\(context): line \(number + 1) takes \(column) cells at width \(width): \(line.debugDescription)"
                ]
            }
        }
        return []
    }

    /// HTML: nothing that runs script or loads from elsewhere.
    static func html(_ output: String, _ context: String, page: Bool = false) -> [String] {
        HTMLSafety.problems(in: output, page: page).prefix(3).map { "\(context): \($0)" }
    }
}
