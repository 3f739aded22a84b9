import Teletype
import TeletypeLayout
import Testing

/// Tool calls whose arguments hold code (a command, a script, a patch, a file's text) show that
/// code as code, in the language the tool, the argument or the file's name says.
@Suite struct CodeArgumentTests {
    @Test func aCommandIsShownAsBash() {
        let call = AIToolCallPart(
            id: "t", name: "bash_code_execution", arguments: ["command": "ls -la\ncat notes.txt", "timeout": 10])
        var state = ConversationViewState()
        state.expandToolCalls = true
        let view = ConversationViews.toolCall(call, state: state, appearance: .dark)
        #expect(view.details.first { $0.isCode }?.text == "ls -la\ncat notes.txt")
        #expect(view.details.first { $0.isCode }?.language == "bash")
        #expect(view.details.first { !$0.isCode }?.text.contains("timeout") == true)
    }

    @Test func aFilesTextTakesTheLanguageOfItsName() {
        let call = AIToolCallPart(
            id: "t", name: "text_editor_code_execution",
            arguments: ["command": "create", "path": "/tmp/fib.py", "file_text": "def f(n):\n    return n\n"])
        var state = ConversationViewState()
        state.expandToolCalls = true
        let code = ConversationViews.toolCall(call, state: state, appearance: .dark).details.first { $0.isCode }
        #expect(code?.label == "file_text" && code?.language == "python")
    }

    @Test func aFreeFormInputIsCode() {
        let call = AIToolCallPart(id: "t", name: "apply_patch", arguments: "*** Begin Patch\n*** End Patch")
        var state = ConversationViewState()
        state.expandToolCalls = true
        let code = ConversationViews.toolCall(call, state: state, appearance: .dark).details.first { $0.isCode }
        #expect(code?.language == "diff")
    }

    @Test func oneLineArgumentsStayJSON() {
        let call = AIToolCallPart(id: "t", name: "bash", arguments: ["command": "ls"])
        var state = ConversationViewState()
        state.expandToolCalls = true
        #expect(!ConversationViews.toolCall(call, state: state, appearance: .dark).details.contains { $0.isCode })
    }
}
