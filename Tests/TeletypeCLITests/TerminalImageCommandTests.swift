import Foundation
import TeletypeTestSupport
import Testing

/// `render --images auto|on|off`: an image a message carries is drawn in the terminal where the
/// terminal draws images (kitty's protocol, iTerm2's), under the card that says what it is, over
/// rows of its own; elsewhere, and through a pager or a pipe, the card alone.
@Suite struct TerminalImageCommandTests {
    let cli = CommandLineTests()

    /// A PNG's signature and header (what Teletype reads of it), `width`×`height`.
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func be32(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width)
            + be32(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0] + be32(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    }

    /// A JPEG's start and frame header, `width`×`height`.
    static func jpeg(width: UInt16, height: UInt16) -> [UInt8] {
        [
            0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
            UInt8(width & 0xFF), 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9,
        ]
    }

    /// A Claude Code session whose prompt pastes an image of `media` type whose base64 is `data`.
    static func session(data: String, media: String = "image/png") throws -> URL {
        let lines: [[String: Any]] = [
            [
                "type": "user", "uuid": "u1", "timestamp": "2025-10-01T09:00:00Z", "sessionId": "s1",
                "cwd": "/home/dev/app",
                "message": [
                    "role": "user",
                    "content": [
                        ["type": "image", "source": ["type": "base64", "media_type": media, "data": data]],
                        ["type": "text", "text": "What is in this screenshot?"],
                    ],
                ],
            ],
            [
                "type": "assistant", "uuid": "a1", "parentUuid": "u1", "timestamp": "2025-10-01T09:00:05Z",
                "sessionId": "s1", "cwd": "/home/dev/app",
                "message": [
                    "id": "m1", "role": "assistant", "model": "claude-x",
                    "content": [["type": "text", "text": "A chart of the build times."]],
                ],
            ],
        ]
        let text =
            try lines.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
            .joined(separator: "\n") + "\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-image-\(UUID()).jsonl")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func render(_ file: URL, _ images: String, environment: [String: String]) throws -> String {
        let result = try cli.run(
            ["render", file.path, "--images", images, "--color", "always", "--width", "80", "--no-pager"],
            environment: environment)
        #expect(result.status == 0, "\(result.error)")
        return result.output
    }

    @Test func kittyDrawsAPastedPNGOverRowsOfItsOwn() throws {
        let bytes = Self.png(width: 400, height: 200)
        let file = try Self.session(data: Data(bytes).base64EncodedString())
        defer { try? FileManager.default.removeItem(at: file) }
        let kitty = ["TERM": "xterm-kitty"]
        let drawn = try render(file, "on", environment: kitty)
        let card = try render(file, "off", environment: kitty)
        #expect(card.contains("PNG") && card.contains("400×200") && !card.contains("\u{1B}_G"))
        let start = try #require(drawn.range(of: "\u{1B}_Ga=T,f=100,t=d,q=2,C=1,c=40,r=10,m=0;"))
        let payload = drawn[start.upperBound...].prefix { $0 != "\u{1B}" }
        #expect(payload == Data(bytes).base64EncodedString())
        // The image takes ten rows, each a line: the rest is the card's drawing.
        #expect(
            drawn.split(separator: "\n", omittingEmptySubsequences: false).count
                == card.split(separator: "\n", omittingEmptySubsequences: false).count + 10)
        #expect(drawn.contains("\u{1B}[9A\u{1B}7") && drawn.contains("\u{1B}8\u{1B}[9B"))
        // iTerm2's terminals get its sequence.
        let iterm = try render(file, "on", environment: ["TERM_PROGRAM": "iTerm.app"])
        #expect(iterm.contains("\u{1B}]1337;File=inline=1;size=\(bytes.count);width=40;height=10;"))
        #expect(!iterm.contains("\u{1B}_G"))
    }

    @Test func noImageGoesWhereItCannotBeDrawn() throws {
        let file = try Self.session(data: Data(Self.png(width: 64, height: 64)).base64EncodedString())
        defer { try? FileManager.default.removeItem(at: file) }
        // Into a pipe, auto draws none, whatever the terminal's name.
        let piped = try render(file, "auto", environment: ["TERM": "xterm-kitty"])
        #expect(!piped.contains("\u{1B}_G") && !piped.contains("1337;File"))
        // Off draws none in a terminal that could.
        #expect(!(try render(file, "off", environment: ["TERM_PROGRAM": "iTerm.app"])).contains("1337;File"))
        // Plain text never.
        let plain = try cli.run(
            ["render", file.path, "--images", "on", "--format", "plain", "--no-pager"],
            environment: ["TERM": "xterm-kitty"])
        #expect(!plain.output.contains("\u{1B}"))
        let bad = try cli.run(["render", file.path, "--images", "sometimes"])
        #expect(bad.status == 2 && bad.error.contains("--images"), "\(bad.error)")
    }

    @Test func kittyDrawsNoJPEGButITermDoes() throws {
        let bytes = Self.jpeg(width: 320, height: 240)
        let file = try Self.session(data: Data(bytes).base64EncodedString(), media: "image/jpeg")
        defer { try? FileManager.default.removeItem(at: file) }
        let kitty = try render(file, "on", environment: ["TERM": "xterm-kitty"])
        #expect(kitty.contains("JPEG") && kitty.contains("320×240") && !kitty.contains("\u{1B}_G"))
        let iterm = try render(file, "on", environment: ["LC_TERMINAL": "iTerm2"])
        #expect(iterm.contains("1337;File=inline=1;size=\(bytes.count);width=32;height=12;"))
    }

    @Test func aSixelTerminalGetsThePNGsPixels() throws {
        // A real PNG of one red pixel: its pixels, not its file, go to a sixel terminal.
        let red = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
        let file = try Self.session(data: red)
        defer { try? FileManager.default.removeItem(at: file) }
        let foot = try render(file, "on", environment: ["TERM": "foot"])
        #expect(foot.contains("\u{1B}P0;1;0q\"1;1;10;10"), "one pixel as wide as a cell, square")
        #expect(foot.contains("#180;2;100;0;0"), "red in the cube")
        #expect(!foot.contains(red))
    }

    @Test func anImageCannotCarryEscapesToTheTerminal() throws {
        let header = Data(Self.png(width: 50, height: 50)).base64EncodedString()
        for hostile in [header + "\u{1B}]0;pwned\u{07}", header + "\u{1B}\\\u{1B}[2J", header + "\"; rm -rf"] {
            let file = try Self.session(data: hostile)
            defer { try? FileManager.default.removeItem(at: file) }
            for environment in [["TERM": "xterm-kitty"], ["TERM_PROGRAM": "iTerm.app"], ["TERM": "foot"]] {
                let result = try cli.run(
                    ["render", file.path, "--images", "on", "--color", "always", "--no-pager"],
                    environment: environment)
                #expect(!result.output.contains("pwned") && !result.output.contains("\u{1B}[2J"))
                #expect(!result.output.contains("\u{1B}_G") && !result.output.contains("1337;File"))
                #expect(!result.output.contains("\u{1B}P"))
            }
        }
    }
}
