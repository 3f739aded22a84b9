import Foundation
import Teletype
import Testing

/// `AIMessagePart.parts(from:)` as `wire-formats.md` describes it.
@Suite struct MessagePartTests {
    func parts(_ attachments: [(String, String)]) -> [AIMessagePart] {
        AIMessagePart.parts(from: attachments.map { (type: $0.0, payload: Data($0.1.utf8)) })
    }

    @Test func skipsAttachmentsWithoutThePrefix() {
        #expect(parts([("image", "{}"), ("file", "{}")]).isEmpty)
    }

    @Test func invalidJSONIsAnEmptyPayload() {
        let result = parts([("ai_reasoning", "{not json"), ("ai_tool_call", "[1, 2]")])
        #expect(result.map(\.id) == ["ai_reasoning-0", "ai_tool_call-1"])
        guard case .reasoning(let reasoning) = result[0], case .toolCall(let call) = result[1] else {
            Issue.record("wrong kinds")
            return
        }
        #expect(reasoning.status == .completed && reasoning.summary == nil)
        #expect(call.status == .running && call.executor == .server && call.title == "Tool call")
    }

    @Test func emptyStringsAndWrongTypesAreMissing() {
        let result = parts([
            ("ai_tool_call", #"{"id": "", "name": "get_time", "display_title": "", "status": 3, "summary": ["x"]}"#)
        ])
        guard case .toolCall(let call) = result[0] else { return }
        #expect(call.id == "ai_tool_call-0")
        #expect(call.title == "get time")
        #expect(call.status == .running && call.summary == nil)
    }

    @Test func unknownStatusesAndExecutorsAreKept() {
        let result = parts([("ai_tool_call", #"{"status": "paused", "executor": "robot"}"#)])
        guard case .toolCall(let call) = result[0] else { return }
        #expect(call.status.rawValue == "paused" && !call.status.isFinished)
        #expect(call.executor.rawValue == "robot")
    }

    @Test func newerVersionsAndUnknownKindsAreUnsupported() {
        let result = parts([("ai_tool_call", #"{"v": 2, "name": "x"}"#), ("ai_citation", #"{"id": "c"}"#)])
        #expect(result.count == 2)
        guard case .unsupported(let newer) = result[0], case .unsupported(let citation) = result[1] else {
            Issue.record("not kept as unsupported")
            return
        }
        #expect(newer.version == 2 && newer.payload["name"] == "x")
        #expect(citation.id == "c" && citation.type == "ai_citation")
    }

    @Test func declinedIsCancelledWithDecision() {
        let result = parts([("ai_tool_call", #"{"status": "cancelled", "approval": {"decision": "declined"}}"#)])
        guard case .toolCall(let call) = result[0] else { return }
        #expect(call.isDeclined && call.status.isFinished)
    }

    @Test(arguments: [
        ("photo.JPG", nil as String?, AIMessageAttachment.Kind.image), ("song.mp3", nil, .audio),
        ("clip.mov", nil, .video),
        ("report.pdf", nil, .file), ("data", "image/png", .image), ("x.bin", "application/octet-stream", .file),
    ])
    func attachmentKindFromTypeOrName(_ name: String, _ mime: String?, _ kind: AIMessageAttachment.Kind) {
        #expect(AIMessageAttachment(url: "https://example.com/\(name)", mimeType: mime).kind == kind)
    }
}
