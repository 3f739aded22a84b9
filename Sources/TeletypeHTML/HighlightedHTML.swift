import TeletypeLayout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Code in a language Teletype knows, as HTML: each token in a `<span class="tok-…">` that the
/// page's CSS colours, the text escaped as any text.
enum HighlightedHTML {
    static func write(_ code: String, highlighter: SyntaxHighlighter, into buffer: inout HTMLBuffer) {
        var state = CodeLexerState()
        var code = code
        code.withUTF8 { bytes in
            var lineStart = 0
            while lineStart < bytes.count {
                let base = UnsafeRawPointer(bytes.baseAddress!)
                let lineEnd =
                    memchr(base + lineStart, 0x0A, bytes.count - lineStart).map { base.distance(to: $0) }
                    ?? bytes.count
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                var position = 0
                for token in highlighter.tokens(ofLine: line, state: &state) {
                    if token.start > position {
                        buffer.text(utf8: UnsafeBufferPointer(rebasing: line[position..<token.start]))
                    }
                    buffer.raw(openingTags[Int(token.kind.rawValue)])
                    buffer.text(utf8: UnsafeBufferPointer(rebasing: line[token.start..<token.end]))
                    buffer.markup("</span>")
                    position = token.end
                }
                if position < line.count { buffer.text(utf8: UnsafeBufferPointer(rebasing: line[position...])) }
                if lineEnd < bytes.count { buffer.markup("\n") }
                lineStart = lineEnd + 1
            }
        }
    }

    /// The `<span>` that opens a token of each kind, by the kind's raw value.
    private static let openingTags: [[UInt8]] = {
        var tags = [[UInt8]](repeating: [], count: Int(CodeTokenKind.allCases.map(\.rawValue).max() ?? 0) + 1)
        for kind in CodeTokenKind.allCases {
            tags[Int(kind.rawValue)] = Array("<span class=\"\(kind.cssClass)\">".utf8)
        }
        return tags
    }()

    /// The page's CSS for tokens, from a theme's syntax styles: one rule a kind.
    static func css(_ syntax: SyntaxStyles, scope: String = "") -> String {
        var out = ""
        for kind in CodeTokenKind.allCases where kind != .plain {
            guard let style = syntax[kind] else { continue }
            var rules: [String] = []
            if let color = style.foreground?.cssHex { rules.append("color: \(color)") }
            if style.bold { rules.append("font-weight: 600") }
            if style.italic { rules.append("font-style: italic") }
            guard !rules.isEmpty else { continue }
            out += "\(scope).\(kind.cssClass) { \(rules.joined(separator: "; ")); }\n"
        }
        return out
    }
}

extension Color {
    /// The colour as CSS (`#rrggbb`), for the colours a theme gives as RGB.
    var cssHex: String? {
        guard case .rgb(let red, let green, let blue) = self else { return nil }
        func hex(_ value: UInt8) -> String {
            let digits = String(value, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + hex(red) + hex(green) + hex(blue)
    }
}
