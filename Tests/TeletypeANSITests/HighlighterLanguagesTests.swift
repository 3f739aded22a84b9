import Dispatch
import TeletypeLayout
import Testing

/// Each language's grammar is made when its first fence is drawn: every name a fence may use finds
/// its language, from any thread, and keywords are told apart from plain words in each.
@Suite struct HighlighterLanguagesTests {
    /// A name of each language, its canonical name, and a line with one of its keywords.
    static let languages: [(info: String, name: String, line: String)] = [
        ("py", "python", "def f(): return 1"), ("js", "javascript", "const a = 1"),
        ("tsx", "typescript", "interface A {}"), ("jsonc", "json", "{\"a\": true}"),
        ("zsh", "shell", "if true; then x; fi"),
        ("console", "console", "$ echo hi"), ("swift", "swift", "let a = 1"), ("rs", "rust", "fn main() {}"),
        ("golang", "go", "func main() {}"), ("h", "c", "int main(void) { return 0; }"),
        ("c++", "cpp", "class A { public: int a; };"), ("cs", "csharp", "public class A {}"),
        ("java", "java", "public class A {}"), ("kt", "kotlin", "fun main() {}"), ("rb", "ruby", "def a; end"),
        ("php", "php", "function a() {}"), ("sql", "sql", "SELECT a FROM b"), ("yml", "yaml", "a: true"),
        ("toml", "toml", "a = true"), ("ini", "ini", "[a]"), ("html", "html", "<p>a</p>"), ("svg", "xml", "<a/>"),
        ("scss", "css", "a { color: red }"), ("docker", "dockerfile", "FROM debian"), ("mk", "makefile", "a: b"),
        ("patch", "diff", "+a"), ("lua", "lua", "local a = 1"), ("md", "markdown", "# A"),
    ]

    @Test func everyLanguageIsFoundByItsNamesFromEveryThread() {
        let infos = Self.languages.map(\.info)
        // Asked for at once from many threads, before any was made.
        let names = UnsafeMutableBufferPointer<String?>.allocate(capacity: infos.count * 4)
        names.initialize(repeating: nil)
        defer { names.deallocate() }
        let shared = SendableNames(pointer: names)
        DispatchQueue.concurrentPerform(iterations: infos.count * 4) { index in
            shared.pointer[index] = SyntaxHighlighter(language: infos[index % infos.count])?.languageName
        }
        for index in 0..<infos.count * 4 {
            #expect(names[index] == Self.languages[index % infos.count].name, "\(infos[index % infos.count])")
        }
        #expect(SyntaxHighlighter(language: "klingon") == nil)
        #expect(SyntaxHighlighter(language: "{.python}")?.languageName == "python")
    }

    @Test func aLanguageWithKeywordsTellsThemFromOtherWords() throws {
        let plain = ["console", "ini", "html", "xml", "css", "diff", "markdown", "yaml", "toml", "makefile", "json"]
        for (info, name, line) in Self.languages where !plain.contains(name) {
            var state = CodeLexerState()
            let tokens = try #require(SyntaxHighlighter(language: info)).tokens(of: line, state: &state)
            #expect(tokens.contains { $0.kind == .keyword || $0.kind == .declaration }, "\(info): \(tokens)")
            var fresh = CodeLexerState()
            let word = try #require(SyntaxHighlighter(language: info)).tokens(of: "zebra", state: &fresh)
            #expect(!word.contains { $0.kind == .keyword || $0.kind == .declaration }, "\(info): \(word)")
        }
    }
}

/// The threads' answers, each written at its own index.
private struct SendableNames: @unchecked Sendable {
    let pointer: UnsafeMutableBufferPointer<String?>
}
