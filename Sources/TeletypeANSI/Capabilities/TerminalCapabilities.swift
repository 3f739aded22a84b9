/// What a terminal can show. Renderers take it as a value; `detect(environment:isTTY:colorChoice:)`
/// reads it from the environment at the program's edge.
public struct TerminalCapabilities: Sendable, Equatable {
    /// How many colours the terminal shows.
    public enum ColorDepth: Int, Sendable, Comparable {
        /// No escape sequences at all: plain text.
        case none = 0
        /// The 16 basic colours.
        case ansi16 = 16
        /// The 256-colour palette.
        case ansi256 = 256
        /// 24-bit colour.
        case trueColor = 16_777_216

        /// Whether `lhs` shows fewer colours than `rhs`.
        public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The colour depth; `.none` means no escape sequence is written.
    public var colorDepth: ColorDepth
    /// Whether links may be written as OSC 8 hyperlinks.
    public var hyperlinks: Bool
    /// Whether box drawing, bullets and check boxes may use Unicode; otherwise ASCII stand-ins.
    public var unicode: Bool
    /// How images are drawn in the terminal's cells; nil where they are not (a card says what each
    /// is). Set by the command from `--images` and the terminal.
    public var images: TerminalImageProtocol?
    /// The size in pixels of one of its cells, where it says (else ``CellSize/assumed``).
    public var cellSize: CellSize = .assumed

    /// Creates capabilities.
    public init(colorDepth: ColorDepth, hyperlinks: Bool, unicode: Bool = true) {
        self.colorDepth = colorDepth
        self.hyperlinks = hyperlinks
        self.unicode = unicode
    }

    /// Plain text: no escape sequences, Unicode drawing.
    public static let plain = TerminalCapabilities(colorDepth: .none, hyperlinks: false)
    /// A modern terminal: 24-bit colour and hyperlinks.
    public static let full = TerminalCapabilities(colorDepth: .trueColor, hyperlinks: true)

    /// Whether any escape sequence may be written.
    public var usesEscapes: Bool { colorDepth != .none }
}

/// The user's `--color` choice.
public enum ColorChoice: String, Sendable, CaseIterable {
    /// Colour when writing to a terminal, as the environment allows.
    case auto
    /// Colour even into a pipe or file.
    case always
    /// No escape sequences.
    case never
}

extension TerminalCapabilities {
    /// Reads the capabilities from environment variables and whether output goes to a terminal:
    /// `NO_COLOR`, `FORCE_COLOR`, `CLICOLOR_FORCE`, `CLICOLOR`, `COLORTERM`, `TERM`, `TERM_PROGRAM`,
    /// `LANG`/`LC_ALL`/`LC_CTYPE`, then the `--color` choice.
    public static func detect(
        environment: [String: String], isTTY: Bool, colorChoice: ColorChoice = .auto
    ) -> TerminalCapabilities {
        detect(environment: { environment[$0] }, isTTY: isTTY, colorChoice: colorChoice)
    }

    /// `detect(environment:isTTY:colorChoice:)` with the environment read variable by variable
    /// (as `getenv` does), without gathering all of it first.
    public static func detect(
        environment value: (String) -> String?, isTTY: Bool, colorChoice: ColorChoice = .auto
    ) -> TerminalCapabilities {
        let term = value("TERM") ?? ""
        let locale = value("LC_ALL") ?? value("LC_CTYPE") ?? value("LANG") ?? ""
        let unicode = locale.isEmpty || namesUTF8(locale)
        func nonEmpty(_ key: String) -> Bool { !(value(key) ?? "").isEmpty }

        var colorful: Bool
        switch colorChoice {
        case .never: colorful = false
        case .always: colorful = true
        case .auto:
            let forced = value("FORCE_COLOR").map { $0 != "0" && $0 != "false" } ?? false
            let clicolorForced = value("CLICOLOR_FORCE").map { !$0.isEmpty && $0 != "0" } ?? false
            if nonEmpty("NO_COLOR") {
                colorful = false
            } else if forced || clicolorForced {
                colorful = true
            } else if value("CLICOLOR") == "0" || term == "dumb" {
                colorful = false
            } else {
                colorful = isTTY
            }
        }
        guard colorful else {
            return TerminalCapabilities(colorDepth: .none, hyperlinks: false, unicode: unicode)
        }
        let colorterm = (value("COLORTERM") ?? "").lowercased()
        var depth: ColorDepth = .ansi16
        if colorterm == "truecolor" || colorterm == "24bit" {
            depth = .trueColor
        } else if term.hasSuffix("-256color") || term.hasSuffix("256color") {
            depth = .ansi256
        }
        if let level = value("FORCE_COLOR"), colorChoice == .auto {
            switch level {
            case "2": depth = max(depth, .ansi256)
            case "3": depth = .trueColor
            default: break
            }
        }
        // Hyperlinks are shown only by terminals that understand OSC 8; others print the URL.
        let program = value("TERM_PROGRAM") ?? ""
        // `TELETYPE_HYPERLINKS=1` or `0` decides outright, also into a pipe.
        let knownTerminal =
            ["iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "tabby", "rio"].contains(program)
            || nonEmpty("VTE_VERSION") || nonEmpty("KITTY_WINDOW_ID") || nonEmpty("WT_SESSION")
            || nonEmpty("KONSOLE_VERSION") || term == "xterm-kitty" || term == "foot" || term.hasPrefix("alacritty")
        let hyperlinks: Bool
        switch value("TELETYPE_HYPERLINKS") {
        case "1": hyperlinks = true
        case "0": hyperlinks = false
        default: hyperlinks = isTTY && knownTerminal
        }
        return TerminalCapabilities(colorDepth: depth, hyperlinks: hyperlinks, unicode: unicode)
    }

    /// Whether a locale name (`en_US.UTF-8`, `C.utf8`) names the UTF-8 encoding, in any case.
    static func namesUTF8(_ locale: String) -> Bool {
        // Compared on bytes: a generic substring search costs a command's start more than its worth.
        let bytes = Array(locale.utf8).map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        for start in bytes.indices where bytes[start] == 0x55 {
            let rest = bytes[start...]
            if rest.starts(with: "UTF-8".utf8) || rest.starts(with: "UTF8".utf8) { return true }
        }
        return false
    }
}
