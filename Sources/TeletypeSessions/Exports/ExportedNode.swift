import Teletype
import TeletypeTranscripts

/// One node of a chat app's conversation tree, as both apps' readers see it: who speaks, and
/// what it holds in order. ``ExportedMessages`` makes messages of a run of them, the way the
/// apps show them: the nodes of one reply (thoughts, calls and their results, the answer) are one
/// message with its steps in order.
struct ExportedNode: Sendable {
    enum Role: Sendable { case user, assistant, system, hidden }

    /// What a node holds.
    enum Item: Sendable {
        case text(String)
        case attachment(AIMessageAttachment)
        case reasoning(summary: String?, text: String?, duration: Double?)
        /// How long the reply thought: the duration of its thoughts before (their summary when
        /// there are none).
        case recap(String, duration: Double?)
        /// A call of a tool; its result comes in a later item or node.
        case call(AIToolCallPart)
        /// A tool's result, for the call with `callID` (or, without one, the latest call still
        /// waiting, of the same name where one is).
        case result(name: String?, callID: String?, output: JSONValue, isError: Bool)
        case source(url: String, title: String?)
        /// Something went wrong on the app's side.
        case error(String)
    }

    var id: String
    var role: Role
    var time: Double?
    var model: String?
    var items: [Item]
}

/// Messages made of a run of ``ExportedNode``s.
enum ExportedMessages {
    /// The messages of a conversation tree whose nodes are `exported` (in the tree's order): along
    /// the path to `current`, or to the newest leaf below the node `branch` names (by its id, or
    /// by one of `aliases`, each node's other id), with a branch point wherever versions fork (an
    /// edited prompt, a regenerated reply). Both apps' readers end here.
    static func conversation(
        _ tree: ConversationTree, exported: [ExportedNode], current: String?, branch: String?, aliases: [String] = []
    ) throws(ChatExportSelectionError) -> (messages: [Message], warnings: [String]) {
        var tree = tree
        var current = current
        if let branch {
            guard let leaf = try tree.leaf(for: branch, aliases: aliases) else {
                throw ChatExportSelectionError(message: "no message of the conversation has the id '\(branch)'")
            }
            current = leaf
        }
        let path = tree.shownPath(to: current)
        let messages = tree.messages(
            along: path, make: { run in Self.messages(run.map { exported[$0] }) },
            reason: { exported[$0].role == .user ? "edited" : "regenerated" })
        return (messages, tree.warnings)
    }

    static func messages(_ nodes: [ExportedNode]) -> [Message] {
        var out: [Message] = []
        var reply: Message?
        var pieces = ReplyPieces()
        // The calls still waiting for their results: their indices among the reply's parts.
        var waiting: [Int] = []
        var sources = Set<String>()
        func finishReply() {
            guard var message = reply else { return }
            pieces.write(into: &message)
            if !message.text.isEmpty || !message.parts.isEmpty || !message.attachments.isEmpty { out.append(message) }
            reply = nil
            pieces = ReplyPieces()
            waiting.removeAll()
            sources.removeAll()
        }
        for node in nodes {
            switch node.role {
            case .hidden:
                continue
            case .user, .system:
                finishReply()
                var text: [String] = []
                var attachments: [AIMessageAttachment] = []
                for item in node.items {
                    switch item {
                    case .text(let piece) where !piece.isEmpty: text.append(piece)
                    case .attachment(let attachment): attachments.append(attachment)
                    case .error(let error): text.append(error)
                    default: break
                    }
                }
                let joined = text.joined(separator: "\n\n")
                guard !joined.trimmingSpaces().isEmpty || !attachments.isEmpty else { continue }
                out.append(
                    Message(
                        id: node.id, role: node.role == .user ? .user : .system, text: joined,
                        attachments: attachments, createdAt: node.time))
            case .assistant:
                if reply == nil {
                    reply = Message(id: node.id, role: .assistant, text: "", createdAt: node.time)
                }
                if reply?.model == nil { reply?.model = node.model }
                for (index, item) in node.items.enumerated() {
                    switch item {
                    case .text(let text):
                        pieces.addText(text)
                    case .attachment(let attachment):
                        reply?.attachments.append(attachment)
                    case .reasoning(let summary, let text, let duration):
                        let id = "\(node.id)-reasoning-\(index)"
                        pieces.addPart(
                            .reasoning(AIReasoningPart(id: id, summary: summary, preview: nil, duration: duration)))
                        if let text, !text.isEmpty { reply?.reasoningTexts[id] = text }
                    case .recap(let text, let duration):
                        let thought = pieces.parts.lastIndex {
                            if case .reasoning(let part) = $0 { return part.duration == nil }
                            return false
                        }
                        if let thought, case .reasoning(var part) = pieces.parts[thought], duration != nil {
                            part.duration = duration
                            pieces.replacePart(at: thought, with: .reasoning(part))
                        } else if thought == nil {
                            let id = "\(node.id)-reasoning-\(index)"
                            pieces.addPart(
                                .reasoning(
                                    AIReasoningPart(id: id, summary: text.isEmpty ? nil : text, duration: duration)))
                        }
                    case .call(let call):
                        waiting.append(pieces.addPart(.toolCall(call)))
                    case .result(let name, let callID, let output, let isError):
                        let position =
                            waiting.lastIndex { callID != nil && pieces.call(at: $0)?.id == callID }
                            ?? (callID == nil
                                ? waiting.lastIndex { name != nil && pieces.call(at: $0)?.name == name }
                                    ?? waiting.indices.last : nil)
                        if let position, var call = pieces.call(at: waiting[position]) {
                            call.output = output
                            call.status = isError ? .failed : .completed
                            if isError { call.errorText = output.string }
                            pieces.replacePart(at: waiting[position], with: .toolCall(call))
                            waiting.remove(at: position)
                        } else {
                            // A result without its call (a browsing result, a file search): a card of its own.
                            pieces.addPart(
                                .toolCall(
                                    AIToolCallPart(
                                        id: "\(node.id)-result-\(index)", name: name ?? "tool",
                                        status: isError ? .failed : .completed, output: output,
                                        errorText: isError ? output.string : nil)))
                        }
                    case .source(let url, let title):
                        guard sources.insert(url).inserted else { continue }
                        pieces.addPart(
                            .source(AISourcePart(id: "\(node.id)-source-\(sources.count)", url: url, title: title)))
                    case .error(let error):
                        if let last = waiting.popLast(), var call = pieces.call(at: last) {
                            call.status = .failed
                            call.errorText = error
                            pieces.replacePart(at: last, with: .toolCall(call))
                        } else {
                            finishReply()
                            out.append(
                                Message(id: "\(node.id)-error", role: .system, text: error, createdAt: node.time))
                            reply = Message(id: "\(node.id)-\(index)", role: .assistant, text: "", createdAt: node.time)
                        }
                    }
                }
            }
        }
        finishReply()
        return out
    }
}

extension ReplyPieces {
    /// The tool call at `index` among the parts, if that part is one.
    func call(at index: Int) -> AIToolCallPart? {
        guard index < parts.count, case .toolCall(let call) = parts[index] else { return nil }
        return call
    }
}
