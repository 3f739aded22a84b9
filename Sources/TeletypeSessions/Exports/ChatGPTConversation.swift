import Teletype
import TeletypeTranscripts

/// One conversation of a ChatGPT data export (`conversations.json`, Settings → Data controls →
/// Export): the `mapping` tree of nodes, each with its `message` (or none), and `current_node`, the
/// leaf the user last saw. What ChatGPT hides (custom instructions, messages marked
/// `is_visually_hidden_from_conversation`, the empty system root) is not shown. A reply is the run
/// of assistant and tool nodes after a prompt: its thoughts, its calls (an assistant message whose
/// `recipient` is a tool, paired with the tool's message after it), its answer.
enum ChatGPTConversation {
    /// The conversation's messages, along the path to `current_node`, with its branch points.
    static func messages(_ conversation: JSONValue, branch: String? = nil) throws(ChatExportSelectionError) -> (
        messages: [Message], warnings: [String]
    ) {
        let mapping = conversation["mapping"]?.object ?? JSONObject()
        var nodes: [(id: String, parent: String?, children: [String]?)] = []
        var exported: [ExportedNode] = []
        nodes.reserveCapacity(mapping.pairs.count)
        exported.reserveCapacity(mapping.pairs.count)
        var seen = Set<String>()
        for (key, node) in mapping.pairs {
            let id = node["id"]?.string ?? key
            // A node listed twice is the first (the tree numbers nodes in the order given).
            guard seen.insert(id).inserted else { continue }
            nodes.append((id, node["parent"]?.string, node["children"]?.array?.compactMap(\.string) ?? []))
            exported.append(self.node(id: id, node["message"]))
        }
        return try ExportedMessages.conversation(
            ConversationTree(nodes: nodes), exported: exported, current: conversation["current_node"]?.string,
            branch: branch, aliases: exported.map(\.id))
    }

    /// A node's message as its role and items.
    static func node(id: String, _ message: JSONValue?) -> ExportedNode {
        guard let message, message.object != nil else { return ExportedNode(id: id, role: .hidden, items: []) }
        let author = message["author"]?["role"]?.string ?? ""
        let metadata = message["metadata"]
        let content = message["content"] ?? .null
        let type = content["content_type"]?.string ?? "text"
        let recipient = message["recipient"]?.string ?? "all"
        let time = message["create_time"]?.number
        var node = ExportedNode(
            id: message["id"]?.string ?? id, role: .assistant, time: time, model: metadata?["model_slug"]?.string,
            items: [])
        if metadata?["is_visually_hidden_from_conversation"]?.bool == true || type == "user_editable_context"
            || type == "model_editable_context"
        {
            node.role = .hidden
            return node
        }
        let text = Self.text(content)
        switch author {
        case "user":
            node.role = .user
            node.items = userItems(content, metadata: metadata)
            return node
        case "system":
            // The empty root, and the instructions ChatGPT keeps to itself.
            node.role = text.trimmingSpaces().isEmpty ? .hidden : .system
            node.items = [.text(text)]
            return node
        case "tool":
            let name = message["author"]?["name"]?.string ?? recipient
            node.items = toolItems(content, type: type, name: name, text: text)
            return node
        default:
            break
        }
        switch type {
        case "thoughts":
            let thoughts = content["thoughts"]?.array ?? []
            if thoughts.isEmpty {
                node.items = [.reasoning(summary: nil, text: text, duration: nil)]
            } else {
                node.items = thoughts.map { thought in
                    .reasoning(summary: thought["summary"]?.string, text: thought["content"]?.string, duration: nil)
                }
            }
        case "reasoning_recap":
            let recap = content["content"]?.string ?? text
            let duration = metadata?["finished_duration_sec"]?.number
            node.items = [.recap(recap, duration: duration)]
        case "system_error":
            node.items = [.error(content["text"]?.string ?? (text.isEmpty ? "ChatGPT reported an error." : text))]
        case "code" where recipient != "all", "text" where recipient != "all":
            let code = content["text"]?.string ?? text
            var arguments: JSONValue = (try? JSONParser.parse(code)) ?? .string(code)
            if type == "code" {
                arguments = .object(
                    JSONObject([("language", content["language"] ?? .null), ("code", .string(code))]))
            }
            node.items = [
                .call(
                    AIToolCallPart(
                        id: "\(node.id)-call", name: recipient, status: .running, executor: .server,
                        arguments: arguments))
            ]
        default:
            node.items = assistantItems(content, text: text)
        }
        node.items += sources(metadata)
        return node
    }

    /// A content's text: its `parts` that are strings (or `text`).
    static func text(_ content: JSONValue) -> String {
        if let parts = content["parts"]?.array {
            return parts.compactMap(\.string).joined(separator: "\n\n")
        }
        return content["text"]?.string ?? content["result"]?.string ?? ""
    }

    /// What the user sent: text, images (`image_asset_pointer`: a file of the export, by its id),
    /// and the files attached.
    static func userItems(_ content: JSONValue, metadata: JSONValue?) -> [ExportedNode.Item] {
        var items: [ExportedNode.Item] = []
        let files = metadata?["attachments"]?.array ?? []
        var named = Set<String>()
        for part in content["parts"]?.array ?? [content["text"] ?? .null] {
            if let text = part.string {
                if !text.isEmpty { items.append(.text(text)) }
            } else if var attachment = image(part) {
                // The image's file, when the message lists it, gives its name.
                let id = attachment.extraData["export_file"]?.string?.split(separator: "/").last.map(String.init)
                if let id, let file = files.first(where: { $0["id"]?.string == id }), let name = file["name"]?.string {
                    attachment.name = "\(name) (\(id), a file of the export)"
                    named.insert(id)
                }
                items.append(.attachment(attachment))
            }
        }
        for file in files where !named.contains(file["id"]?.string ?? "") {
            items.append(
                .attachment(
                    AIMessageAttachment(
                        kind: (file["mime_type"]?.string ?? "").hasPrefix("image/") ? .image : .file,
                        name: file["name"]?.string ?? file["id"]?.string, size: file["size"]?.integer,
                        mimeType: file["mime_type"]?.string)))
        }
        return items
    }

    /// A reply's text and images.
    static func assistantItems(_ content: JSONValue, text: String) -> [ExportedNode.Item] {
        guard let parts = content["parts"]?.array else { return text.isEmpty ? [] : [.text(text)] }
        var items: [ExportedNode.Item] = []
        for part in parts {
            if let text = part.string {
                if !text.isEmpty { items.append(.text(text)) }
            } else if let attachment = image(part) {
                items.append(.attachment(attachment))
            }
        }
        return items
    }

    /// A tool's message: the result of the call before it.
    static func toolItems(_ content: JSONValue, type: String, name: String, text: String) -> [ExportedNode.Item] {
        switch type {
        case "system_error":
            return [.error(content["text"]?.string ?? text)]
        case "tether_quote":
            let quote = [content["title"]?.string, content["url"]?.string, content["text"]?.string]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
            return [.result(name: name, callID: nil, output: .string(quote), isError: false)]
        case "tether_browsing_display":
            let shown = [content["summary"]?.string, content["result"]?.string].compactMap { $0 }
                .filter { !$0.isEmpty }.joined(separator: "\n\n")
            return [.result(name: name, callID: nil, output: .string(shown), isError: false)]
        default:
            var items: [ExportedNode.Item] = [
                .result(name: name, callID: nil, output: .string(text), isError: false)
            ]
            for part in content["parts"]?.array ?? [] {
                if let image = image(part) { items.append(.attachment(image)) }
            }
            return items
        }
    }

    /// An image the export holds as a file (`file-service://file-…`, `sediment://file_…`): named by
    /// its file's id, with no link (the page cannot reach it).
    static func image(_ part: JSONValue) -> AIMessageAttachment? {
        guard part["content_type"]?.string == "image_asset_pointer" || part["asset_pointer"] != nil else { return nil }
        let pointer = part["asset_pointer"]?.string ?? ""
        let file = pointer.split(separator: "/").last.map(String.init) ?? pointer
        return AIMessageAttachment(
            kind: .image, name: "\(file) (a file of the export)", size: part["size_bytes"]?.integer,
            width: part["width"]?.integer, height: part["height"]?.integer,
            extraData: JSONObject([("export_file", .string(pointer))]))
    }

    /// The pages a reply cites (`citations`, `content_references`).
    static func sources(_ metadata: JSONValue?) -> [ExportedNode.Item] {
        var items: [ExportedNode.Item] = []
        for citation in metadata?["citations"]?.array ?? [] {
            let about = citation["metadata"] ?? citation
            if let url = about["url"]?.string { items.append(.source(url: url, title: about["title"]?.string)) }
        }
        for reference in metadata?["content_references"]?.array ?? [] {
            for item in reference["items"]?.array ?? [reference] {
                if let url = item["url"]?.string { items.append(.source(url: url, title: item["title"]?.string)) }
            }
        }
        return items
    }
}
