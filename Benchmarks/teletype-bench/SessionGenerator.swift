import Foundation

/// A deterministic Claude Code session log shaped like a long real one: prompts, replies split
/// over one line a content block (thinking, text, tool calls), tool results with the outputs
/// agents see (command output, files read, edits, searches), linked by `parentUuid`.
enum SessionGenerator {
    /// Writes about `bytes` bytes of session to `path`.
    static func write(to path: String, bytes: Int) {
        var rng = BenchmarkDocument.Generator(state: 11)
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { return }
        defer { try? handle.close() }
        var written = 0
        var buffer = ""
        var parent = "null"
        var uuid = 0
        var message = 0
        var second = 0
        func line(_ type: String, _ body: String) {
            uuid += 1
            second += 1 + rng.below(20)
            let time =
                String(format: "2025-10-%02d", 1 + (second / 86_400) % 28) + "T"
                + String(format: "%02d:%02d:%02d", second / 3600 % 24, second / 60 % 60, second % 60) + ".000Z"
            let record =
                "{\"parentUuid\":\(parent),\"isSidechain\":false,\"userType\":\"external\",\"cwd\":\"/home/dev/project\","
                + "\"sessionId\":\"bench-session\",\"version\":\"2.0.30\",\"gitBranch\":\"main\",\"type\":\"\(type)\","
                + body + ",\"uuid\":\"u\(uuid)\",\"timestamp\":\"\(time)\"}"
            parent = "\"u\(uuid)\""
            buffer += record + "\n"
            written += record.utf8.count + 1
            if buffer.utf8.count > 1 << 20 {
                handle.write(Data(buffer.utf8))
                buffer = ""
            }
        }
        func assistant(_ block: String) {
            line(
                "assistant",
                "\"message\":{\"id\":\"msg_\(message)\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5\","
                    + "\"content\":[\(block)],\"usage\":{\"input_tokens\":\(100 + rng.below(900)),\"output_tokens\":\(20 + rng.below(400))}}"
            )
        }
        let q = TranscriptGenerator.quoted
        while written < bytes {
            line(
                "user",
                "\"message\":{\"role\":\"user\",\"content\":\(q(BenchmarkDocument.sentence(&rng, words: 10 + rng.below(30))))}"
            )
            for _ in 0..<(2 + rng.below(6)) {
                message += 1
                if rng.below(3) == 0 {
                    assistant(
                        "{\"type\":\"thinking\",\"thinking\":\(q(BenchmarkDocument.sentence(&rng, words: 30 + rng.below(60)))),\"signature\":\"c2ln\"}"
                    )
                }
                assistant(
                    "{\"type\":\"text\",\"text\":\(q(BenchmarkDocument.sentence(&rng, words: 15 + rng.below(40))))}")
                let id = "toolu_\(message)"
                // As Claude Code writes them: the result for the model, and under `toolUseResult` the
                // same output again as structured data (a file's whole text, a command's output).
                let (tool, input, output, structured): (String, String, String, String)
                let file = "/home/dev/project/Sources/File\(rng.below(50)).swift"
                switch rng.below(4) {
                case 0:
                    tool = "Bash"
                    input = "{\"command\":\"swift build && swift test --filter Test\(rng.below(99))\"}"
                    output = (0..<(5 + rng.below(60))).map { "[\($0)/80] Compiling Module\($0) File\($0).swift" }
                        .joined(separator: "\n")
                    structured = "{\"stdout\":\(q(output)),\"stderr\":\"\",\"interrupted\":false,\"isImage\":false}"
                case 1:
                    tool = "Read"
                    input = "{\"file_path\":\"\(file)\"}"
                    let lines = (1...(20 + rng.below(120))).map {
                        "    let value\($0) = compute(\($0)) // \(BenchmarkDocument.sentence(&rng, words: 4))"
                    }
                    output = lines.enumerated().map { String(format: "%6d→", $0.offset + 1) + $0.element }.joined(
                        separator: "\n")
                    structured =
                        "{\"type\":\"text\",\"file\":{\"filePath\":\"\(file)\",\"content\":\(q(lines.joined(separator: "\n"))),"
                        + "\"numLines\":\(lines.count),\"startLine\":1,\"totalLines\":\(lines.count)}}"
                case 2:
                    tool = "Edit"
                    input =
                        "{\"file_path\":\"\(file)\",\"old_string\":\(q("let a = 1\nlet b = 2\nprint(a + b)")),\"new_string\":\(q("let a = 1\nlet b = 3\nprint(a * b)"))}"
                    output = "The file has been updated."
                    let original = (0..<(5 + rng.below(40))).map {
                        "    let value\($0) = compute(\($0)) // \(BenchmarkDocument.sentence(&rng, words: 4))"
                    }
                    structured =
                        "{\"filePath\":\"\(file)\",\"oldString\":\(q("let a = 1\nlet b = 2\nprint(a + b)")),\"newString\":\(q("let a = 1\nlet b = 3\nprint(a * b)")),"
                        + "\"originalFile\":\(q((["let a = 1", "let b = 2", "print(a + b)"] + original).joined(separator: "\n"))),"
                        + "\"structuredPatch\":[{\"oldStart\":1,\"oldLines\":3,\"newStart\":1,\"newLines\":3,"
                        + "\"lines\":[\" let a = 1\",\"-let b = 2\",\"-print(a + b)\",\"+let b = 3\",\"+print(a * b)\"]}],"
                        + "\"userModified\":false,\"replaceAll\":false}"
                default:
                    tool = "Grep"
                    input = "{\"pattern\":\"func \\\\w+\",\"path\":\"Sources\"}"
                    output = (0..<(3 + rng.below(40))).map { "Sources/File\($0).swift:\($0 * 7): func f\($0)()" }
                        .joined(separator: "\n")
                    structured =
                        "{\"mode\":\"files_with_matches\",\"numFiles\":3,\"filenames\":[\"Sources/File1.swift\",\"Sources/File2.swift\",\"Sources/File3.swift\"]}"
                }
                assistant("{\"type\":\"tool_use\",\"id\":\"\(id)\",\"name\":\"\(tool)\",\"input\":\(input)}")
                line(
                    "user",
                    "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"\(id)\",\"content\":\(q(output))}]},"
                        + "\"toolUseResult\":\(structured)")
            }
            message += 1
            assistant(
                "{\"type\":\"text\",\"text\":\(q(BenchmarkDocument.sentence(&rng, words: 40 + rng.below(120)) + "\n\n- " + BenchmarkDocument.sentence(&rng, words: 8)))}"
            )
        }
        handle.write(Data(buffer.utf8))
    }
}
