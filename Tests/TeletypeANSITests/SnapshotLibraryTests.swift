import Foundation
import Teletype
import TeletypeANSI
import TeletypeSnapshotTesting
import TeletypeTestSupport
import Testing
import XCTest

/// The snapshot library catches changes, says where, and keeps to its record modes; its terminal
/// emulator shows what a terminal shows.
@Suite struct SnapshotLibraryTests {
    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("teletype-snapshots-\(UUID().uuidString)")
    }

    @Test func oneChangedCharacterFailsWithADiffThatNamesTheLine() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = "# Title\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n"
        #expect(verifySnapshot(of: markdown, as: .plain(width: 40), record: .missing, snapshotDirectory: folder) == nil)
        #expect(verifySnapshot(of: markdown, as: .plain(width: 40), record: .never, snapshotDirectory: folder) == nil)
        let changed = markdown.replacingOccurrences(of: "Second", with: "Secund")
        let failure = try #require(
            verifySnapshot(of: changed, as: .plain(width: 40), record: .never, snapshotDirectory: folder))
        #expect(failure.contains("@@ -3,"), "the hunk names the line: \(failure)")
        #expect(failure.contains("-Second paragraph.") && failure.contains("+Secund paragraph."))
        let new = folder.appendingPathComponent("oneChangedCharacterFailsWithADiffThatNamesTheLine.txt.new")
        #expect(FileManager.default.fileExists(atPath: new.path), "the new rendering is kept for inspection")
        // Recording failed snapshots writes the new rendering, and still fails.
        #expect(verifySnapshot(of: changed, as: .plain(width: 40), record: .failed, snapshotDirectory: folder) != nil)
        #expect(verifySnapshot(of: changed, as: .plain(width: 40), record: .never, snapshotDirectory: folder) == nil)
    }

    @Test func aMissingReferenceFailsUnderNever() {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failure = verifySnapshot(of: "Hello", as: .plain(), record: .never, snapshotDirectory: folder)
        #expect(failure?.contains("no reference snapshot") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing is written")
        #expect(SnapshotRecordMode.fromEnvironment(["CI": "true"]) == .never)
        #expect(SnapshotRecordMode.fromEnvironment([:]) == .missing)
        #expect(SnapshotRecordMode.fromEnvironment(["CI": "true", "TELETYPE_SNAPSHOT_RECORD": "all"]) == .all)
    }

    @Test func escapesAreWrittenReadably() {
        let styled = TerminalRenderer(width: 40, capabilities: .full).render(
            markdown: "**bold** [link](https://swift.org)")
        let visible = VisibleEscapes.describe(styled)
        #expect(!visible.contains("\u{1B}"))
        #expect(visible.contains("⟪bold"))
        #expect(visible.contains("⟪link https://swift.org⟫") && visible.contains("⟪/link⟫"))
        #expect(
            VisibleEscapes.describe("\u{1B}[?2026h\u{1B}[3F\u{1B}[K")
                == "⟪begin-frame⟫⟪previous-line 3⟫⟪erase-line-end⟫")
    }

    /// Markdown streamed live into the emulator ends showing the batch render: the emulator follows
    /// the live region's cursor moves, erasing and wrapping. (Screens tall enough that no open line
    /// scrolls off: one that does stays as it was, footnote references before their definitions
    /// included.) It caught two live-region bugs: cells under a tab kept old text, and erasing after a
    /// full-width line took its last cell.
    @Test(arguments: [(30, 400), (57, 300), (100, 200)])
    func theEmulatorShowsWhatTheBatchRenderHolds(_ width: Int, _ height: Int) {
        let document = SampleDocuments.demo
        let screen = Snapshotting<String>.screen(width: width, height: height).snapshot(document)
        let batch = TerminalRenderer(width: width, capabilities: .full).render(markdown: document)
        // What a terminal shows: tabs move to the next stop of 8 columns.
        func expandingTabs(_ line: String) -> String {
            var out = ""
            var column = 0
            for character in line {
                if character == "\t" {
                    let stop = (column / 8 + 1) * 8
                    out += String(repeating: " ", count: stop - column)
                    column = stop
                } else {
                    out.append(character)
                    column += CellWidth.of(character)
                }
            }
            return out
        }
        let expected = TerminalOutput.visibleLines(batch).map {
            String(expandingTabs($0).reversed().drop { $0 == " " }.reversed())
        }
        var trimmed = expected
        while trimmed.last?.isEmpty == true { trimmed.removeLast() }
        #expect(screen == trimmed.joined(separator: "\n") + "\n")
    }

    @Test func theEmulatorWrapsWideCharactersAndScrolls() {
        var terminal = TerminalEmulator(width: 5, height: 2)
        terminal.feed("ab漢字x\r\nline\r\nlast")
        #expect(terminal.text == "ab漢\n字x\nline\nlast\n")
        terminal.feed("\u{1B}[1F\u{1B}[2Gx\u{1B}[K")
        #expect(terminal.screen == ["lx", "last"])
    }

    /// Found by fuzzing: half-overwritten wide characters, bad UTF-8 and a 1-column screen.
    @Test func theEmulatorErasesWideCharactersItHalfOverwrites() {
        var terminal = TerminalEmulator(width: 6, height: 1)
        terminal.feed("漢字!\u{1B}[2Gab")
        #expect(terminal.screen == [" ab !"])
        var narrow = TerminalEmulator(width: 1, height: 1)
        narrow.feed("漢")
        #expect(narrow.screen == [""])
        // A variation selector that would widen the last column's character past the edge: the
        // character keeps its cell (drawn clipped) and the text keeps the selector.
        narrow.feed("\r\n\u{263A}\u{FE0F}")
        #expect(narrow.screen == ["\u{263A}\u{FE0F}"])
        var edge = TerminalEmulator(width: 3, height: 2)
        edge.feed("ab\u{263A}\u{FE0F}c")
        #expect(edge.screen == ["ab\u{263A}\u{FE0F}", "c"])
        var invalid = TerminalEmulator(width: 10, height: 1)
        invalid.feed([0xF2, 0x78, 0x78, 0xC3])
        #expect(invalid.screen == ["\u{FFFD}xx"])
        invalid.feed([0xA9])
        #expect(invalid.screen == ["\u{FFFD}xxé"])
    }

    /// Found by fuzzing: erasing from the right half of a wide character (or to its left half)
    /// erases all of it, as terminals do, so that writing there leaves no half behind.
    @Test func erasingHalfAWideCharacterErasesItWhole() {
        var right = TerminalEmulator(width: 4, height: 1)
        right.feed("漢字\u{1B}[2G\u{1B}[Kx")
        #expect(right.screen == [" x"])
        var left = TerminalEmulator(width: 4, height: 1)
        left.feed("漢字\u{1B}[3G\u{1B}[1K")
        #expect(left.screen == [""])
        var below = TerminalEmulator(width: 4, height: 2)
        below.feed("ab\r\n漢字\u{1B}[1;1H\u{1B}[2B\u{1B}[4G\u{1B}[J")
        #expect(below.screen == ["ab", "漢"])
    }
}

/// The library from XCTest.
final class SnapshotLibraryXCTests: XCTestCase {
    func testAssertSnapshotWorksFromXCTest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "teletype-xctest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        assertSnapshot(of: "Hello from *XCTest*", as: .plain(width: 30), record: .missing, snapshotDirectory: folder)
        assertSnapshot(of: "Hello from *XCTest*", as: .plain(width: 30), record: .never, snapshotDirectory: folder)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: folder.appendingPathComponent("testAssertSnapshotWorksFromXCTest.txt").path))
    }
}
