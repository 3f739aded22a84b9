import Testing

@testable import TeletypeANSI

@Suite struct CapabilitiesTests {
    typealias Depth = TerminalCapabilities.ColorDepth

    @Test(
        arguments: [
            ([:], true, ColorChoice.auto, Depth.ansi16),
            ([:], false, .auto, .none),
            (["NO_COLOR": "1"], true, .auto, .none),
            (["NO_COLOR": ""], true, .auto, .ansi16),
            (["NO_COLOR": "1", "COLORTERM": "truecolor"], true, .always, .trueColor),
            (["FORCE_COLOR": "1"], false, .auto, .ansi16),
            (["FORCE_COLOR": "3"], false, .auto, .trueColor),
            (["CLICOLOR_FORCE": "1", "TERM": "xterm-256color"], false, .auto, .ansi256),
            (["CLICOLOR": "0"], true, .auto, .none),
            (["TERM": "dumb"], true, .auto, .none),
            (["TERM": "xterm-256color"], true, .auto, .ansi256),
            (["COLORTERM": "24bit"], true, .auto, .trueColor),
            (["COLORTERM": "truecolor"], true, .never, .none),
        ] as [([String: String], Bool, ColorChoice, Depth)])
    func colorDepth(_ environment: [String: String], _ isTTY: Bool, _ choice: ColorChoice, _ expected: Depth) {
        let detected = TerminalCapabilities.detect(environment: environment, isTTY: isTTY, colorChoice: choice)
        #expect(detected.colorDepth == expected)
    }

    @Test func hyperlinksOnlyOnKnownTerminals() {
        #expect(TerminalCapabilities.detect(environment: ["TERM_PROGRAM": "WezTerm"], isTTY: true).hyperlinks)
        #expect(!TerminalCapabilities.detect(environment: ["TERM_PROGRAM": "WezTerm"], isTTY: false).hyperlinks)
        #expect(!TerminalCapabilities.detect(environment: ["TERM": "xterm"], isTTY: true).hyperlinks)
        #expect(
            TerminalCapabilities.detect(environment: ["TELETYPE_HYPERLINKS": "1"], isTTY: false, colorChoice: .always)
                .hyperlinks)
        #expect(
            !TerminalCapabilities.detect(
                environment: ["TELETYPE_HYPERLINKS": "0", "TERM_PROGRAM": "WezTerm"], isTTY: true
            ).hyperlinks)
    }

    @Test func asciiWithoutUTF8Locale() {
        let caps = TerminalCapabilities.detect(environment: ["LANG": "C"], isTTY: true)
        #expect(!caps.unicode)
        let output = TerminalRenderer(width: 30, capabilities: caps).render(markdown: "- [x] done\n\n> q\n\n---")
        #expect(output.unicodeScalars.allSatisfy { $0.value < 0x80 })
    }

    @Test(
        arguments: [
            ("en_US.UTF-8", true), ("C.utf8", true), ("de_DE.Utf-8@euro", true), ("UTF-8", true),
            ("C", false), ("POSIX", false), ("en_US.ISO-8859-1", false), ("ja_JP.eucJP", false), ("UTF", false),
            ("UTF-16", false), ("uu.utf8", true),
        ])
    func localeNamesUTF8(_ locale: String, _ expected: Bool) {
        #expect(TerminalCapabilities.namesUTF8(locale) == expected)
        #expect(TerminalCapabilities.detect(environment: ["LANG": locale], isTTY: true).unicode == expected)
    }
}
