import Teletype
import TeletypeTranscripts

/// Codex's patches as calls that show their diff, 2026's way included: a code-mode `exec` call
/// whose script applies a patch (`tools.apply_patch(patch)`, the patch in a string literal) is
/// read as the `apply_patch` call it is, and a `patch_apply_end` event that names no call Codex
/// recorded (its id is the run's, not the call's) answers the oldest patch call of its turn still
/// waiting, in order.
struct CodexPatches {
    private var waiting: [String] = []
    private var known: Set<String> = []

    /// The item as it should be read: an `exec` script that applies a patch becomes an
    /// `apply_patch` call with the patch as its input.
    mutating func item(_ item: JSONValue) -> JSONValue {
        guard item["type"]?.string == "custom_tool_call", let id = item["call_id"]?.string else { return item }
        let name = item["name"]?.string ?? ""
        if name == "apply_patch" {
            waiting.append(id)
            known.insert(id)
            return item
        }
        guard let input = item["input"]?.string, input.containsBytes("apply_patch"),
            let patch = Self.patch(inScript: input)
        else { return item }
        waiting.append(id)
        known.insert(id)
        guard case .object(var object) = item else { return item }
        object["name"] = "apply_patch"
        object["input"] = .string(patch)
        return .object(object)
    }

    /// A call's result recorded as an item: patches answered that way stop waiting.
    mutating func answered(_ item: JSONValue) {
        guard let id = item["call_id"]?.string else { return }
        waiting.removeAll { $0 == id }
    }

    /// The result item a `patch_apply_end` event stands for, or nil when its call has one already
    /// or none is waiting.
    mutating func result(ofPatchApplyEnd event: JSONValue) -> JSONValue? {
        let named = event["call_id"]?.string
        let id: String
        if let named, known.contains(named) {
            guard waiting.contains(named) else { return nil }
            id = named
        } else {
            guard let first = waiting.first else { return nil }
            id = first
        }
        waiting.removeAll { $0 == id }
        var said = [event["stdout"]?.string, event["stderr"]?.string].compactMap { $0 }.joined(separator: "\n")
        if said.isEmpty { said = event["success"] == .bool(false) ? "The patch was not applied." : "Applied." }
        let output: JSONValue =
            event["success"] == .bool(false) ? ["output": .string(said), "metadata": ["exit_code": 1]] : .string(said)
        let item: JSONValue = [
            "type": "custom_tool_call_output", "call_id": .string(id),
            "output": .string(output.string ?? output.jsonText),
        ]
        return item
    }

    /// The patch a script holds: the string literal that runs from `*** Begin Patch` to
    /// `*** End Patch`, its escapes read.
    static func patch(inScript script: String) -> String? {
        guard let begin = script.byteRange(of: "*** Begin Patch") else { return nil }
        // The literal's quote is the character before the patch.
        let quote = begin.lowerBound > script.startIndex ? script[script.index(before: begin.lowerBound)] : "\""
        guard quote == "\"" || quote == "'" || quote == "`" else { return nil }
        var out = ""
        var index = begin.lowerBound
        while index < script.endIndex {
            let character = script[index]
            if character == quote { break }
            if character == "\\", script.index(after: index) < script.endIndex {
                index = script.index(after: index)
                switch script[index] {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": break
                default: out.append(script[index])
                }
            } else {
                out.append(character)
            }
            index = script.index(after: index)
        }
        return out.containsBytes("*** End Patch") ? out : nil
    }
}
