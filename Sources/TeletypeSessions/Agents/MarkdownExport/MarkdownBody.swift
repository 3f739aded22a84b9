import Teletype
import TeletypeTranscripts

/// The body of an exported turn: a person's words, or a reply's words, thinking and tools, each
/// layout's markup for them read into parts.
enum MarkdownBody {
    static let tools = ToolTable([
        "bash": .shell, "shell": .shell, "exec_command": .shell, "shell_command": .shell, "run_terminal_cmd": .shell,
        "read": .read, "read_file": .read, "write": .write, "edit": .edit, "multiedit": .edit,
        "search_replace": .edit, "edit_file": .edit, "apply_patch": .patch, "grep": .search, "glob": .find,
        "codebase_search": .search, "list_dir": .list, "todowrite": .plan, "task": .subagent, "webfetch": .webFetch,
        "web_fetch": .webFetch, "websearch": .webSearch, "web_search": .webSearch,
    ])

    /// A person's words: SpecStory's raw slash-command tags turned back into the command.
    static func userText(_ body: String) -> String {
        var text = trimmedBody(body)
        if let name = between("<command-name>", "</command-name>", in: text) {
            let arguments = between("<command-args>", "</command-args>", in: text) ?? ""
            text = (name + (arguments.isEmpty ? "" : " " + arguments)).trimmingSpaces()
        }
        return text
    }

    /// A turn's text without the rules and blank lines around it.
    static func trimmedBody(_ body: String) -> String {
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        while let last = lines.last, last.trimmingSpaces().isEmpty || last.trimmingSpaces() == "---" {
            lines.removeLast()
        }
        while let first = lines.first, first.trimmingSpaces().isEmpty { lines.removeFirst() }
        return lines.joined(separator: "\n")
    }

    static func between(_ open: String, _ close: String, in text: String) -> String? {
        guard let start = text.byteRange(of: open), let end = text[start.upperBound...].byteRange(of: close) else {
            return nil
        }
        return String(text[start.upperBound..<end.lowerBound]).trimmingSpaces()
    }

    /// Adds a reply's pieces, in order.
    static func addReply(
        _ body: String, layout: MarkdownExport.Layout, id: String, to builder: inout ConversationBuilder
    ) {
        let text = trimmedBody(body)
        switch layout {
        case .specStory: addSpecStory(text, id: id, to: &builder)
        case .openCode: addOpenCode(text, id: id, to: &builder)
        case .antigravity: addStepLines(text, id: id, to: &builder)
        case .cursor: builder.addText(text, id: id)
        }
    }

    // MARK: SpecStory

    /// `<think>…</think>`, `<tool-use …>…</tool-use>` (v2) and `<details><summary>…</summary>…</details>`
    /// (classic) among the text.
    static func addSpecStory(_ text: String, id: String, to builder: inout ConversationBuilder) {
        var rest = Substring(text)
        var number = 0
        while !rest.isEmpty {
            let marks = ["<think>", "<tool-use", "<details"].compactMap { mark in
                rest.byteRange(of: mark).map { (mark, $0) }
            }
            guard let next = marks.min(by: { $0.1.lowerBound < $1.1.lowerBound }) else {
                builder.addText(String(rest).trimmingSpaces(), id: id)
                break
            }
            builder.addText(String(rest[..<next.1.lowerBound]).trimmingSpaces(), id: id)
            let close = next.0 == "<think>" ? "</think>" : next.0 == "<tool-use" ? "</tool-use>" : "</details>"
            let after = rest[next.1.lowerBound...]
            let end = after.byteRange(of: close)
            let block = end.map { after[..<$0.upperBound] } ?? after
            rest = end.map { after[$0.upperBound...] } ?? ""
            number += 1
            let blockID = "\(id)-\(number)"
            switch next.0 {
            case "<think>":
                var thought = String(block.dropFirst("<think>".count).dropLast(close.count))
                thought = strippingDetails(thought)
                builder.addReasoning(AIReasoningPart(id: blockID, preview: thought), text: thought, id: id)
            case "<tool-use":
                builder.addCall(toolUse(String(block), id: blockID), id: id)
            default:
                builder.addCall(classicDetails(String(block), id: blockID), id: id)
            }
        }
    }

    /// The inside of `<details><summary>…</summary> … </details>` without the marks.
    static func strippingDetails(_ text: String) -> String {
        var inner = text
        if let summaryEnd = inner.byteRange(of: "</summary>") { inner = String(inner[summaryEnd.upperBound...]) }
        if let detailsEnd = inner.lastByteRange(of: "</details>") { inner = String(inner[..<detailsEnd.lowerBound]) }
        return inner.trimmingSpaces()
    }

    /// A v2 `<tool-use data-tool-type="…" data-tool-name="…">` block as a call: its arguments from
    /// the line after the summary (`path `x` pattern `y``, or the command), its output from its
    /// fences.
    static func toolUse(_ block: String, id: String) -> AIToolCallPart {
        let type = attribute("data-tool-type", in: block) ?? "generic"
        let name = attribute("data-tool-name", in: block) ?? type
        let summary = between("<summary>", "</summary>", in: block) ?? ""
        let description = summary.split(separator: " • ").map(String.init).dropFirst().joined(separator: " • ")
        let body = strippingDetails(block)
        var arguments = JSONObject()
        var fences: [(info: String, text: String)] = []
        var proseLines: [String] = []
        var fence: (info: String, lines: [String])?
        for line in body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingSpaces()
            if var open = fence {
                if trimmed.hasPrefix("```") && trimmed.allSatisfy({ $0 == "`" }) {
                    fences.append((open.info, open.lines.joined(separator: "\n")))
                    fence = nil
                } else {
                    open.lines.append(line)
                    fence = open
                }
            } else if trimmed.hasPrefix("```") {
                fence = (String(trimmed.dropFirst(3)), [])
            } else if !trimmed.isEmpty {
                proseLines.append(trimmed)
            }
        }
        // `key `value`` pairs, or a lone `value`: the tool's main argument.
        for line in proseLines {
            let pairs = codePairs(line)
            if pairs.isEmpty { continue }
            for (key, value) in pairs {
                if let key {
                    arguments[key] = .string(unescaped(value))
                } else if arguments[mainArgument(type)] == nil {
                    arguments[mainArgument(type)] = .string(unescaped(value))
                }
            }
        }
        // The summary's own words: `Read file: x`, `Edit file: x`, or what the call was for.
        if let colon = description.byteRange(of: "file: "), arguments["file_path"] == nil,
            type == "read" || type == "write"
        {
            arguments["file_path"] = .string(String(description[colon.upperBound...]).trimmingSpaces())
        }
        if arguments.isEmpty, !description.isEmpty { arguments["description"] = .string(description) }
        var call = tools.call(id: id, name: name, arguments: .object(arguments), status: .completed)
        if call.kind == nil {
            call.kind = ["shell": .shell, "read": .read, "write": .edit, "search": .search, "task": .subagent][type]
        }
        let output = fences.map { unescaped($0.text) }.joined(separator: "\n")
        if !output.isEmpty {
            if fences.contains(where: { $0.info == "diff" }), call.kind == .edit || call.kind == .write {
                call.output = .string(output)
            } else {
                ToolResult.apply(.string(output), to: &call)
            }
            if output.hasPrefix("<tool_use_error>")
                || output.hasPrefix("Exit code ") && !output.hasPrefix("Exit code 0")
            {
                call.status = .failed
                call.errorText = output.replacing("<tool_use_error>", with: "")
                    .replacing("</tool_use_error>", with: "")
            }
        }
        return call
    }

    /// The argument a lone `value` stands for, by the tool's type.
    static func mainArgument(_ type: String) -> String {
        switch type {
        case "shell": "command"
        case "read", "write": "file_path"
        case "search": "pattern"
        default: "description"
        }
    }

    /// The `code` spans of a line, each with the word before it when that word is a key
    /// (`path `./` pattern `x``).
    static func codePairs(_ line: String) -> [(key: String?, value: String)] {
        var pairs: [(String?, String)] = []
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "`") {
            let before = rest[..<open].trimmingSpaces()
            let afterOpen = rest[rest.index(after: open)...]
            guard let close = afterOpen.firstIndex(of: "`") else { break }
            let key = before.split(separator: " ").last.map(String.init).flatMap { word in
                word.allSatisfy { $0.isLetter || $0 == "_" } ? word : nil
            }
            pairs.append((key, String(afterOpen[..<close])))
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        return pairs
    }

    /// SpecStory's HTML escapes of backticks and angle brackets, read back.
    static func unescaped(_ text: String) -> String {
        text.replacing("&#96;", with: "`").replacing("&lt;", with: "<")
            .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }

    static func attribute(_ name: String, in block: String) -> String? {
        between(name + "=\"", "\"", in: block)
    }

    /// A classic `<details>` block: its summary (`Searched codebase "x" • **3** results`) says what
    /// the tool did; its body is what it found.
    static func classicDetails(_ block: String, id: String) -> AIToolCallPart {
        let summary = unescaped(between("<summary>", "</summary>", in: block) ?? "Tool")
        let what = summary.split(separator: " • ").map(String.init).first ?? summary
        let kinds: [(String, AIToolCallPart.Kind, String)] = [
            ("Searched codebase", .search, "query"), ("Grep search for", .search, "pattern"),
            ("Listed directory", .list, "path"), ("Listed current directory", .list, "path"),
            ("Read file", .read, "file_path"), ("Searched files", .find, "pattern"),
            ("Searched web", .webSearch, "query"),
        ]
        var call = AIToolCallPart(
            id: id, name: what, status: .completed, executor: .client, arguments: ["description": .string(summary)])
        if let match = kinds.first(where: { what.hasPrefix($0.0) }) {
            call.kind = match.1
            var subject = what.dropFirst(match.0.count).trimmingSpaces()
            if subject.hasPrefix("\""), subject.hasSuffix("\""), subject.count >= 2 {
                subject = String(subject.dropFirst().dropLast())
            }
            call.arguments = [match.2: .string(subject.isEmpty ? "." : subject)]
        }
        let body = strippingDetails(block)
        if !body.isEmpty { call.output = .string(body) }
        return call
    }

    // MARK: OpenCode

    /// `_Thinking:_` paragraphs, tool blocks (```` ``` Tool: x ```` or `**Tool: x**`, with
    /// `**Input:**` and `**Output:**` fences), and text.
    static func addOpenCode(_ text: String, id: String, to builder: inout ConversationBuilder) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        var prose: [String] = []
        var thinking: [String]?
        var number = 0
        func flush() {
            if let thought = thinking {
                let joined = thought.joined(separator: "\n").trimmingSpaces()
                if !joined.isEmpty {
                    number += 1
                    builder.addReasoning(
                        AIReasoningPart(id: "\(id)-thinking-\(number)", preview: joined), text: joined, id: id)
                }
                thinking = nil
            }
            let joined = prose.joined(separator: "\n").trimmingSpaces()
            if !joined.isEmpty { builder.addText(joined, id: id) }
            prose = []
        }
        while index < lines.count {
            let line = lines[index].trimmingSpaces()
            let toolName: String?
            var blockFenced = false
            if line == "```", index + 1 < lines.count, lines[index + 1].hasPrefix("Tool: ") {
                toolName = String(lines[index + 1].dropFirst("Tool: ".count)).trimmingSpaces()
                blockFenced = true
                index += 2
            } else if line.hasPrefix("**Tool: "), line.hasSuffix("**") {
                toolName = String(line.dropFirst("**Tool: ".count).dropLast(2))
                index += 1
            } else {
                toolName = nil
            }
            if let toolName {
                flush()
                number += 1
                var input: String?
                var output: String?
                // Its Input and Output fences, up to the next tool, the block's closing fence or a
                // line of prose after them.
                while index < lines.count {
                    let label = lines[index].trimmingSpaces()
                    if label == "**Input:**" || label == "**Output:**" {
                        index += 1
                        while index < lines.count, lines[index].trimmingSpaces().isEmpty { index += 1 }
                        guard index < lines.count, lines[index].trimmingSpaces().hasPrefix("```") else { continue }
                        let fence = lines[index].trimmingSpaces().prefix { $0 == "`" }
                        var content: [String] = []
                        index += 1
                        // In a fenced block, the output may hold fences of its own: it ends where
                        // its fence and the block's close one after the other.
                        var end = index
                        while end < lines.count, lines[end].trimmingSpaces() != fence { end += 1 }
                        if blockFenced, label == "**Output:**" {
                            var search = index
                            while search + 1 < lines.count {
                                if lines[search].trimmingSpaces() == fence, lines[search + 1].trimmingSpaces() == "```"
                                {
                                    end = search
                                    break
                                }
                                search += 1
                            }
                        }
                        content = Array(lines[index..<min(end, lines.count)])
                        index = end + 1
                        if label == "**Input:**" {
                            input = content.joined(separator: "\n")
                        } else {
                            output = content.joined(separator: "\n")
                        }
                    } else if label.isEmpty {
                        index += 1
                    } else if blockFenced, label.hasPrefix("```"), label.allSatisfy({ $0 == "`" }) {
                        index += 1
                        break
                    } else {
                        break
                    }
                }
                let arguments = input.flatMap { try? JSONParser.parse($0) }
                var call = tools.call(
                    id: "\(id)-tool-\(number)", name: toolName, arguments: arguments, status: .completed)
                if let output { ToolResult.apply(.string(output), to: &call) }
                builder.addCall(call, id: id)
                continue
            }
            if line == "_Thinking:_" {
                flush()
                thinking = []
            } else if thinking != nil {
                thinking?.append(lines[index])
            } else {
                prose.append(lines[index])
            }
            index += 1
        }
        flush()
    }

    // MARK: Windsurf and Antigravity

    /// The steps an IDE's export writes as italic lines (`*Viewed [a.swift](file:///…)*`,
    /// `*Edited relevant file*`, `*User accepted the command `ls`*`) as calls; the rest as text.
    static func addStepLines(_ text: String, id: String, to builder: inout ConversationBuilder) {
        var prose: [String] = []
        var number = 0
        var inFence = false
        func flush() {
            let joined = prose.joined(separator: "\n").trimmingSpaces()
            if !joined.isEmpty { builder.addText(joined, id: id) }
            prose = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingSpaces()
            if trimmed.hasPrefix("```") { inFence.toggle() }
            guard !inFence, trimmed.count > 2, trimmed.hasPrefix("*"), trimmed.hasSuffix("*"), !trimmed.hasPrefix("**"),
                trimmed.dropFirst().first?.isUppercase == true
            else {
                prose.append(line)
                continue
            }
            flush()
            number += 1
            builder.addCall(stepCall(String(trimmed.dropFirst().dropLast()), id: "\(id)-step-\(number)"), id: id)
        }
        flush()
    }

    static func stepCall(_ step: String, id: String) -> AIToolCallPart {
        let link = between("[", "]", in: step)
        let code = between("`", "`", in: step)
        let patterns: [(String, String, String, String?)] = [
            ("Viewed", "read", "file_path", link), ("Edited", "edit", "file_path", link),
            ("User accepted the command", "bash", "command", code), ("Ran", "bash", "command", code),
            ("Searched", "grep", "pattern", code ?? link), ("Listed directory", "ls", "path", link),
            ("Read URL", "web_fetch", "url", link), ("Searched web", "web_search", "query", code),
        ]
        for (prefix, name, key, value) in patterns where step.hasPrefix(prefix) {
            if let value {
                return tools.call(id: id, name: name, arguments: [key: .string(value)], status: .completed)
            }
            return AIToolCallPart(id: id, name: step, status: .completed, executor: .client)
        }
        return AIToolCallPart(id: id, name: step, status: .completed, executor: .client)
    }
}
