/// How a conversation looks: the Markdown theme, the styles of the conversation's own elements,
/// its icons and its texts. Presets ``dark``, ``light`` and ``plain``; change what you like.
public struct AIAppearance: Sendable {
    /// The styles of Markdown answers.
    public var theme: Theme
    /// The styles of bubbles, steps, cards and actions.
    public var styles: ConversationStyles
    /// The symbols, Unicode by default.
    public var icons: AIIcons
    /// The texts.
    public var localizationProvider: AILocalization

    /// Makes an appearance from a Markdown theme and conversation styles; Unicode icons and
    /// English texts unless given.
    public init(
        theme: Theme, styles: ConversationStyles, icons: AIIcons = .unicode,
        localizationProvider: AILocalization = AILocalization()
    ) {
        self.theme = theme
        self.styles = styles
        self.icons = icons
        self.localizationProvider = localizationProvider
    }

    /// Colours for a dark terminal or page (the default).
    public static let dark = AIAppearance(theme: .dark, styles: .dark)
    /// Colours for a light terminal or page, with AA contrast.
    public static let light = AIAppearance(theme: .light, styles: .light)
    /// No colour: bold, italic, dim and underline only.
    public static let plain = AIAppearance(theme: .plain, styles: .plain)

    /// The preset called `name` (`dark`, `light`, `plain`).
    public static func named(_ name: String) -> AIAppearance? {
        switch name {
        case "dark": .dark
        case "light": .light
        case "plain": .plain
        default: nil
        }
    }

    /// The text for a localization key.
    public func string(_ key: String) -> String { localizationProvider.string(key) }

    /// The titles of GitHub alerts in answers (`alert.note`, …), from the localization provider.
    public var alertTitles: [MarkdownAlert: String] {
        Dictionary(uniqueKeysWithValues: MarkdownAlert.allCases.map { ($0, string($0.localizationKey)) })
    }

    /// The text for a key with one argument.
    public func string(_ key: String, _ argument: String) -> String { localizationProvider.string(key, argument) }
}
