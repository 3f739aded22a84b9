import Teletype

/// A file edit: Claude Code's `Edit`, `MultiEdit` and `Write`, Anthropic's text editor tool, Codex's
/// `apply_patch`, Gemini CLI's `replace` and `write_file`. Shown as a diff of each file it changed,
/// its code highlighted by the file's language.
enum FileEditTool {
    static let names: Set<String> = [
        "edit", "multiedit", "write", "apply_patch", "replace", "write_file", "edit_file", "create_file",
        "str_replace_based_edit_tool", "str_replace_editor", "notebookedit",
    ]

    /// Lines of context kept around each change.
    static let context = 2

    static func describe(_ name: String, _ arguments: JSONValue, call: AIToolCallPart) -> AgentTool.Description? {
        if name == "apply_patch" {
            let patch =
                arguments.string ?? AgentTool.string(arguments, "input", "patch", "patchText", "patch_text") ?? ""
            let changes = PatchText.changes(patch)
            guard !changes.isEmpty else { return nil }
            let title = changes.count == 1 ? "Patch " + changes[0].path : "Patch \(changes.count) files"
            return AgentTool.Description(title: title, note: nil, body: .fileEdit(changes))
        }
        guard
            let path = AgentTool.string(
                arguments, "file_path", "path", "filePath", "absolute_path", "notebook_path", "target_file")
        else { return nil }
        let language = CodeArgument.language(path: path)
        var lines: [DiffLine] = []
        var isNew = false
        var verb = "Edit"
        let command = arguments["command"]?.string
        if let edits = arguments["edits"]?.array {
            for (index, edit) in edits.enumerated() {
                if index > 0 { lines.append(DiffLine(.hunk, "")) }
                lines += LineDiff.lines(
                    from: edit["old_string"]?.string ?? "", to: edit["new_string"]?.string ?? "", context: context)
            }
        } else if let old = AgentTool.string(arguments, "old_string", "old_str", "oldString"),
            let new = arguments["new_string"]?.string ?? arguments["new_str"]?.string ?? arguments["newString"]?.string
        {
            lines = LineDiff.lines(from: old, to: new, context: context)
        } else if let content = arguments["content"]?.string ?? arguments["file_text"]?.string
            ?? arguments["new_source"]?.string
        {
            isNew = command == nil || command == "create"
            verb = "Write"
            lines = content.split(separator: "\n", omittingEmptySubsequences: false).map {
                DiffLine(.added, String($0))
            }
            if lines.last?.text.isEmpty == true { lines.removeLast() }
        } else if let sketch = arguments["code"]?.string ?? arguments["code_edit"]?.string {
            // An edit written as the new code with `// ...existing code...` for what it keeps
            // (Copilot's insert_edit_into_file, Cursor's edit_file).
            lines = sketch.split(separator: "\n", omittingEmptySubsequences: false).map { DiffLine(.added, String($0)) }
            if lines.last?.text.isEmpty == true { lines.removeLast() }
        } else if command == "insert", let text = arguments["new_str"]?.string {
            verb = "Insert into"
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { DiffLine(.added, String($0)) }
        } else {
            return nil
        }
        if name == "write" || name == "write_file" || name == "create_file" { verb = "Write" }
        let change = FileChange(path: path, language: language, lines: lines, isNewFile: isNew)
        let added = lines.count { $0.kind == .added }
        let removed = lines.count { $0.kind == .removed }
        let note = isNew ? AgentTool.counted(added, "line", "lines") : "+\(added) −\(removed)"
        return AgentTool.Description(title: verb + " " + path, note: note, body: .fileEdit([change]))
    }
}

/// The lines that changed from one text to another, as a diff with `context` lines around each
/// change: the longest common subsequence of their lines (texts of edits are small; past a few
/// thousand lines the whole is shown as replaced).
enum LineDiff {
    static func lines(from old: String, to new: String, context: Int) -> [DiffLine] {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var script: [DiffLine] = []
        if a.count * b.count > 1_000_000 {
            script = a.map { DiffLine(.removed, $0) } + b.map { DiffLine(.added, $0) }
        } else {
            // lengths[i][j]: the common subsequence of a[i...] and b[j...].
            var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < a.count || j < b.count {
                if i < a.count, j < b.count, a[i] == b[j] {
                    script.append(DiffLine(.context, a[i]))
                    i += 1
                    j += 1
                } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                    // What goes comes before what replaces it.
                    script.append(DiffLine(.removed, a[i]))
                    i += 1
                } else {
                    script.append(DiffLine(.added, b[j]))
                    j += 1
                }
            }
        }
        // Context lines far from any change are left out, a gap marking where.
        let changed = script.indices.filter { script[$0].kind != .context }
        guard !changed.isEmpty else { return [] }
        var kept: [DiffLine] = []
        var last = -1
        for index in script.indices {
            let near = changed.contains { abs($0 - index) <= context }
            guard near else { continue }
            if last >= 0, index > last + 1 { kept.append(DiffLine(.hunk, "")) }
            kept.append(script[index])
            last = index
        }
        return kept
    }
}

/// Codex's patch format (`*** Begin Patch`, `*** Update File: path`, `@@`, `+`, `-`, ` ` lines,
/// `*** Add File:`, `*** Delete File:`, `*** End Patch`), and unified diffs (`--- a/…`, `+++ b/…`).
enum PatchText {
    static func changes(_ text: String) -> [FileChange] {
        var changes: [FileChange] = []
        var current: FileChange?
        func finish() {
            if let current { changes.append(current) }
            current = nil
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            for (marker, isNew) in [
                ("*** Update File: ", false), ("*** Add File: ", true), ("*** Delete File: ", false),
            ]
            where line.hasPrefix(marker) {
                finish()
                let path = String(line.dropFirst(marker.count))
                current = FileChange(
                    path: path, language: CodeArgument.language(path: path), lines: [], isNewFile: isNew)
            }
            if line.hasPrefix("*** ") { continue }
            if line.hasPrefix("+++ ") {
                finish()
                var path = String(line.dropFirst(4))
                if path.hasPrefix("b/") { path.removeFirst(2) }
                current = FileChange(path: path, language: CodeArgument.language(path: path), lines: [])
                continue
            }
            if line.hasPrefix("--- ") || line.hasPrefix("diff --git") || line.hasPrefix("index ") { continue }
            guard current != nil else { continue }
            if line.hasPrefix("@@") {
                current?.lines.append(DiffLine(.hunk, line))
            } else if line.hasPrefix("+") {
                current?.lines.append(DiffLine(.added, String(line.dropFirst())))
            } else if line.hasPrefix("-") {
                current?.lines.append(DiffLine(.removed, String(line.dropFirst())))
            } else if line.hasPrefix(" ") {
                current?.lines.append(DiffLine(.context, String(line.dropFirst())))
            }
        }
        finish()
        return changes
    }
}
