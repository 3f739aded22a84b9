import Teletype

/// How the tools coding agents use most are drawn: by what they do, not as JSON. A shell command
/// shows as the command and its output; a file edit as a diff of its file; a read, search or
/// listing as one line saying what it read or found; a plan as a checklist; a web search or fetch
/// as what it asked for; an MCP tool by its server and name; a subagent's task by what it was
/// asked. Claude Code's, Codex's and Gemini
/// CLI's names for each are known; any other tool keeps the plain card.
public enum AgentTool {
    /// What a call's card shows beyond the plain one: a title, a note for the title line, a body.
    public struct Description: Sendable, Equatable {
        /// The card's title in place of the tool's name, such as the command run or the file read.
        public var title: String?
        /// A few words after the status, such as "120 lines".
        public var note: String?
        /// What the call did, drawn by what it is: a command and its output, a diff, a checklist.
        public var body: ToolCallBody?
    }

    /// How `call` is drawn, or nil for the plain card.
    public static func describe(_ call: AIToolCallPart) -> Description? {
        // What the reader knows the tool does wins over its name.
        let name = call.kind.flatMap { canonicalNames[$0] } ?? normalized(call.name)
        let arguments = call.arguments ?? .null
        if let mcp = MCPToolName(call.name) {
            return Description(title: mcp.title, note: nil, body: nil)
        }
        if ShellTool.names.contains(name) { return ShellTool.describe(arguments, output: call.output, call: call) }
        if FileEditTool.names.contains(name) { return FileEditTool.describe(name, arguments, call: call) }
        if LookupTool.names.contains(name) { return LookupTool.describe(name, arguments, output: call.output) }
        if PlanTool.names.contains(name) { return PlanTool.describe(arguments) }
        if WebTool.names.contains(name) { return WebTool.describe(name, arguments, output: call.output) }
        if SubagentTool.names.contains(name) { return SubagentTool.describe(arguments, call: call) }
        return nil
    }

    /// The name, among those the tables here know, of each kind of tool.
    static let canonicalNames: [AIToolCallPart.Kind: String] = [
        .shell: "bash", .edit: "edit", .write: "write", .patch: "apply_patch", .read: "read", .search: "grep",
        .find: "glob", .list: "ls", .plan: "todowrite", .webSearch: "web_search", .webFetch: "web_fetch",
        .subagent: "task",
    ]

    /// A tool's name as the tables here know it: lowercased, without a `functions.` namespace.
    static func normalized(_ name: String) -> String {
        var lowered = name.lowercased()
        if lowered.hasPrefix("functions.") { lowered.removeFirst("functions.".count) }
        return lowered
    }

    /// The first string among `keys` of `arguments`.
    static func string(_ arguments: JSONValue, _ keys: String...) -> String? {
        for key in keys {
            if let value = arguments[key]?.string, !value.isEmpty { return value }
        }
        return nil
    }

    /// The text of a result: a string, or the text fields of an object, or JSON.
    static func text(of output: JSONValue?) -> String? {
        switch output {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case .array(let items)?:
            let texts = items.compactMap { $0["text"]?.string }
            return texts.isEmpty ? output?.jsonText : texts.joined(separator: "\n")
        default:
            for key in ["output", "content", "result", "stdout", "text"] {
                if let text = output?[key]?.string { return text }
            }
            return output?.jsonText
        }
    }

    /// The number of lines of a text, not counting a last empty one.
    static func lineCount(_ text: String) -> Int { TextLines.count(text) }

    /// "1 line", "12 lines".
    static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) " + (count == 1 ? singular : plural)
    }
}

/// An MCP tool's name as agents write it (`mcp__github__create_issue`): its server and tool.
struct MCPToolName {
    var server: String
    var tool: String

    init?(_ name: String) {
        guard name.hasPrefix("mcp__") else { return nil }
        let rest = name.dropFirst("mcp__".count)
        guard let split = rest.byteRange(of: "__") else { return nil }
        server = String(rest[..<split.lowerBound])
        tool = String(rest[split.upperBound...])
        guard !server.isEmpty, !tool.isEmpty else { return nil }
    }

    var title: String { server + " · " + tool.replacing("_", with: " ") }
}
