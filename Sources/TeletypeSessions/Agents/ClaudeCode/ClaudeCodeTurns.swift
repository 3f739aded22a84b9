import Teletype
import TeletypeTranscripts

/// The second pass over a Claude Code session: its records, in file order, made into messages. The
/// lines of one API message (`message.id`) merge into one reply, its blocks in the order written;
/// a `tool_use` takes its `tool_result` by id wherever the result comes; commands, hooks and the
/// context the tool adds are not the user's words. A message is handed over once nothing still to
/// come can change it (its calls have their results, or the user spoke again), so memory holds one
/// stretch of calls, not the session.
struct ClaudeCodeTurns {
    /// Finds the transcript of the agent a `Task` or `Agent` call started: by the agent's id (its
    /// result's `toolUseResult.agentId`), else by the prompt it was given.
    var subagent: (_ agentID: String?, _ prompt: String?) -> [Message]? = { _, _ in nil }
    /// A subagent for a call that never got its result (the session ended first): a subagent file
    /// no call has claimed, of the call's `subagent_type` where its `.meta.json` says.
    var unclaimedSubagent: (_ type: String?) -> [Message]? = { _ in nil }
    /// The bare `tool_use` lines' calls not yet answered, by tool name.
    private var bareCalls: [String: [String]] = [:]

    /// Messages settled, in order, not yet handed over.
    private var ready: [Message] = []
    /// Messages waiting for results of their calls.
    private var waiting: [Message] = []
    /// Where each call without a result is: a message of `waiting` (by its count of messages
    /// before it, since the start) and a part.
    private var openCalls: [String: (message: Int, part: Int)] = [:]
    /// Messages handed to `ready` since the start: the number of the first message of `waiting`.
    private var settled = 0
    /// The API message being read, over several lines.
    private var reply: (id: String, message: Message, pieces: ReplyPieces)?
    /// A compaction waiting for its summary.
    private var compaction: Message?
    /// The branch point the next message starts, if any.
    var pendingBranch: AIBranchPoint?
    private var position = 0
    /// The ids given so far: an id seen again (a message continued after it was handed over) is made new.
    private var usedIDs = Set<String>()

    /// Adds one record. Only `shown` records make messages; any record can carry results.
    /// What a record needs built of the fields these turns read little of: of `toolUseResult` (the
    /// tool's output again, as structured data: a file's whole text, a command's output) only
    /// the subagent it ran.
    static let pruning: [String: Set<String>] = ["toolUseResult": ["agentId"]]

    mutating func add(_ record: JSONValue, shown: Bool) {
        position += 1
        let type = record["type"]?.string ?? ""
        if type == "tool_use" || type == "tool_result", let standing = bareLine(record, type: type) {
            position -= 1
            add(standing, shown: shown)
            return
        }
        switch type {
        case "assistant" where shown:
            let message = record["message"]
            let id = message?["id"]?.string ?? record["uuid"]?.string ?? "assistant-\(position)"
            if reply?.id != id, reopen(id) {
                // More of the message written before came after a result: it goes on.
            } else if reply?.id != id {
                finishReply()
                var started = Message(id: id, role: .assistant, text: "")
                started.model = message?["model"]?.string.flatMap { $0.hasPrefix("<") ? nil : $0 }
                started.createdAt = record["timestamp"]?.string.flatMap(ISODate.seconds)
                started.branchPoint = takeBranch()
                reply = (id, started, ReplyPieces())
            }
            addBlocks(message?["content"], to: &reply!)
        case "user":
            finishReply()
            let content = record["message"]?["content"]
            applyResults(content, structured: record["toolUseResult"])
            guard shown, record["isMeta"]?.bool != true else { return }
            if record["isCompactSummary"]?.bool == true {
                fillCompaction(with: text(of: content))
                return
            }
            addPrompt(content, record: record)
        case "system" where shown && record["subtype"]?.string == "compact_boundary":
            finishReply()
            settleAll()
            let metadata = record["compactMetadata"]
            var note = "Compacted"
            if let trigger = metadata?["trigger"]?.string {
                note += trigger == "auto" ? " automatically" : " by the user"
            }
            if let tokens = metadata?["preTokens"]?.integer { note += " at \(SessionTime.tokens(tokens)) tokens" }
            compaction = Message(
                id: record["uuid"]?.string ?? "compaction-\(position)", role: .compaction, text: "*\(note).*")
        case "attachment" where shown && record["attachment"]?["type"]?.string == "queued_command":
            // What the user typed while the agent worked (2.1), handed to it between steps.
            let prompt = record["attachment"]?["prompt"]
            finishReply()
            addPrompt(prompt?.string.map(JSONValue.string) ?? prompt, record: record)
        case "summary" where shown && record["message"] != nil:
            finishReply()
            fillCompaction(with: text(of: record["message"]?["content"]))
        case "system" where shown && record["subtype"]?.string == "turn_duration":
            // How long the turn took (2.1): a line under its reply.
            guard let milliseconds = record["durationMs"]?.number, milliseconds > 0 else { return }
            finishReply()
            append(
                Message(
                    id: record["uuid"]?.string ?? "turn-\(position)", role: .turnEnd,
                    text: "Turn took " + SessionTime.duration(milliseconds / 1000),
                    createdAt: record["timestamp"]?.string.flatMap(ISODate.seconds)))
        case "system" where shown && record["subtype"]?.string == "api_error":
            finishReply()
            let text =
                record["content"]?.string ?? record["error"]?["message"]?.string ?? "The API answered with an error."
            append(Message(id: record["uuid"]?.string ?? "error-\(position)", role: .system, text: text))
        default:
            return
        }
    }

    /// Messages settled since the last call, in order.
    mutating func takeReady() -> [Message] {
        defer { ready.removeAll(keepingCapacity: true) }
        return ready
    }

    /// Ends the reading: every message is settled.
    mutating func finish() -> [Message] {
        finishReply()
        if let compaction { append(compaction) }
        compaction = nil
        settleAll()
        return takeReady()
    }

    // MARK: Messages

    private mutating func takeBranch() -> AIBranchPoint? {
        defer { pendingBranch = nil }
        return pendingBranch
    }

    /// Takes the last message back to go on reading it, when it is the API message `id` and nothing
    /// came after it but results; whether it did.
    private mutating func reopen(_ id: String) -> Bool {
        guard reply == nil, let last = waiting.last, last.id == id else { return false }
        waiting.removeLast()
        usedIDs.remove(id)
        reply = (id, last, ReplyPieces(last))
        return true
    }

    /// Moves the reply being read to the messages waiting (or settled, without open calls).
    private mutating func finishReply() {
        guard var finished = reply else { return }
        reply = nil
        finished.pieces.write(into: &finished.message)
        append(finished.message)
    }

    private mutating func append(_ message: Message) {
        var message = message
        if !usedIDs.insert(message.id).inserted {
            message.id += "-\(position)"
            usedIDs.insert(message.id)
        }
        let number = settled + waiting.count
        for (index, part) in message.parts.enumerated() {
            if case .toolCall(let call) = part, !call.status.isFinished { openCalls[call.id] = (number, index) }
        }
        waiting.append(message)
        settleReady()
    }

    /// Settles the messages at the front that wait for nothing.
    private mutating func settleReady() {
        while let first = waiting.first,
            !openCalls.values.contains(where: { $0.message == settled })
        {
            ready.append(first)
            waiting.removeFirst()
            settled += 1
        }
    }

    /// Settles everything: the user spoke again, so no result is still to come for what went before.
    private mutating func settleAll() {
        // A subagent's call left without its result: the subagent's own file, if one is left.
        for slot in waiting.indices {
            for (index, part) in waiting[slot].parts.enumerated() {
                guard case .toolCall(var call) = part, call.subagent == nil, !call.status.isFinished,
                    ["task", "agent"].contains(call.name.lowercased()),
                    let messages = unclaimedSubagent(call.arguments?["subagent_type"]?.string), !messages.isEmpty
                else { continue }
                call.subagent = AISubagent(
                    title: call.arguments?["description"]?.string ?? call.arguments?["subagent_type"]?.string,
                    messages: messages)
                waiting[slot].parts[index] = .toolCall(call)
            }
        }
        ready += waiting
        settled += waiting.count
        waiting.removeAll()
        openCalls.removeAll()
    }

    private mutating func fillCompaction(with summary: String) {
        guard var divider = compaction else {
            append(Message(id: "compaction-\(position)", role: .compaction, text: summary))
            return
        }
        divider.text += summary.isEmpty ? "" : "\n\n" + summary
        compaction = nil
        append(divider)
    }

    // MARK: A reply's blocks

    private func addBlocks(_ content: JSONValue?, to reply: inout (id: String, message: Message, pieces: ReplyPieces)) {
        switch content {
        case .string(let text)?: reply.pieces.addText(text)
        case .array(let blocks)?:
            for block in blocks {
                switch block["type"]?.string {
                case "text":
                    if let text = block["text"]?.string { reply.pieces.addText(text) }
                case "thinking", "redacted_thinking":
                    let id = "thinking-\(reply.id)-\(reply.pieces.parts.count)"
                    let thought = block["thinking"]?.string ?? ""
                    if thought.isEmpty {
                        // Signed and empty: the model's thinking was not kept in the log.
                        reply.pieces.addPart(
                            .reasoning(AIReasoningPart(id: id, summary: ConversationBuilder.thinkingHidden)))
                    } else {
                        reply.pieces.addPart(.reasoning(AIReasoningPart(id: id, preview: thought)))
                        reply.message.reasoningTexts[id] = thought
                    }
                case "tool_use", "server_tool_use":
                    let id = block["id"]?.string ?? "tool-\(reply.id)-\(reply.pieces.parts.count)"
                    reply.pieces.addPart(
                        .toolCall(
                            AIToolCallPart(
                                id: id, name: block["name"]?.string ?? "",
                                executor: block["type"]?.string == "server_tool_use" ? .server : .client,
                                arguments: block["input"])))
                default:
                    continue
                }
            }
        default:
            break
        }
    }

    /// A bare `tool_use` or `tool_result` line (v1.9: a call and its result as lines of their own,
    /// the result naming its call's tool, not its id) as the assistant or user line it stands for.
    private mutating func bareLine(_ record: JSONValue, type: String) -> JSONValue? {
        let name = record["name"]?.string ?? "tool"
        let uuid = record["uuid"]?.string ?? "bare-\(position)"
        let timestamp = record["timestamp"] ?? .null
        if type == "tool_use" {
            let id = record["id"]?.string ?? uuid
            bareCalls[name, default: []].append(id)
            let block: JSONValue = [
                "type": "tool_use", "id": .string(id), "name": .string(name), "input": record["input"] ?? [:],
            ]
            let line: JSONValue = [
                "type": "assistant", "uuid": .string(uuid), "timestamp": timestamp,
                "message": ["role": "assistant", "id": .string(reply?.id ?? uuid), "content": [block]],
            ]
            return line
        }
        guard let id = record["tool_use_id"]?.string ?? bareCalls[name]?.first else { return nil }
        if bareCalls[name]?.first == id { bareCalls[name]?.removeFirst() }
        let output = record["output"] ?? record["content"] ?? .null
        let block: JSONValue = [
            "type": "tool_result", "tool_use_id": .string(id), "content": .string(output.string ?? output.jsonText),
            "is_error": .bool(record["is_error"]?.bool ?? false),
        ]
        let line: JSONValue = [
            "type": "user", "uuid": .string(uuid), "timestamp": timestamp,
            "message": ["role": "user", "content": [block]],
        ]
        return line
    }

    // MARK: Results

    /// Applies the `tool_result` blocks of a user line to the calls they answer.
    private mutating func applyResults(_ content: JSONValue?, structured: JSONValue?) {
        guard case .array(let blocks)? = content else { return }
        for block in blocks where block["type"]?.string == "tool_result" {
            guard let id = block["tool_use_id"]?.string, let owner = openCalls.removeValue(forKey: id) else { continue }
            let slot = owner.message - settled
            guard slot >= 0, slot < waiting.count, case .toolCall(var call) = waiting[slot].parts[owner.part] else {
                continue
            }
            let (text, images) = Self.resultContent(block["content"])
            let isError = block["is_error"]?.bool ?? false
            if text.hasPrefix("The user doesn't want to") || text.hasPrefix("[Request interrupted by user") {
                call.status = .cancelled
                call.approval = AIToolApproval(decision: .declined)
                call.errorText = text
            } else {
                ToolResult.apply(.string(text), to: &call, isError: isError)
                if isError { call.errorText = Self.withoutToolErrorTags(text) }
            }
            let name = call.name.lowercased()
            if name == "task" || name == "agent" {
                let agentID = structured?["agentId"]?.string
                if let messages = subagent(agentID, call.arguments?["prompt"]?.string), !messages.isEmpty {
                    call.subagent = AISubagent(
                        title: call.arguments?["description"]?.string ?? call.arguments?["subagent_type"]?.string,
                        messages: messages)
                }
            }
            waiting[slot].parts[owner.part] = .toolCall(call)
            waiting[slot].attachments += images
        }
        settleReady()
    }

    /// A tool result's text and images.
    static func resultContent(_ content: JSONValue?) -> (String, [AIMessageAttachment]) {
        switch content {
        case .string(let text)?: return (text, [])
        case .array(let blocks)?:
            var texts: [String] = []
            var images: [AIMessageAttachment] = []
            for block in blocks {
                if let text = block["text"]?.string { texts.append(text) }
                if block["type"]?.string == "image", let image = ClaudeCodeTurns.image(block) { images.append(image) }
            }
            return (texts.joined(separator: "\n"), images)
        default:
            return ("", [])
        }
    }

    static func withoutToolErrorTags(_ text: String) -> String {
        var text = text
        if text.hasPrefix("<tool_use_error>") { text.removeFirst("<tool_use_error>".count) }
        if text.hasSuffix("</tool_use_error>") { text.removeLast("</tool_use_error>".count) }
        return text
    }

    /// An image block (`source: {type: base64, media_type, data}` or a URL) as an attachment.
    static func image(_ block: JSONValue) -> AIMessageAttachment? {
        guard let source = block["source"] else { return nil }
        let media = source["media_type"]?.string ?? "image/png"
        var image: AIMessageAttachment
        if let data = source["data"]?.string {
            image = .image(
                "data:\(media);base64," + data,
                name: "image." + (media.split(separator: "/").last.map(String.init) ?? "png"))
            image.size = data.utf8.count * 3 / 4 - data.utf8.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        } else if let url = source["url"]?.string {
            image = .image(url, name: "image")
        } else {
            return nil
        }
        image.mimeType = media
        return image
    }

    // MARK: Prompts

    /// The user's line: a prompt, a slash command, a command's output, an interruption.
    private mutating func addPrompt(_ content: JSONValue?, record: JSONValue) {
        var texts: [String] = []
        var images: [AIMessageAttachment] = []
        switch content {
        case .string(let text)?: texts.append(text)
        case .array(let blocks)?:
            for block in blocks {
                switch block["type"]?.string {
                case "text": if let text = block["text"]?.string { texts.append(text) }
                case "image": if let image = Self.image(block) { images.append(image) }
                default: continue
                }
            }
        default: break
        }
        let id = record["uuid"]?.string ?? "user-\(position)"
        let time = record["timestamp"]?.string.flatMap(ISODate.seconds)
        var words: [String] = []
        for text in texts {
            let read = ClaudeCodeText.read(text)
            switch read {
            case .words(let said): words.append(said)
            case .command(let command): words.append(command)
            case .output(let output):
                settleAll()
                append(Message(id: id + "-output", role: .system, text: output))
            case .interrupted:
                settleAll()
                append(Message(id: id + "-interrupted", role: .system, text: "Interrupted by the user"))
            case .context:
                continue
            }
        }
        guard !words.isEmpty || !images.isEmpty else { return }
        settleAll()
        var message = Message(
            id: id, role: .user, text: words.joined(separator: "\n\n"), attachments: images, createdAt: time)
        message.branchPoint = takeBranch()
        append(message)
    }

    private func text(of content: JSONValue?) -> String {
        switch content {
        case .string(let text)?: return text
        case .array(let blocks)?: return blocks.compactMap { $0["text"]?.string }.joined(separator: "\n\n")
        default: return ""
        }
    }
}

/// What a user line of Claude Code's says: the user's words, a slash command, a command's output,
/// an interruption, or context the tool added (a file the IDE opened, a reminder).
enum ClaudeCodeText: Equatable {
    case words(String)
    case command(String)
    case output(String)
    case interrupted
    case context

    static func read(_ text: String) -> ClaudeCodeText {
        let trimmed = text.drop { $0 == " " || $0 == "\n" }
        if trimmed.hasPrefix("[Request interrupted by user") { return .interrupted }
        // Every other kind is tagged: words without a `<` are words.
        guard text.utf8.contains(UInt8(ascii: "<")) else { return .words(text) }
        if let name = tag("command-name", in: text) {
            let arguments = tag("command-args", in: text) ?? ""
            return .command(arguments.isEmpty ? name : name + " " + arguments)
        }
        if let input = tag("bash-input", in: text) { return .command("! " + input) }
        for name in ["local-command-stdout", "bash-stdout", "bash-stderr"] {
            if let output = tag(name, in: text) {
                let plain = TextLines.lines(output).map { line in
                    SGRPlainText.strip(String(line))
                }.joined(separator: "\n")
                return plain.isEmpty ? .context : .output(plain)
            }
        }
        for name in ["local-command-caveat", "ide_opened_file", "ide_selection", "system-reminder", "command-message"]
        where trimmed.hasPrefix("<" + name + ">") {
            return .context
        }
        return .words(text)
    }

    /// The text between `<name>` and `</name>`, trimmed; nil without the tag.
    static func tag(_ name: String, in text: String) -> String? {
        // By bytes: a tool's output can be megabytes, and comparing Characters is slow.
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let start = find(Array("<\(name)>".utf8), in: bytes, from: 0) else { return nil }
            let open = Array("<\(name)>".utf8).count + start
            guard let close = find(Array("</\(name)>".utf8), in: bytes, from: open) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[open..<close]), as: UTF8.self).trimmingSpaces()
        }
    }

    /// Where `needle` first starts in `bytes` at or after `from`.
    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = from
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}

/// Text without its SGR sequences (a command's output shown as a note).
enum SGRPlainText {
    static func strip(_ line: String) -> String {
        guard line.utf8.contains(0x1B) else { return line }
        var out = ""
        var scalars = line.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}", scalars.first == "[" {
                scalars.removeFirst()
                while let byte = scalars.popFirst(), !(0x40...0x7E).contains(byte.value) {}
                continue
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
