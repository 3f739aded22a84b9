import TeletypeMarkdown

/// The languages Teletype highlights, by the names and aliases code fences use.
enum Languages {
    /// The grammar for a fence's info string (`python`, `{.python}`, `rust,ignore`, `C++`), nil
    /// when the language is not one Teletype knows (it stays plain).
    static func grammar(for info: String) -> SharedGrammar? {
        guard let canonical = canonical(fenceName(info)) else { return nil }
        return shared(canonical)
    }

    /// The language's name in a fence's info string, lower case: what follows any `{`, `.` and
    /// spaces, up to a `,`, a space or a brace.
    static func fenceName(_ info: String) -> String {
        if let name = asciiFenceName(info) { return name }
        var name = Substring(info.lowercased())
        name = name.drop { $0 == "{" || $0 == "." || $0 == " " }
        if let end = name.firstIndex(where: { $0 == "," || $0 == " " || $0 == "}" || $0 == "{" }) {
            name = name[..<end]
        }
        return String(name)
    }

    /// ``fenceName(_:)`` read by bytes where the bytes it reads, and the one after, are ASCII (a
    /// byte a character: nothing joins a delimiter); nil otherwise. Every fence of every message
    /// asks for its language, and walking the name by characters cost thousands of instructions.
    private static func asciiFenceName(_ info: String) -> String? {
        func isDelimiter(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "}")
                || byte == UInt8(ascii: "{")
        }
        var info = info
        return info.withUTF8 { bytes -> String? in
            var start = 0
            while start < bytes.count,
                bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: ".") || bytes[start] == 0x20
            {
                start += 1
            }
            var end = start
            while end < bytes.count, !isDelimiter(bytes[end]) {
                if bytes[end] >= 0x80 { return nil }
                end += 1
            }
            // The byte after a delimiter could join it into another character.
            if end + 1 < bytes.count, bytes[end + 1] >= 0x80 { return nil }
            let lowered = bytes[start..<end].map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
            return String(decoding: lowered, as: UTF8.self)
        }
    }

    /// The grammar of a canonical name, made once, when a fence of its language is first drawn:
    /// a document with no code, or code in one language, does not pay for the others' word lists.
    static func shared(_ canonical: String) -> SharedGrammar? {
        made.lock.withLock {
            if let grammar = made.grammars[canonical] { return grammar }
            let grammar = make(canonical).map(SharedGrammar.init)
            made.grammars[canonical] = grammar
            return grammar
        }
    }

    /// The grammars made so far, behind a lock (a document's pieces are highlighted on every core).
    private final class Made: @unchecked Sendable {
        let lock = ThreadLock()
        var grammars: [String: SharedGrammar?] = [:]
    }

    private static let made = Made()

    /// Each name a fence may give, sorted by its bytes, with the language's canonical name: found by
    /// a binary search. (A dictionary of them was built at the first fence of every run, 158K
    /// instructions, a twentieth of drawing a small document.)
    static let aliases: [(name: String, canonical: String)] = [
        ("atom", "xml"), ("bash", "shell"), ("bash-session", "console"), ("bazel", "python"), ("bzl", "python"),
        ("c", "c"), ("c#", "csharp"), ("c++", "cpp"), ("cc", "cpp"), ("cfg", "ini"), ("cjs", "javascript"),
        ("conf", "ini"), ("console", "console"), ("containerfile", "dockerfile"), ("cpp", "cpp"), ("cs", "csharp"),
        ("csharp", "csharp"), ("csproj", "xml"), ("css", "css"), ("cts", "typescript"), ("cu", "cpp"),
        ("cuda", "cpp"), ("cxx", "cpp"), ("desktop", "ini"), ("diff", "diff"), ("docker", "dockerfile"),
        ("dockerfile", "dockerfile"), ("dosini", "ini"), ("editorconfig", "ini"), ("fish", "shell"),
        ("gemfile", "ruby"), ("geojson", "json"), ("gfm", "markdown"), ("gitconfig", "ini"), ("go", "go"),
        ("golang", "go"), ("gyp", "python"), ("h", "c"), ("h++", "cpp"), ("hpp", "cpp"), ("htm", "html"),
        ("html", "html"), ("hxx", "cpp"), ("ini", "ini"), ("java", "java"), ("javascript", "javascript"),
        ("javascriptreact", "javascript"), ("js", "javascript"), ("json", "json"), ("json5", "json"),
        ("jsonc", "json"), ("jsonl", "json"), ("jsx", "javascript"), ("kotlin", "kotlin"), ("ksh", "shell"),
        ("kt", "kotlin"), ("kts", "kotlin"), ("less", "css"), ("lua", "lua"), ("luau", "lua"), ("mak", "makefile"),
        ("make", "makefile"), ("makefile", "makefile"), ("markdown", "markdown"), ("md", "markdown"),
        ("mdx", "markdown"), ("mjs", "javascript"), ("mk", "makefile"), ("mts", "typescript"), ("mysql", "sql"),
        ("node", "javascript"), ("objc", "cpp"), ("objective-c", "cpp"), ("objective-c++", "cpp"), ("patch", "diff"),
        ("php", "php"), ("plist", "xml"), ("plsql", "sql"), ("podfile", "ruby"), ("postgres", "sql"),
        ("postgresql", "sql"), ("properties", "ini"), ("psql", "sql"), ("pwsh-session", "console"), ("py", "python"),
        ("py3", "python"), ("pyi", "python"), ("python", "python"), ("python3", "python"), ("rake", "ruby"),
        ("rb", "ruby"), ("rs", "rust"), ("rss", "xml"), ("ruby", "ruby"), ("rust", "rust"), ("sage", "python"),
        ("sass", "css"), ("scss", "css"), ("sh", "shell"), ("sh-session", "console"), ("shell", "shell"),
        ("shell-session", "console"), ("shellscript", "shell"), ("shellsession", "console"), ("sql", "sql"),
        ("sqlite", "sql"), ("starlark", "python"), ("svelte", "html"), ("svg", "xml"), ("swift", "swift"),
        ("swifttest", "swift"), ("terminal", "console"), ("toml", "toml"), ("ts", "typescript"), ("tsql", "sql"),
        ("tsx", "typescript"), ("typescript", "typescript"), ("typescriptreact", "typescript"), ("udiff", "diff"),
        ("vue", "html"), ("webmanifest", "json"), ("xaml", "xml"), ("xhtml", "html"), ("xml", "xml"), ("xsd", "xml"),
        ("xsl", "xml"), ("yaml", "yaml"), ("yml", "yaml"), ("zsh", "shell"),
    ]

    /// The canonical name of the language a fence names, if Teletype knows it.
    static func canonical(_ name: String) -> String? {
        var low = 0
        var high = aliases.count
        while low < high {
            let middle = (low + high) / 2
            let candidate = aliases[middle].name
            if candidate == name { return aliases[middle].canonical }
            if candidate.utf8.lexicographicallyPrecedes(name.utf8) { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The space-separated words of `text`.
    static func words(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var out: [String] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x20 {
                if index > start {
                    out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                }
                start = index + 1
            }
            return out
        }
    }

    static func strings(_ rules: [LanguageGrammar.StringRule]) -> [LanguageGrammar.StringRule] { rules }

    static let doubleQuoted = LanguageGrammar.StringRule(open: [34], close: [34])
    static let singleQuoted = LanguageGrammar.StringRule(open: [39], close: [39])
    static let cComments: [(open: [UInt8], close: [UInt8])] = [([47, 42], [42, 47])]

    /// The grammar of a language by its canonical name, made as it is asked for.
    static func make(_ name: String) -> LanguageGrammar? {
        switch name {
        case "python": python()
        case "javascript": javascript()
        case "typescript": typescript()
        case "json": json()
        case "shell": shell()
        case "console": console()
        case "swift": swift()
        case "rust": rust()
        case "go": go()
        case "c": c()
        case "cpp": cpp()
        case "csharp": csharp()
        case "java": java()
        case "kotlin": kotlin()
        case "ruby": ruby()
        case "php": php()
        case "sql": sql()
        case "yaml": yaml()
        case "toml": toml()
        case "ini": ini()
        case "html": html()
        case "xml": xml()
        case "css": css()
        case "dockerfile": dockerfile()
        case "makefile": makefile()
        case "diff": diff()
        case "lua": lua()
        case "markdown": markdown()
        default: nil
        }
    }

    static let jsKeywords =
        "break case catch class const continue debugger default delete do else export extends finally for function if import in instanceof let new return super switch this throw try typeof var void while with yield async await of static get set from as true false null undefined NaN Infinity"
    static let cKeywords =
        "auto break case char const continue default do double else enum extern float for goto if inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while bool true false NULL _Bool size_t uint8_t uint16_t uint32_t uint64_t int8_t int16_t int32_t int64_t"

    private static func python() -> LanguageGrammar {
        var python = LanguageGrammar(name: "python")
        python.keywords = WordSet(
            words(
                "and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case True False None print"
            ).filter { $0 != "print" })
        python.declarers = WordSet(words("def class"))
        python.builtins = WordSet(
            words(
                "abs all any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len list locals map max memoryview min next object oct open ord pow print property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip self cls __name__ __file__ Exception ValueError TypeError KeyError IndexError RuntimeError NotImplementedError StopIteration AttributeError ImportError OSError"
            ))
        python.lineComments = [[35]]
        python.strings = [
            .init(
                open: Array("\"\"\"".utf8), close: Array("\"\"\"".utf8), multiline: true, prefixes: Array("rbuf".utf8)),
            .init(open: Array("'''".utf8), close: Array("'''".utf8), multiline: true, prefixes: Array("rbuf".utf8)),
            .init(open: [34], close: [34], prefixes: Array("rbuf".utf8), interpolation: .braces),
            .init(open: [39], close: [39], prefixes: Array("rbuf".utf8), interpolation: .braces),
        ]
        python.pathDeclarers = WordSet(words("import from"))
        python.decoratorPrefix = 64
        return python
    }

    private static func javascript() -> LanguageGrammar {
        var javascript = LanguageGrammar(name: "javascript")
        javascript.keywords = WordSet(words(jsKeywords))
        javascript.declarers = WordSet(words("function class"))
        javascript.builtins = WordSet(
            words(
                "Array Boolean Date Error Function JSON Map Math Number Object Promise Proxy Reflect RegExp Set String Symbol WeakMap WeakSet console document window globalThis process require module exports parseInt parseFloat isNaN setTimeout setInterval clearTimeout fetch"
            ))
        javascript.lineComments = [[47, 47]]
        javascript.blockComments = cComments
        javascript.strings = [
            doubleQuoted, singleQuoted, .init(open: [96], close: [96], multiline: true, interpolation: .template),
        ]
        javascript.nameBytes = [36]
        javascript.decoratorPrefix = 64
        return javascript
    }

    private static func typescript() -> LanguageGrammar {
        var typescript = javascript()
        typescript.name = "typescript"
        typescript.keywords = WordSet(
            words(
                jsKeywords
                    + " interface type enum implements namespace declare abstract readonly private protected public keyof infer is asserts any unknown never string number boolean object symbol bigint satisfies override module"
            ))
        typescript.declarers = WordSet(words("function class interface type enum namespace"))
        return typescript
    }

    private static func json() -> LanguageGrammar {
        var json = LanguageGrammar(name: "json")
        json.keywords = WordSet(words("true false null"))
        json.lineComments = [[47, 47]]
        json.blockComments = cComments
        json.strings = [doubleQuoted]
        json.special = .json
        return json
    }

    private static func shell() -> LanguageGrammar {
        var shell = LanguageGrammar(name: "shell")
        shell.keywords = WordSet(
            words(
                "if then else elif fi case esac for select while until do done in function time coproc return exit break continue"
            ))
        shell.declarers = WordSet(words("function"))
        shell.builtins = WordSet(
            words(
                "echo printf cd pwd export unset set source alias unalias read local declare readonly eval exec test shift trap wait kill true false type command builtin getopts let ulimit umask jobs bg fg hash history"
            ))
        shell.lineComments = [[35]]
        shell.strings = [
            .init(open: [34], close: [34], multiline: true, interpolation: .dollar),
            .init(open: [39], close: [39], escapes: false, multiline: true),
            .init(open: [96], close: [96], multiline: true),
        ]
        shell.variablePrefix = 36
        shell.nameBytes = [45, 46, 47]
        shell.heredocs = true
        shell.special = .shell
        return shell
    }

    private static func console() -> LanguageGrammar {
        var console = shell()
        console.name = "console"
        console.special = .console
        return console
    }

    private static func `swift`() -> LanguageGrammar {
        var swift = LanguageGrammar(name: "swift")
        swift.keywords = WordSet(
            words(
                "associatedtype class deinit enum extension fileprivate func import init inout internal let open operator private precedencegroup protocol public rethrows static struct subscript typealias var break case catch continue default defer do else fallthrough for guard if in repeat return throw switch where while as false is nil self Self super throws true try await async actor some any mutating nonmutating override final lazy weak unowned convenience required dynamic indirect optional package consuming borrowing sending nonisolated isolated macro get set willSet didSet"
            ))
        swift.declarers = WordSet(
            words("func class struct enum protocol extension actor typealias associatedtype macro"))
        swift.builtins = WordSet(
            words(
                "String Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Double Float Bool Character Array Dictionary Set Optional Result Error Never Void Any AnyObject print debugPrint fatalError precondition assert min max abs zip stride repeatElement"
            ))
        swift.lineComments = [[47, 47]]
        swift.blockComments = cComments
        swift.nestedComments = true
        swift.strings = [
            .init(open: Array("\"\"\"".utf8), close: Array("\"\"\"".utf8), multiline: true, interpolation: .swift),
            .init(open: [34], close: [34], interpolation: .swift),
        ]
        swift.pathDeclarers = WordSet(words("import"))
        swift.decoratorPrefix = 64
        swift.preprocessor = false
        return swift
    }

    private static func rust() -> LanguageGrammar {
        var rust = LanguageGrammar(name: "rust")
        rust.keywords = WordSet(
            words(
                "as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while union macro_rules i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char str"
            ))
        rust.declarers = WordSet(words("fn struct enum trait type mod union"))
        rust.pathDeclarers = WordSet(words("use"))
        rust.builtins = WordSet(
            words(
                "Option Some None Result Ok Err String Vec Box Rc Arc RefCell Cell HashMap HashSet BTreeMap println print eprintln format vec panic assert assert_eq write writeln todo unimplemented unreachable matches Default Clone Copy Debug Display Iterator From Into"
            ))
        rust.lineComments = [[47, 47]]
        rust.blockComments = cComments
        rust.nestedComments = true
        rust.strings = [.init(open: [34], close: [34], multiline: true, prefixes: [98]), singleQuoted]
        rust.rustLike = true
        return rust
    }

    private static func go() -> LanguageGrammar {
        var go = LanguageGrammar(name: "go")
        go.keywords = WordSet(
            words(
                "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var true false nil iota bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr any"
            ))
        go.declarers = WordSet(words("func type"))
        go.pathDeclarers = WordSet(words("package"))
        go.builtins = WordSet(
            words(
                "append cap clear close complex copy delete imag len make max min new panic print println real recover")
        )
        go.lineComments = [[47, 47]]
        go.blockComments = cComments
        go.strings = [doubleQuoted, .init(open: [96], close: [96], escapes: false, multiline: true), singleQuoted]
        return go
    }

    private static func c() -> LanguageGrammar {
        var c = LanguageGrammar(name: "c")
        c.keywords = WordSet(words(cKeywords))
        c.declarers = WordSet(words("struct enum union"))
        c.builtins = WordSet(
            words(
                "printf fprintf sprintf snprintf malloc calloc realloc free memcpy memset strlen strcmp strcpy puts exit"
            ))
        c.lineComments = [[47, 47]]
        c.blockComments = cComments
        c.strings = [
            .init(open: [34], close: [34], prefixes: Array("lu8".utf8)),
            .init(open: [39], close: [39], prefixes: Array("lu".utf8)),
        ]
        c.preprocessor = true
        return c
    }

    private static func cpp() -> LanguageGrammar {
        var cpp = c()
        cpp.name = "cpp"
        cpp.keywords = WordSet(
            words(
                cKeywords
                    + " alignas alignof and asm catch class concept consteval constexpr constinit const_cast co_await co_return co_yield decltype delete dynamic_cast explicit export final friend mutable namespace new noexcept not nullptr operator or override private protected public reinterpret_cast requires static_assert static_cast template this thread_local throw try typeid typename using virtual wchar_t char8_t char16_t char32_t"
            ))
        cpp.declarers = WordSet(words("class struct enum union namespace"))
        cpp.builtins = WordSet(
            words(
                "std cout cin cerr endl string vector map set unordered_map unique_ptr shared_ptr make_unique make_shared move forward size_t printf"
            ))
        return cpp
    }

    private static func csharp() -> LanguageGrammar {
        var csharp = LanguageGrammar(name: "csharp")
        csharp.keywords = WordSet(
            words(
                "abstract as base bool break byte case catch char checked class const continue decimal default delegate do double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface internal is lock long namespace new null object operator out override params private protected public readonly ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true try typeof uint ulong unchecked unsafe ushort using virtual void volatile while var async await get set value record init required yield where"
            ))
        csharp.declarers = WordSet(words("class struct interface enum record"))
        csharp.pathDeclarers = WordSet(words("namespace using"))
        csharp.builtins = WordSet(words("Console String Math List Dictionary Task Exception"))
        csharp.lineComments = [[47, 47]]
        csharp.blockComments = cComments
        csharp.strings = [.init(open: [34], close: [34], prefixes: [64, 36]), singleQuoted]
        csharp.preprocessor = true
        return csharp
    }

    private static func java() -> LanguageGrammar {
        var java = LanguageGrammar(name: "java")
        java.keywords = WordSet(
            words(
                "abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for goto if implements import instanceof int interface long native new package private protected public return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null var record sealed permits yield"
            ))
        java.declarers = WordSet(words("class interface"))
        java.pathDeclarers = WordSet(words("package import"))
        java.builtins = WordSet(
            words("String Object System Integer Long Double Boolean List Map Set ArrayList HashMap Math Exception"))
        java.lineComments = [[47, 47]]
        java.blockComments = cComments
        java.strings = [
            .init(open: Array("\"\"\"".utf8), close: Array("\"\"\"".utf8), multiline: true), doubleQuoted, singleQuoted,
        ]
        java.decoratorPrefix = 64
        return java
    }

    private static func kotlin() -> LanguageGrammar {
        var kotlin = LanguageGrammar(name: "kotlin")
        kotlin.keywords = WordSet(
            words(
                "as break class continue do else false for fun if in interface is null object package return super this throw true try typealias typeof val var when while by catch constructor finally get import init set where abstract actual annotation companion const crossinline data enum expect external final infix inline inner internal lateinit noinline open operator out override private protected public reified sealed suspend tailrec vararg"
            ))
        kotlin.declarers = WordSet(words("fun class interface object typealias"))
        kotlin.pathDeclarers = WordSet(words("package import"))
        kotlin.builtins = WordSet(
            words(
                "println print listOf mutableListOf mapOf mutableMapOf setOf arrayOf String Int Long Double Float Boolean Unit Any Nothing List Map Set lazy require check error"
            ))
        kotlin.lineComments = [[47, 47]]
        kotlin.blockComments = cComments
        kotlin.nestedComments = true
        kotlin.strings = [
            .init(
                open: Array("\"\"\"".utf8), close: Array("\"\"\"".utf8), escapes: false, multiline: true,
                interpolation: .dollar),
            .init(open: [34], close: [34], interpolation: .dollar), singleQuoted,
        ]
        kotlin.decoratorPrefix = 64
        return kotlin
    }

    private static func ruby() -> LanguageGrammar {
        var ruby = LanguageGrammar(name: "ruby")
        ruby.keywords = WordSet(
            words(
                "BEGIN END alias and begin break case class def defined? do else elsif end ensure false for if in module next nil not or redo rescue retry return self super then true undef unless until when while yield require require_relative include extend attr_accessor attr_reader attr_writer private protected public lambda proc raise"
            ))
        ruby.declarers = WordSet(words("def class module"))
        ruby.builtins = WordSet(words("puts print p pp gets Array Hash String Integer Float File Dir Time Struct"))
        ruby.lineComments = [[35]]
        ruby.strings = [
            .init(open: [34], close: [34], interpolation: .ruby), singleQuoted, .init(open: [96], close: [96]),
        ]
        ruby.variablePrefix = 64
        ruby.nameBytes = [63, 33]
        return ruby
    }

    private static func php() -> LanguageGrammar {
        var php = LanguageGrammar(name: "php")
        php.keywords = WordSet(
            words(
                "abstract and array as break callable case catch class clone const continue declare default do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile enum extends final finally fn for foreach function global goto if implements include include_once instanceof insteadof interface isset list match namespace new or print private protected public readonly require require_once return static switch throw trait try unset use var while xor yield true false null"
            ))
        php.declarers = WordSet(words("function class interface trait namespace enum"))
        php.lineComments = [[47, 47], [35]]
        php.blockComments = cComments
        php.strings = [.init(open: [34], close: [34], interpolation: .dollar), singleQuoted]
        php.variablePrefix = 36
        return php
    }

    private static func sql() -> LanguageGrammar {
        var sql = LanguageGrammar(name: "sql")
        sql.keywords = WordSet(
            words(
                "select from where and or not insert into values update set delete create table drop alter add column index view as on join left right inner outer full cross natural group by order having limit offset union all distinct case when then else end is null like in between exists primary key foreign references unique default check constraint if begin commit rollback transaction with recursive returning asc desc true false int integer bigint smallint serial text varchar char boolean date time timestamp numeric decimal real float double json jsonb uuid grant revoke trigger function procedure return returns language replace database schema cascade"
            ), ignoresCase: true)
        sql.builtins = WordSet(
            words("count sum avg min max coalesce now lower upper length substring cast round concat"),
            ignoresCase: true)
        sql.lineComments = [[45, 45]]
        sql.blockComments = cComments
        sql.strings = [
            .init(open: [39], close: [39], escapes: false),
            .init(open: [34], close: [34], escapes: false, kind: .plain),
        ]
        sql.special = .sql
        return sql
    }

    private static func yaml() -> LanguageGrammar {
        var yaml = LanguageGrammar(name: "yaml")
        yaml.special = .yaml
        return yaml
    }

    private static func toml() -> LanguageGrammar {
        var toml = LanguageGrammar(name: "toml")
        toml.keywords = WordSet(words("true false inf nan"))
        toml.lineComments = [[35]]
        toml.strings = [
            .init(open: Array("\"\"\"".utf8), close: Array("\"\"\"".utf8), multiline: true),
            .init(open: Array("'''".utf8), close: Array("'''".utf8), escapes: false, multiline: true), doubleQuoted,
            .init(open: [39], close: [39], escapes: false),
        ]
        toml.special = .ini
        return toml
    }

    private static func ini() -> LanguageGrammar {
        var ini = LanguageGrammar(name: "ini")
        ini.special = .ini
        return ini
    }

    private static func html() -> LanguageGrammar {
        var html = LanguageGrammar(name: "html")
        html.special = .markup
        return html
    }

    private static func xml() -> LanguageGrammar {
        var xml = html()
        xml.name = "xml"
        return xml
    }

    private static func css() -> LanguageGrammar {
        var css = LanguageGrammar(name: "css")
        css.special = .css
        return css
    }

    private static func dockerfile() -> LanguageGrammar {
        var dockerfile = shell()
        dockerfile.name = "dockerfile"
        dockerfile.special = .dockerfile
        return dockerfile
    }

    private static func makefile() -> LanguageGrammar {
        var makefile = shell()
        makefile.name = "makefile"
        makefile.special = .makefile
        return makefile
    }

    private static func diff() -> LanguageGrammar {
        var diff = LanguageGrammar(name: "diff")
        diff.special = .diff
        return diff
    }

    private static func lua() -> LanguageGrammar {
        var lua = LanguageGrammar(name: "lua")
        lua.keywords = WordSet(
            words(
                "and break do else elseif end false for function goto if in local nil not or repeat return then true until while"
            ))
        lua.declarers = WordSet(words("function"))
        lua.builtins = WordSet(
            words(
                "print pairs ipairs type tostring tonumber require error assert pcall select setmetatable getmetatable table string math os io next rawget rawset unpack self"
            ))
        lua.blockComments = [(Array("--[[".utf8), Array("]]".utf8))]
        lua.lineComments = [[45, 45]]
        lua.strings = [
            doubleQuoted, singleQuoted,
            .init(open: Array("[[".utf8), close: Array("]]".utf8), escapes: false, multiline: true),
        ]
        return lua
    }

    private static func markdown() -> LanguageGrammar {
        var markdown = LanguageGrammar(name: "markdown")
        markdown.special = .markdown
        return markdown
    }
}
