import Teletype
import TeletypeANSI
import TeletypeSnapshotTesting
import Testing

/// A pasted screenshot as each kind of terminal gets it, its escape sequences written visibly: the
/// card, the rows the image takes, and on the last of them the image drawn from the first — kitty's
/// graphics command, iTerm2's inline image, sixel.
@Suite struct TerminalImageSnapshotTests {
    /// A real PNG of one red pixel.
    static let redPixel =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="

    static var messages: [any AIMessage] {
        var prompt = Message(id: "u", role: .user, text: "What does this show?")
        prompt.attachments = [.image("data:image/png;base64," + redPixel, name: "screenshot.png")]
        return [prompt, Message(id: "a", role: .assistant, text: "A **red** dot.")]
    }

    @Test(arguments: TerminalImageProtocol.allCases)
    func aScreenshotInATerminalThatDrawsImages(_ kind: TerminalImageProtocol) {
        var capabilities = TerminalCapabilities.full
        capabilities.images = kind
        assertSnapshot(of: Self.messages, as: .ansi(width: 60, capabilities: capabilities), named: kind.rawValue)
    }
}
