import Teletype
import TeletypeTranscripts

/// One conversation of a Claude.ai data export (`conversations.json`, Settings → Privacy →
/// Export data): `chat_messages`, each with its `sender` (`human`, `assistant`), its `content`
/// blocks (`text`, `thinking`, `tool_use`, `tool_result`) or, in older exports, only `text`, and the
/// files the user attached (`attachments` with the text Claude read of them, `files` by name). The
/// messages are a list; where they name their parent (`parent_message_uuid`) they are a tree, shown
/// along the path to `current_leaf_message_uuid` (or to the last message) with its branch points.
enum ClaudeAIConversation {
    /// The conversation's messages, with its branch points where the export has a tree.
    static func messages(_ conversation: JSONValue, branch: String? = nil) throws(ChatExportSelectionError) -> (
        messages: [Message], warnings: [String]
    ) {
        let list = conversation["chat_messages"]?.array ?? []
        var nodes: [(id: String, parent: String?, children: [String]?)] = []
        var exported: [ExportedNode] = []
        var seen = Set<String>()
        let isTree = list.contains { $0["parent_message_uuid"]?.string != nil }
        let ids = Set(list.compactMap { $0["uuid"]?.string })
        var previous: String?
        for (position, message) in list.enumerated() {
            let id = message["uuid"]?.string ?? "message-\(position + 1)"
            guard seen.insert(id).inserted else { continue }
            // A list without parents is one line: each message follows the one before.
            var parent = isTree ? message["parent_message_uuid"]?.string : previous
            // The root's parent is a fixed id that is not a message.
            if let named = parent, isTree, !ids.contains(named) { parent = nil }
            nodes.append((id, parent, nil))
            exported.append(node(id: id, message))
            previous = id
        }
        return try ExportedMessages.conversation(
            ConversationTree(nodes: nodes), exported: exported,
            current: conversation["current_leaf_message_uuid"]?.string ?? (isTree ? nil : nodes.last?.id),
            branch: branch)
    }

    /// One message as its role and items.
    static func node(id: String, _ message: JSONValue) -> ExportedNode {
        let sender = message["sender"]?.string ?? message["role"]?.string ?? ""
        let time = (message["created_at"]?.string).flatMap(ISODate.seconds)
        var node = ExportedNode(
            id: id, role: sender == "human" || sender == "user" ? .user : .assistant, time: time, items: [])
        var items: [ExportedNode.Item] = []
        var known = false
        for block in message["content"]?.array ?? [] {
            switch block["type"]?.string {
            case "text":
                known = true
                if let text = block["text"]?.string, !text.isEmpty { items.append(.text(text)) }
                for citation in block["citations"]?.array ?? [] {
                    let details = citation["details"] ?? citation
                    if let url = details["url"]?.string {
                        items.append(.source(url: url, title: details["title"]?.string))
                    }
                }
            case "thinking":
                known = true
                let summary = block["summaries"]?.array?.last?["summary"]?.string
                items.append(.reasoning(summary: summary, text: block["thinking"]?.string, duration: duration(block)))
            case "tool_use":
                known = true
                let name = block["name"]?.string ?? "tool"
                items.append(
                    .call(
                        AIToolCallPart(
                            id: block["id"]?.string ?? "\(id)-call-\(items.count)", name: name,
                            displayTitle: block["message"]?.string, status: .running, arguments: block["input"])))
            case "tool_result":
                known = true
                items.append(
                    .result(
                        name: block["name"]?.string, callID: block["tool_use_id"]?.string,
                        output: resultText(block["content"]), isError: block["is_error"]?.bool == true))
            default:
                // A block of a kind not known here is left out; the message's `text` stands in
                // when no block is known.
                continue
            }
        }
        if !known, let text = message["text"]?.string, !text.isEmpty { items.append(.text(text)) }
        for attachment in message["attachments"]?.array ?? [] {
            var file = AIMessageAttachment(
                kind: .file, name: attachment["file_name"]?.string, size: attachment["file_size"]?.integer,
                mimeType: attachment["file_type"]?.string)
            if let extracted = attachment["extracted_content"]?.string, !extracted.isEmpty {
                file.extraData["extracted_text"] = .string(extracted)
            }
            items.append(.attachment(file))
        }
        for attached in message["files"]?.array ?? message["files_v2"]?.array ?? [] {
            guard let name = attached["file_name"]?.string else { continue }
            items.append(.attachment(AIMessageAttachment(kind: .file, name: name)))
        }
        node.items = items
        return node
    }

    /// How long a block took, from its timestamps.
    static func duration(_ block: JSONValue) -> Double? {
        guard let start = block["start_timestamp"]?.string.flatMap(ISODate.seconds),
            let stop = block["stop_timestamp"]?.string.flatMap(ISODate.seconds), stop >= start
        else { return nil }
        return stop - start
    }

    /// A tool result's content: a string, or blocks of text.
    static func resultText(_ content: JSONValue?) -> JSONValue {
        switch content {
        case .string(let text)?: return .string(text)
        case .array(let blocks)?:
            return .string(blocks.compactMap { $0["text"]?.string ?? $0.string }.joined(separator: "\n"))
        case let value?: return value
        case nil: return .null
        }
    }
}
