import TeletypeANSI
import TeletypeLayout

/// Styled terminal lines as an SVG picture: a dark or light window, one row of monospace text a
/// line, each run in its colour, weight and slant — what a colour terminal shows, for documents
/// that cannot show escape sequences (a README).
public enum TerminalPicture {
    /// The SVG of `lines` in a terminal `width` columns wide, coloured as `theme` colours text.
    public static func svg(_ lines: [StyledLine], width: Int, theme: Theme) -> String {
        let cell = (width: 8.4, height: 18.0)
        let padding = 14.0
        let dark = theme.name != "light"
        let background = dark ? "#1e2127" : "#fafafa"
        let text = theme.codeBlock.foreground.flatMap(hex) ?? (dark ? "#abb2bf" : "#383a42")
        let pictureWidth = Double(width) * cell.width + 2 * padding
        let pictureHeight = Double(lines.count) * cell.height + 2 * padding
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(format(pictureWidth))" height="\(format(pictureHeight))" \
            viewBox="0 0 \(format(pictureWidth)) \(format(pictureHeight))">
            <rect width="100%" height="100%" rx="8" fill="\(background)"/>
            <g font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', monospace" \
            font-size="14" fill="\(text)" xml:space="preserve">

            """
        for (index, line) in lines.enumerated() where line.width > 0 {
            let y = padding + Double(index) * cell.height + 13.5
            out += "<text x=\"\(format(padding))\" y=\"\(format(y))\">"
            var column = 0
            for segment in line.segments where !segment.text.isEmpty {
                // Each run is placed where its first visible character goes: viewers collapse a run's
                // leading spaces whatever `xml:space` says, and a run of spaces shows nothing.
                let leading = segment.text.prefix { $0 == " " }.count
                defer { column += CellWidth.of(segment.text) }
                guard leading < segment.text.count || segment.style.underline else { continue }
                let shown = segment.style.underline ? segment.text : String(segment.text.dropFirst(leading))
                let start = column + (segment.style.underline ? 0 : leading)
                var attributes = " x=\"\(format(padding + Double(start) * cell.width))\""
                if let color = segment.style.foreground.flatMap(hex) { attributes += " fill=\"\(color)\"" }
                if segment.style.bold { attributes += " font-weight=\"bold\"" }
                if segment.style.italic { attributes += " font-style=\"italic\"" }
                if segment.style.dim { attributes += " opacity=\"0.6\"" }
                if segment.style.underline { attributes += " text-decoration=\"underline\"" }
                out += "<tspan\(attributes)>\(escaped(shown))</tspan>"
            }
            out += "</text>\n"
        }
        return out + "</g>\n</svg>\n"
    }

    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }

    static func hex(_ color: Color) -> String? {
        func byte(_ value: UInt8) -> String {
            let digits = String(value, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        switch color {
        case .rgb(let red, let green, let blue): return "#" + byte(red) + byte(green) + byte(blue)
        case .basic(let index):
            let palette = [
                "#282c34", "#e06c75", "#98c379", "#e5c07b", "#61afef", "#c678dd", "#56b6c2", "#abb2bf", "#5c6370",
                "#e06c75", "#98c379", "#e5c07b", "#61afef", "#c678dd", "#56b6c2", "#ffffff",
            ]
            return palette[Int(index) % 16]
        case .palette: return nil
        }
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\t": out += "    "
            default: out.append(character)
            }
        }
        return out
    }
}

extension Snapshotting where Value == ConversationSnapshot {
    /// The conversation as a colour terminal `width` columns wide shows it, as an SVG picture.
    public static func picture(width: Int = 80) -> Snapshotting {
        Snapshotting(pathExtension: "svg") { value in
            let renderer = ConversationTerminalRenderer(
                width: width, capabilities: TerminalCapabilities(colorDepth: .trueColor, hyperlinks: false),
                appearance: value.appearance)
            return TerminalPicture.svg(renderer.lines(value.rows), width: width, theme: value.appearance.theme)
        }
    }
}
