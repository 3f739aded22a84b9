import Teletype

/// A read, a search or a listing: Claude Code's `Read`, `Grep`, `Glob` and `LS`, Gemini CLI's
/// `read_file`, `search_file_content`, `glob` and `list_directory`. One line: what was read or
/// looked for, and what was found; the result shows when the card is open.
enum LookupTool {
    static let names: Set<String> = [
        "read", "read_file", "read_many_files", "notebookread", "view", "grep", "search_file_content", "glob",
        "find_files", "ls", "list_directory", "list_dir",
    ]

    static func describe(_ name: String, _ arguments: JSONValue, output: JSONValue?) -> AgentTool.Description? {
        let result = AgentTool.text(of: output)
        let lines = result.map(AgentTool.lineCount)
        switch name {
        case "read", "read_file", "notebookread", "view":
            guard
                let path = AgentTool.string(
                    arguments, "file_path", "absolute_path", "path", "notebook_path", "filePath", "target_file")
            else {
                return nil
            }
            var title = "Read " + path
            if let offset = arguments["offset"]?.integer, let limit = arguments["limit"]?.integer {
                title += " (lines \(offset)–\(offset + limit - 1))"
            } else if let first = (arguments["startLine"] ?? arguments["start_line_one_indexed"])?.integer,
                let last = (arguments["endLine"] ?? arguments["end_line_one_indexed_inclusive"])?.integer
            {
                title += " (lines \(first)–\(last))"
            }
            return AgentTool.Description(
                title: title, note: lines.map { AgentTool.counted($0, "line", "lines") }, body: nil)
        case "read_many_files":
            let paths = (arguments["paths"]?.array ?? []).compactMap(\.string)
            return AgentTool.Description(
                title: "Read " + (paths.isEmpty ? "files" : paths.joined(separator: ", ")), note: nil, body: nil)
        case "grep", "search_file_content":
            guard let pattern = AgentTool.string(arguments, "pattern", "query", "regex") else { return nil }
            var title = "Search " + pattern
            if let place = AgentTool.string(arguments, "path", "glob", "include", "dir_path") {
                title += " in " + place
            }
            let found = lines.map {
                $0 == 0 || result?.hasPrefix("No ") == true ? "nothing found" : AgentTool.counted($0, "line", "lines")
            }
            return AgentTool.Description(title: title, note: found, body: nil)
        case "glob", "find_files":
            guard let pattern = AgentTool.string(arguments, "pattern", "glob", "query", "glob_pattern") else {
                return nil
            }
            var title = "Find " + pattern
            if let place = AgentTool.string(arguments, "path", "dir_path") { title += " in " + place }
            let found = lines.map {
                $0 == 0 || result?.hasPrefix("No ") == true ? "nothing found" : AgentTool.counted($0, "file", "files")
            }
            return AgentTool.Description(title: title, note: found, body: nil)
        default:
            let path = AgentTool.string(arguments, "path", "dir_path", "directory") ?? "."
            return AgentTool.Description(
                title: "List " + path, note: lines.map { AgentTool.counted($0, "entry", "entries") }, body: nil)
        }
    }
}

/// A plan: Claude Code's `TodoWrite`, Codex's `update_plan`, Gemini CLI's `write_todos`. Shown as a
/// checklist of its steps.
enum PlanTool {
    static let names: Set<String> = ["todowrite", "update_plan", "write_todos", "todo_write"]

    static func describe(_ arguments: JSONValue) -> AgentTool.Description? {
        guard let steps = (arguments["todos"] ?? arguments["plan"] ?? arguments["steps"])?.array else { return nil }
        let items = steps.compactMap { step -> ChecklistItem? in
            guard
                let text = step["content"]?.string ?? step["step"]?.string ?? step["description"]?.string
                    ?? step["text"]?.string
            else { return nil }
            let state: ChecklistItem.State
            switch step["status"]?.string?.lowercased() {
            case "completed", "done", "complete": state = .done
            case "in_progress", "in-progress", "active", "running": state = .active
            default: state = .pending
            }
            return ChecklistItem(text, state: state)
        }
        guard !items.isEmpty else { return nil }
        let done = items.count { $0.state == .done }
        return AgentTool.Description(
            title: "Plan", note: "\(done) of \(items.count) done", body: .checklist(items))
    }
}

/// A web search or fetch: Claude Code's `WebSearch` and `WebFetch`, Gemini CLI's
/// `google_web_search` and `web_fetch`, hosted web search. Shown as the query or address, the
/// result folded.
enum WebTool {
    static let names: Set<String> = [
        "websearch", "web_search", "google_web_search", "webfetch", "web_fetch", "fetch", "web_search_preview",
    ]

    static func describe(_ name: String, _ arguments: JSONValue, output: JSONValue?) -> AgentTool.Description? {
        let isFetch = name.contains("fetch")
        let request =
            isFetch
            ? AgentTool.string(arguments, "url", "uri", "prompt")
            : AgentTool.string(arguments, "query", "q", "search_term") ?? arguments["action"]?["query"]?.string
        guard let request else { return nil }
        let title = isFetch ? "Fetch " + request : "Search the web for “" + request + "”"
        return AgentTool.Description(
            title: title, note: nil, body: .web(request: request, result: AgentTool.text(of: output)))
    }
}
