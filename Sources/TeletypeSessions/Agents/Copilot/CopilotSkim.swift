import Teletype
import TeletypeTranscripts

/// An event stream skimmed for a listing: each event's type, the call it belongs to and the few
/// fields that say what it shows (a reply's words and thinking, its tool requests), counted as
/// ``CopilotEvents/add(_:line:to:skipping:)`` would build them — a subagent's events under its
/// call, Copilot's status line and last words left out. The oldest sessions' JSON is read.
extension CopilotEvents {
    static let skimming = JSONFields(
        fields.paths + [
            "data.parentToolCallId", "data.content", "data.toolRequests", "data.toolCallId", "data.toolName",
        ],
        probing: ["data.reasoningText", "data.reasoningOpaque", "data.encryptedContent"])

    static func skim(_ source: SessionSource, path: String?, name: String) throws -> SessionSkim? {
        guard try oldSession(source, name: name) == nil else { return nil }
        var counter = TurnCounter(agent: .copilotCLI)
        if let path { describe(workspaceAt: path, into: &counter.info) }
        var skipped = Set<String>()
        try JSONLLog.forEachRecord(source, name: name, fields: skimming) { fields, line in
            describe(fields, into: &counter.info)
            // A subagent's events are its conversation's, under the call.
            if let parent = fields["data.parentToolCallId"]?.string, counter.hasCall(parent) { return }
            let callID = fields["data.toolCallId"]?.string
            switch fields["type"]?.string {
            case "user.message":
                counter.prompt(Message(id: "", role: .user, text: fields["data.content"]?.string ?? ""))
            case "assistant.message":
                counter.startReply()
                if fields["data.reasoningText"]?.string != nil || fields["data.reasoningOpaque"]?.string != nil
                    || fields["data.encryptedContent"]?.string != nil
                {
                    counter.addStep()
                }
                counter.addText(fields["data.content"]?.string?.trimmingSpaces() ?? "")
                for request in fields["data.toolRequests"]?.array ?? [] {
                    let id = request["toolCallId"]?.string
                    switch request["name"]?.string ?? "" {
                    case "report_intent":
                        if let id { skipped.insert(id) }
                    case "task_complete":
                        if let id { skipped.insert(id) }
                        counter.addText(ToolTable.arguments(request["arguments"])?["summary"]?.string ?? "")
                    default:
                        if let id, !counter.hasCall(id) { counter.addCall(id: id) }
                    }
                }
            case "assistant.reasoning":
                counter.addStep()
            case "tool.execution_start":
                guard let callID, !skipped.contains(callID) else { return }
                let tool = fields["data.toolName"]?.string ?? ""
                if tool == "report_intent" || tool == "task_complete" {
                    skipped.insert(callID)
                } else if !counter.hasCall(callID) {
                    counter.addCall(id: callID)
                }
            case "tool.execution_complete":
                guard let callID, !skipped.contains(callID) else { return }
                if !counter.hasCall(callID) { counter.addCall(id: callID) }
            case "session.compaction_complete":
                counter.note(Message(id: "", role: .compaction, text: ""))
            case "session.error", "abort":
                counter.note(Message(id: "", role: .system, text: "error"))
            default:
                break
            }
        }
        return counter.finish()
    }
}
