import TeletypeANSI
import Testing

/// The composer's editing keys, history, sending rule and layout.
@Suite struct ComposerEditorTests {
    static func typed(_ text: String) -> ComposerEditor {
        var editor = ComposerEditor()
        for character in text { _ = editor.handle(.character(character)) }
        return editor
    }

    @Test func enterSendsAndATrailingBackslashMakesANewLine() {
        var editor = Self.typed("first\\")
        #expect(editor.handle(.enter) == .edited)
        #expect(editor.text == "first\n")
        _ = editor.handle(.character("x"))
        #expect(editor.handle(.enter) == .send("first\nx"))
        #expect(editor.text == "first\nx", "the text stays until the caller clears it")
        #expect(ComposerEditor(text: "  \n").isBlank)
        var blank = ComposerEditor(text: " ")
        #expect(blank.handle(.enter) == .unhandled(.enter))
        var alt = Self.typed("a")
        #expect(alt.handle(.newline) == .edited && alt.text == "a\n")
    }

    @Test func lineEditingKeys() {
        var editor = Self.typed("hello brave world")
        _ = editor.handle(.wordLeft)
        _ = editor.handle(.control("w"))
        #expect(editor.text == "hello world" && editor.cursor == 6)
        _ = editor.handle(.control("k"))
        #expect(editor.text == "hello ")
        _ = editor.handle(.home)
        _ = editor.handle(.delete)
        #expect(editor.text == "ello ")
        _ = editor.handle(.end)
        _ = editor.handle(.backspace)
        _ = editor.handle(.paste("one\ntwo"))
        #expect(editor.text == "elloone\ntwo")
        _ = editor.handle(.control("u"))
        #expect(editor.text == "elloone\n" && editor.cursor == 8)
        _ = editor.handle(.control("a"))
        _ = editor.handle(.up)
        #expect(editor.cursor == 0)
        _ = editor.handle(.wordRight)
        #expect(editor.cursor == 7)
        #expect(editor.handle(.escape) == .unhandled(.escape))
    }

    @Test func upAndDownMoveBetweenLinesThenLeaveTheEdgesToTheCaller() {
        var editor = ComposerEditor(text: "abc\nde\nfghij")
        _ = editor.handle(.up)
        #expect(editor.cursor == 6, "column 5 clamps to the shorter line's end")
        _ = editor.handle(.up)
        #expect(editor.cursor == 2)
        #expect(editor.handle(.up) == .unhandled(.up))
        _ = editor.handle(.down)
        _ = editor.handle(.down)
        #expect(editor.handle(.down) == .unhandled(.down))
    }

    @Test func historyBrowsesSentMessagesAndKeepsTheDraft() {
        var editor = ComposerEditor()
        editor.clear(remembering: "one")
        editor.clear(remembering: "two")
        _ = editor.handle(.character("d"))
        _ = editor.handle(.control("p"))
        #expect(editor.text == "two")
        _ = editor.handle(.up)
        #expect(editor.text == "one")
        _ = editor.handle(.control("p"))
        #expect(editor.text == "one")
        _ = editor.handle(.down)
        _ = editor.handle(.down)
        #expect(editor.text == "d")
        #expect(editor.history == ["one", "two"])
    }

    @Test func layoutWrapsGrowsThenScrollsToTheCursor() {
        let editor = ComposerEditor(text: "abcdefghij\nk漢字")
        let layout = ComposerLayout(editor, width: 6, maximumRows: 10, prompt: "> ")
        #expect(layout.rows == ["> abcd", "  efgh", "  ij", "  k漢", "  字"])
        #expect(layout.cursorRow == 4 && layout.cursorColumn == 4)
        let window = ComposerLayout(editor, width: 6, maximumRows: 2, prompt: "> ")
        #expect(window.rows == ["  k漢", "  字"] && window.isScrolled && window.cursorRow == 1)
        let empty = ComposerLayout(
            ComposerEditor(), width: 20, maximumRows: 3, prompt: "> ", placeholder: "Ask anything")
        #expect(empty.rows == ["> Ask anything"] && empty.cursorColumn == 2)
        let control = ComposerLayout(ComposerEditor(text: "a\u{1B}[2J"), width: 20, maximumRows: 3, prompt: "")
        #expect(control.rows == ["a␛[2J"])
    }
}

/// The README's composer example, as written there.
@Suite struct ComposerReadmeExampleTests {
    @Test func theExampleSendsTwoLines() {
        var decoder = TerminalKeyDecoder()
        var editor = ComposerEditor()
        var sent: [String] = []
        for key in decoder.feed(Array("Hello\u{1B}\rworld\r".utf8)) {
            if case .send(let text) = editor.handle(key) {
                sent.append(text)
                editor.clear(remembering: text)
            }
        }
        #expect(sent == ["Hello\nworld"])
        #expect(editor.handle(.control("p")) == .edited && editor.text == "Hello\nworld")
        let layout = ComposerLayout(editor, width: 80, maximumRows: 8, prompt: "› ", placeholder: "Ask anything")
        #expect(layout.rows == ["› Hello", "  world"])
    }
}
