import Teletype
import TeletypeTranscripts

/// Help text made from what Teletype knows, so that a new format or agent is in every help screen
/// the moment it exists: lists of names, wrapped under an option's description.
enum HelpText {
    /// `names` as a list ("a, b or c").
    static func list(_ names: [String], last: String = "or") -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return Joined.strings(names.dropLast(), separator: ", ") + " \(last) " + names[names.count - 1]
    }

    /// `text` broken into lines of at most `width` characters, the lines after the first indented by
    /// `indent` spaces (the column of an option's description); `start` is where the first line begins.
    static func wrapped(_ text: String, start: Int = 32, indent: Int = 32, width: Int = 106) -> String {
        var lines: [String] = []
        var line = ""
        var column = start
        for word in text.split(separator: " ") {
            if !line.isEmpty, column + 1 + word.count > width {
                lines.append(line)
                line = ""
                column = indent
            }
            if !line.isEmpty {
                line += " "
                column += 1
            }
            line.append(contentsOf: word)
            column += word.count
        }
        lines.append(line)
        return Joined.strings(lines, separator: "\n" + String(repeating: " ", count: indent))
    }

    /// Every format `--from` takes.
    static var formats: String { list(TranscriptFormat.allCases.map(\.rawValue)) }

    /// Every agent `sessions` and `--latest` take.
    static var agents: String { list(SessionAgent.allCases.filter { $0 != .markdownExport }.map(\.rawValue)) }
}
