import Foundation

/// A deterministic Teletype JSONL transcript: alternating questions and replies, replies with a
/// reasoning step, a tool call and a Markdown answer.
enum TranscriptGenerator {
    /// Writes `messages` messages (or until `bytes` bytes) to `path`; returns the concatenated
    /// message texts, for the peer.
    @discardableResult
    static func write(to path: String, messages: Int = .max, bytes: Int = .max, texts: Bool = true) -> String {
        var rng = BenchmarkDocument.Generator(state: 7)
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { return "" }
        defer { try? handle.close() }
        var allTexts = ""
        var written = 0
        var buffer = ""
        var index = 0
        while index < messages && written < bytes {
            let line: String
            let text: String
            if index % 2 == 0 {
                text = BenchmarkDocument.sentence(&rng, words: 12 + rng.below(20)) + "?"
                line = "{\"id\":\"q\(index)\",\"role\":\"user\",\"text\":\(quoted(text))}"
            } else {
                text =
                    BenchmarkDocument.sentence(&rng, words: 40 + rng.below(60)) + "\n\n- "
                    + BenchmarkDocument.sentence(&rng, words: 10) + "\n- " + BenchmarkDocument.sentence(&rng, words: 10)
                    + "\n\n```swift\nlet answer = \(rng.below(100))\n```\n"
                let reasoning =
                    "{\"type\":\"ai_reasoning\",\"payload\":{\"id\":\"r\(index)\",\"summary\":\(quoted(BenchmarkDocument.sentence(&rng, words: 6))),\"duration_ms\":\(rng.below(20000))}}"
                let tool =
                    "{\"type\":\"ai_tool_call\",\"payload\":{\"id\":\"t\(index)\",\"name\":\"search_docs\",\"status\":\"completed\",\"arguments\":{\"q\":\(quoted(BenchmarkDocument.sentence(&rng, words: 3)))},\"summary\":\"\(rng.below(9) + 1) results\",\"duration_ms\":\(rng.below(3000))}}"
                line =
                    "{\"id\":\"a\(index)\",\"role\":\"assistant\",\"text\":\(quoted(text)),\"parts\":[\(reasoning),\(tool)]}"
            }
            if texts { allTexts += text + "\n\n" }
            buffer += line + "\n"
            written += line.utf8.count + 1
            if buffer.utf8.count > 1 << 20 {
                handle.write(Data(buffer.utf8))
                buffer = ""
            }
            index += 1
        }
        handle.write(Data(buffer.utf8))
        return allTexts
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
