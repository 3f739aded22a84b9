import Teletype
import TeletypeTranscripts

/// A chat skimmed for a listing: the tree's shown path found from each record's few fields, as
/// ``QwenCodeChat`` finds it, then its records counted as they would be built — a reply's parts
/// (calls, thinking, words) probed on the first pass, a prompt or a note parsed whole, a call's
/// result (most of the bytes) not read again.
extension QwenCodeChat {
    static let skimming = JSONFields(recordFields.paths, probing: ["message.parts"])

    static func skim(_ source: SessionSource, path: String?, name: String) throws -> SessionSkim? {
        let found = try nodes(source, name: name, keepingParsed: false, fields: skimming, notice: { _ in })
        var strings = found.strings
        let shown = activePath(found.nodes)
        var counter = TurnCounter(agent: .qwenCode)
        counter.info = header(found.nodes, shown: shown, strings: &strings)
        let nodes = found.nodes
        for index in shown {
            switch nodes[index].type {
            case "assistant":
                counter.startReply()
                // Probed on the first pass: which parts are calls, thinking, words.
                for part in nodes[index].whole?["message"]?["parts"]?.array ?? nodes[index].probedParts ?? [] {
                    if part["functionCall"] != nil {
                        counter.addStep()
                    } else if let text = part["text"]?.string {
                        if part["thought"]?.bool == true { counter.addStep() } else { counter.addText(text) }
                    }
                }
            case "user",
                "system" where nodes[index].type == "user" || nodes[index].subtype == "ui_telemetry":
                var record = nodes[index].whole
                if record == nil, let line = nodes[index].line {
                    let bytes = try source.read(offset: line.offset, length: line.length)
                    record = bytes.withUnsafeBytes { try? JSONParser.parse($0) }
                }
                guard let record else { continue }
                var builder = ConversationBuilder()
                add(record, to: &builder)
                for message in builder.finish() {
                    if message.role.isUser { counter.prompt(message) } else { counter.note(message) }
                }
            default:
                break
            }
        }
        return counter.finish()
    }
}
