import Teletype

/// Code that a tool call's arguments hold — a script, a command, a query, a patch — to be shown as
/// code rather than as one JSON string full of `\n`, with the rest of the arguments beside it.
struct CodeArgument {
    /// The argument's name, as the label of the code.
    var name: String
    /// The code.
    var text: String
    /// Its language, from the tool or the argument's name, when known.
    var language: String?
    /// The other arguments, if there are any.
    var rest: JSONValue?

    /// The names of arguments that hold code, most telling first.
    static let names = [
        "code", "script", "command", "cmd", "commands", "source", "sql", "query", "patch", "diff", "file_text",
        "content", "new_str", "old_str", "input",
    ]

    /// The code in `arguments` of a call to `tool`: a string argument named like code that spans
    /// lines (or a list of commands); nil when there is none.
    init?(_ arguments: JSONValue, tool: String) {
        if case .string(let input) = arguments, input.contains("\n") {
            // A free-form tool (a patch, a script) takes its input as one string.
            name = "input"
            text = input
            language = Self.language(argument: "input", tool: tool)
            rest = nil
            return
        }
        guard let object = arguments.object else { return nil }
        for name in Self.names {
            let text: String
            switch object[name] {
            case .string(let value)? where value.contains("\n"): text = value
            case .array(let values)? where name == "commands" && values.allSatisfy({ $0.string != nil }):
                text = values.compactMap(\.string).joined(separator: "\n")
            default: continue
            }
            self.name = name
            self.text = text
            language =
                object["language"]?.string
                ?? (["path", "file_path", "filename", "file"].lazy.compactMap { object[$0]?.string }.first).flatMap(
                    Self.language(path:)) ?? Self.language(argument: name, tool: tool)
            var others = object
            others[name] = nil
            rest = others.isEmpty ? nil : .object(others)
            return
        }
        return nil
    }

    /// The language of a file, from its extension.
    static func language(path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let known: [String: String] = [
            "py": "python", "js": "javascript", "mjs": "javascript", "ts": "typescript", "tsx": "tsx", "jsx": "jsx",
            "swift": "swift", "rs": "rust", "go": "go", "rb": "ruby", "java": "java", "kt": "kotlin", "c": "c",
            "h": "c", "cc": "cpp", "cpp": "cpp", "hpp": "cpp", "cs": "csharp", "php": "php", "sh": "bash",
            "bash": "bash", "zsh": "bash", "sql": "sql", "json": "json", "yaml": "yaml", "yml": "yaml",
            "toml": "toml", "html": "html", "css": "css", "md": "markdown", "diff": "diff", "patch": "diff",
            "xml": "xml", "lua": "lua", "r": "r", "scala": "scala", "dart": "dart", "ex": "elixir", "hs": "haskell",
        ]
        return known[path[path.index(after: dot)...].lowercased()]
    }

    /// The language code named `argument` of a tool named `tool` is likely in.
    static func language(argument: String, tool: String) -> String? {
        let tool = tool.lowercased()
        switch argument {
        case "sql": return "sql"
        case "patch", "diff": return "diff"
        case "command", "cmd", "commands": return "bash"
        default: break
        }
        for (word, language) in [
            ("python", "python"), ("code_interpreter", "python"), ("code_execution", "python"), ("bash", "bash"),
            ("shell", "bash"), ("javascript", "javascript"), ("node", "javascript"), ("typescript", "typescript"),
            ("sql", "sql"), ("ruby", "ruby"), ("swift", "swift"), ("patch", "diff"),
        ] where tool.contains(word) {
            return language
        }
        return nil
    }
}
