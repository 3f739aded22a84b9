import TeletypeANSI
import TeletypeLayout
import TeletypeTestSupport
import Testing

/// Untrusted text never drives the terminal: control characters show as pictures, and with colour
/// on, every escape sequence in the output is one Teletype wrote.
@Suite struct SanitizationTests {
    static let payloads: [(name: String, text: String)] = [
        ("OSC 52 clipboard", "\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}"),
        ("OSC 0 title", "\u{1B}]0;owned\u{07}"),
        ("OSC 2 title with ST", "\u{1B}]2;owned\u{1B}\\"),
        ("CSI 2J erase", "\u{1B}[2J\u{1B}[H"),
        ("CSI 6n query", "\u{1B}[6n"),
        ("cursor up and erase line", "\u{1B}[1A\u{1B}[2K"),
        ("DCS", "\u{1B}P+q544e\u{1B}\\"),
        ("8-bit CSI", "\u{9B}2J"),
        ("8-bit OSC", "\u{9D}52;c;AAAA\u{9C}"),
        ("BEL and backspace", "a\u{07}b\u{08}c"),
        ("reset", "\u{1B}c"),
        ("entity ESC", "&#27;[2J"),
        ("hex entity ESC", "&#x1b;]0;owned&#x7;"),
        ("entity 8-bit CSI", "&#155;6n"),
        ("OSC 8 spoof", "\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\"),
        ("OSC 1 icon title", "\u{1B}]1;owned\u{07}"),
        ("unterminated OSC", "\u{1B}]0;owned and the rest"),
        ("APC passthrough", "\u{1B}_Gf=100;AAAA\u{1B}\\"),
        ("percent-encoded ESC", "%1B]0;owned%07 and %9B2J"),
        ("CSI cursor position", "\u{1B}[1;1H\u{1B}[0J"),
    ]

    /// Every place in a document a payload can sit.
    static func documents(with payload: String) -> [String] {
        [
            "plain \(payload) text",
            "# heading \(payload)",
            "`code \(payload)`",
            "```\n\(payload)\n```",
            "```\(payload.replacingOccurrences(of: "`", with: ""))\ncode\n```",
            "[link \(payload)](https://example.com)",
            "[link](https://example.com/\(payload))",
            "<https://example.com/\(payload)>",
            "![alt \(payload)](https://example.com/x.png)",
            "| a | b |\n|---|---|\n| \(payload) | x |",
            "> quoted \(payload)",
            "- item \(payload)",
            "<div>\(payload)</div>",
            "text <span>\(payload)</span>",
            "note[^1]\n\n[^1]: \(payload)",
        ]
    }

    static let cases: [(String, String)] = payloads.flatMap { payload in
        documents(with: payload.text).map { (payload.name, $0) }
    }

    @Test(arguments: cases.indices)
    func plainOutputHasNoControlCharacters(_ index: Int) {
        let (name, document) = Self.cases[index]
        for width in [20, 80] {
            let output = TerminalRenderer(width: width, capabilities: .plain).render(markdown: document)
            for scalar in output.unicodeScalars {
                let value = scalar.value
                let isControl = (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
                #expect(
                    !isControl, "\(name): U+\(String(value, radix: 16)) in plain output of \(document.debugDescription)"
                )
            }
        }
    }

    @Test(arguments: cases.indices)
    func ansiOutputHasOnlyTeletypeSequences(_ index: Int) {
        let (name, document) = Self.cases[index]
        for capabilities in [TerminalCapabilities.full, .init(colorDepth: .ansi16, hyperlinks: false)] {
            let output = TerminalRenderer(width: 60, capabilities: capabilities).render(markdown: document)
            for piece in TerminalOutput.pieces(output) {
                switch piece {
                case .text: continue
                case .control(let scalar):
                    Issue.record(
                        "\(name): raw control U+\(String(scalar.value, radix: 16)) in \(document.debugDescription)")
                case .escape(let sequence):
                    #expect(
                        TerminalOutput.isTeletypeSequence(sequence),
                        "\(name): foreign sequence \(sequence.debugDescription)")
                }
            }
        }
    }

    /// Streamed live in random pieces (a payload split across deltas), the bytes the live region
    /// writes hold only Teletype's own sequences: styles, links, and its cursor moves and erasing.
    @Test(arguments: cases.indices.filter { $0 % 2 == 0 })
    func liveOutputOfStreamedPayloadsHasOnlyTeletypeSequences(_ index: Int) {
        let (name, document) = Self.cases[index]
        var generator = SeededGenerator(seed: UInt64(index))
        let renderer = TerminalRenderer(width: 40, capabilities: .full)
        var stream = MarkdownStreamRenderer(renderer: renderer)
        var region = LiveRegion(capabilities: .full, height: 6)
        var output: [UInt8] = []
        let bytes = Array(document.utf8)
        var offset = 0
        while offset < bytes.count {
            let length = min(bytes.count - offset, Int(generator.next() % 5) + 1)
            stream.append(utf8: Array(bytes[offset..<offset + length]))
            offset += length
            let committed = stream.update()
            output += region.frame(committed: committed, live: stream.liveLines)
        }
        let committed = stream.finish()
        output += region.frame(committed: committed + Array(stream.liveLines), live: [])
        for piece in TerminalOutput.pieces(String(decoding: output, as: UTF8.self)) {
            switch piece {
            case .text: continue
            case .control(let scalar):
                // The live region returns the carriage itself; nothing else.
                #expect(scalar == "\r", "\(name): raw control U+\(String(scalar.value, radix: 16)) live")
            case .escape(let sequence):
                #expect(
                    TerminalOutput.isTeletypeSequence(sequence) || Self.isLiveRegionSequence(sequence),
                    "\(name): foreign sequence \(sequence.debugDescription) live")
            }
        }
    }

    /// What the live region writes: synchronized output, cursor moves up, down and to a column,
    /// and erasing (of a line's end, a whole line, or below).
    static func isLiveRegionSequence(_ sequence: String) -> Bool {
        let allowed = ["\u{1B}[?2026h", "\u{1B}[?2026l", "\u{1B}[K", "\u{1B}[2K", "\u{1B}[J"]
        if allowed.contains(sequence) { return true }
        guard sequence.hasPrefix("\u{1B}["), let final = sequence.last, "EFG".contains(final) else { return false }
        return sequence.dropFirst(2).dropLast().allSatisfy(\.isNumber)
    }

    @Test func controlCharactersBecomeVisiblePictures() {
        let output = TerminalRenderer(width: 80, capabilities: .plain).render(markdown: "a &#27;[2J b \u{7} c \u{9B}6n")
        #expect(output == "a ␛[2J b ␇ c ␛[6n\n")
    }
}

/// The scan that decides whether text needs sanitizing reads eight bytes at a time; it finds what a
/// byte-by-byte reading finds, wherever the control character falls.
@Suite struct SafeTextScanTests {
    /// The scan, one byte at a time.
    static func expected(_ text: String) -> (needsSanitizing: Bool, hasTab: Bool) {
        let bytes = Array(text.utf8)
        var needs = false
        for (index, byte) in bytes.enumerated() {
            if byte < 0x20 && byte != 0x09 && byte != 0x0A { needs = true }
            if byte == 0x7F || (index > 0 && bytes[index - 1] == 0xC2 && (0x80...0x9F).contains(byte)) { needs = true }
        }
        return (needs, bytes.contains(0x09))
    }

    static let controls: [String] = [
        "\u{1B}", "\u{07}", "\t", "\u{7F}", "\u{85}", "\u{9B}", "\u{00A0}", "é", "\n", "\u{00}",
    ]

    @Test(arguments: controls)
    func aControlIsFoundAtEveryOffset(_ control: String) {
        for length in 0..<40 {
            for offset in 0...length {
                let text =
                    String(repeating: "a", count: offset) + control + String(repeating: "b", count: length - offset)
                let scan = TerminalSafeText.scan(text)
                let wanted = Self.expected(text)
                #expect(
                    scan.needsSanitizing == wanted.needsSanitizing && scan.hasTab == wanted.hasTab,
                    "\(control.unicodeScalars.map { String($0.value, radix: 16) }) at \(offset) of \(length)")
            }
        }
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage))) func theCorpusScansAsByteByByte()
        throws
    {
        for file in Corpus.markdown {
            for line in file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [
                file.text
            ] {
                let scan = TerminalSafeText.scan(line)
                let wanted = Self.expected(line)
                #expect(scan.needsSanitizing == wanted.needsSanitizing && scan.hasTab == wanted.hasTab, "\(file.name)")
            }
        }
    }
}
