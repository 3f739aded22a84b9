import Foundation
import Testing

@testable import TeletypeANSI

/// Images drawn in the terminal's cells: the protocol the terminal is known by, the cells an image
/// takes (its proportions kept, within the width), and the escape sequences that carry its bytes
/// (base64 only: nothing else of the input reaches the terminal).
@Suite struct TerminalImageTests {
    @Test func theTerminalIsKnownByItsEnvironment() {
        let cases: [([String: String], TerminalImageProtocol?)] = [
            (["TERM": "xterm-kitty"], .kitty), (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"], .kitty),
            (["TERM": "xterm-ghostty"], .kitty), (["TERM_PROGRAM": "ghostty"], .kitty),
            (["KONSOLE_VERSION": "230800"], .kitty), (["TERM_PROGRAM": "iTerm.app"], .iterm2),
            (["LC_TERMINAL": "iTerm2"], .iterm2), (["TERM_PROGRAM": "WezTerm"], .iterm2),
            (["TERM_PROGRAM": "mintty"], .iterm2), (["TERM": "xterm-256color"], nil), ([:], nil),
            (["TERM_PROGRAM": "Apple_Terminal"], nil), (["TERM_PROGRAM": "vscode"], nil),
            // tmux and screen pass no image on.
            (["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"], nil), (["TERM": "screen-256color"], nil),
            (["TERM_PROGRAM": "tmux", "LC_TERMINAL": "iTerm2"], nil),
        ]
        for (environment, expected) in cases {
            #expect(TerminalImageProtocol.detect(environment: { environment[$0] }) == expected, "\(environment)")
        }
        #expect(TerminalImageProtocol.kitty.draws("PNG") && !TerminalImageProtocol.kitty.draws("JPEG"))
        #expect(["PNG", "JPEG", "GIF", "WebP"].allSatisfy(TerminalImageProtocol.iterm2.draws))
    }

    @Test func anImageTakesCellsInItsProportionsWithinTheWidth() {
        for _ in 0..<2000 {
            let width = Int.random(in: 1...5000)
            let height = Int.random(in: 1...5000)
            let maxColumns = Int.random(in: 1...200)
            let cells = TerminalImage.cells(width: width, height: height, maxColumns: maxColumns)
            #expect(cells.columns >= 1 && cells.columns <= maxColumns && cells.rows >= 1 && cells.rows <= 24)
            // A cell is twice as high as wide: rows × 2 over columns is the image's height over its
            // width, within a cell's rounding (unless the image is thinner than one cell).
            if cells.columns > 2, cells.rows > 2 {
                let shown = Double(cells.rows * 2) / Double(cells.columns)
                let actual = Double(height) / Double(width)
                #expect(abs(shown - actual) / actual < 0.5, "\(width)×\(height) in \(cells)")
            }
            // Never wider than its pixels (one cell for ten).
            #expect(cells.columns <= max(1, (width + 9) / 10))
        }
    }

    @Test func base64IsFoundations() {
        for count in [0, 1, 2, 3, 4, 5, 100, 4097] {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255) }
            #expect(TerminalImage.base64(bytes) == Data(bytes).base64EncodedString())
        }
    }

    @Test func kittyGetsTheBytesInChunksOverTheCells() throws {
        let base64 = TerminalImage.base64((0..<10_000).map { UInt8($0 % 251) })
        let image = try #require(
            TerminalImage.drawn(base64: base64, byteCount: 10_000, columns: 30, rows: 12, protocol: .kitty))
        let text = String(decoding: image.sequence, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[11A\u{1B}7\u{1B}_Ga=T,f=100,t=d,q=2,C=1,c=30,r=12,m=1;"))
        #expect(text.hasSuffix("\u{1B}\\\u{1B}8\u{1B}[11B"))
        let chunks = text.components(separatedBy: "\u{1B}_G").dropFirst()
        #expect(chunks.count == (base64.utf8.count + 4095) / 4096)
        var payload = ""
        for (index, chunk) in chunks.enumerated() {
            let body = try #require(chunk.split(separator: ";", maxSplits: 1).last)
            let data = String(body.prefix { $0 != "\u{1B}" })
            #expect(data.utf8.count <= 4096)
            #expect(chunk.contains(index == chunks.count - 1 ? "m=0;" : "m=1;"))
            payload += data
        }
        #expect(payload == base64)
    }

    @Test func iTermGetsTheBytesInOneSequence() throws {
        let image = try #require(
            TerminalImage.drawn(base64: "iVBORw0KGgo=", byteCount: 8, columns: 4, rows: 1, protocol: .iterm2))
        #expect(
            String(decoding: image.sequence, as: UTF8.self)
                == "\u{1B}7\u{1B}]1337;File=inline=1;size=8;width=4;height=1;preserveAspectRatio=1;doNotMoveCursor=1:"
                + "iVBORw0KGgo=\u{1B}\\\u{1B}8")
    }

    @Test func onlyBase64ReachesTheTerminal() {
        for hostile in ["", "abc\u{1B}]0;title\u{07}", "abc\"def", "abc def", "abc\ndef", "ab\u{9C}", "abc%41"] {
            for kind in TerminalImageProtocol.allCases {
                #expect(TerminalImage.drawn(base64: hostile, byteCount: 3, columns: 2, rows: 2, protocol: kind) == nil)
            }
        }
    }
}
