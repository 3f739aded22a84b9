import Foundation

/// A deterministic ChatGPT data export (`conversations.json`) shaped like a real one of a heavy
/// user: conversations of a few to two hundred turns, each turn a node of the `mapping` tree with
/// the metadata ChatGPT keeps (model, request id, finish details, citations); replies regenerated
/// and prompts edited (siblings under one parent, a tree several versions deep), long replies of
/// code, pasted images (`image_asset_pointer`), thoughts and their recap, code sent to the python
/// tool with its output, and the hidden context ChatGPT adds.
enum ChatExportGenerator {
    /// Writes about `bytes` bytes of export to `path`.
    static func write(to path: String, bytes: Int) {
        var rng = BenchmarkDocument.Generator(state: 23)
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { return }
        defer { try? handle.close() }
        var written = 0
        var buffer = "["
        var conversation = 0
        var time = 1_700_000_000.0
        let q = TranscriptGenerator.quoted
        while written < bytes {
            conversation += 1
            let started = time
            var nodes: [(id: String, parent: String?, message: String?)] = []
            var children: [String: [String]] = [:]
            var node = 0
            func add(_ parent: String?, _ message: String?) -> String {
                node += 1
                let id = String(
                    format: "%08x-%04x-4%03x-8%03x-%012x", conversation, node, node % 4096, conversation % 4096, node)
                nodes.append((id, parent, message))
                if let parent { children[parent, default: []].append(id) }
                return id
            }
            func message(
                _ id: Int, role: String, content: String, recipient: String = "all", name: String = "null",
                metadata: String = ""
            ) -> String {
                time += Double(1 + rng.below(90))
                let meta =
                    metadata.isEmpty
                    ? "{}"
                    : "{\(metadata),\"request_id\":\"\(String(format: "%016llx", rng.next()))\",\"message_source\":null,\"timestamp_\":\"absolute\",\"message_type\":null}"
                return
                    "{\"id\":\"m\(conversation)-\(id)\",\"author\":{\"role\":\"\(role)\",\"name\":\(name),\"metadata\":{}},"
                    + "\"create_time\":\(time),\"update_time\":null,\"content\":\(content),\"status\":\"finished_successfully\","
                    + "\"end_turn\":true,\"weight\":1.0,\"metadata\":\(meta),\"recipient\":\"\(recipient)\",\"channel\":null}"
            }
            let model = rng.pick(["gpt-4o", "gpt-4o", "o3", "gpt-4-turbo", "gpt-5"])
            let assistantMeta =
                "\"model_slug\":\"\(model)\",\"default_model_slug\":\"\(model)\",\"finish_details\":{\"type\":\"stop\",\"stop_tokens\":[200002]},\"is_complete\":true,\"citations\":[],\"content_references\":[]"
            let root = add(nil, nil)
            var last = add(
                root,
                message(
                    0, role: "system", content: "{\"content_type\":\"text\",\"parts\":[\"\"]}",
                    metadata: "\"is_visually_hidden_from_conversation\":true"))
            if rng.below(3) == 0 {
                last = add(
                    last,
                    message(
                        1, role: "user",
                        content:
                            "{\"content_type\":\"user_editable_context\",\"user_profile\":\(q(BenchmarkDocument.sentence(&rng, words: 30))),\"user_instructions\":\(q(BenchmarkDocument.sentence(&rng, words: 40)))}",
                        metadata: "\"is_visually_hidden_from_conversation\":true,\"user_context_message_data\":{}"))
            }
            let turns = rng.below(10) == 0 ? 60 + rng.below(140) : 2 + rng.below(24)
            var versionsMade = 0
            func reply(after prompt: String, _ index: Int) -> String {
                var at = prompt
                if model == "o3" || rng.below(5) == 0 {
                    at = add(
                        at,
                        message(
                            index * 10 + 1, role: "assistant",
                            content:
                                "{\"content_type\":\"thoughts\",\"thoughts\":[{\"summary\":\(q(BenchmarkDocument.sentence(&rng, words: 5))),\"content\":\(q(BenchmarkDocument.sentence(&rng, words: 60 + rng.below(120))))}],\"source_analysis_msg_id\":\"x\"}",
                            metadata: assistantMeta))
                    at = add(
                        at,
                        message(
                            index * 10 + 2, role: "assistant",
                            content:
                                "{\"content_type\":\"reasoning_recap\",\"content\":\"Thought for \(2 + rng.below(40)) seconds\"}",
                            metadata: assistantMeta + ",\"finished_duration_sec\":\(2 + rng.below(40))"))
                }
                if rng.below(6) == 0 {
                    at = add(
                        at,
                        message(
                            index * 10 + 3, role: "assistant",
                            content:
                                "{\"content_type\":\"code\",\"language\":\"unknown\",\"response_format_name\":null,\"text\":\(q((0..<(3 + rng.below(20))).map { "x\($0) = compute(\($0))" }.joined(separator: "\n") + "\nprint(x0)"))}",
                            recipient: "python", metadata: assistantMeta))
                    at = add(
                        at,
                        message(
                            index * 10 + 4, role: "tool",
                            content:
                                "{\"content_type\":\"execution_output\",\"text\":\(q((0..<(1 + rng.below(15))).map { "row \($0): \(rng.below(1000))" }.joined(separator: "\n")))}",
                            name: "\"python\"",
                            metadata:
                                "\"is_complete\":true,\"aggregate_result\":{\"status\":\"success\",\"run_id\":\"r\"}"))
                }
                // The answer: prose, often a long listing of code.
                var text = BenchmarkDocument.sentence(&rng, words: 30 + rng.below(120))
                if rng.below(2) == 0 {
                    let lines = (0..<(20 + rng.below(160))).map {
                        "    let value\($0) = transform(input[\($0)]) // \(BenchmarkDocument.sentence(&rng, words: 3))"
                    }
                    text +=
                        "\n\n```swift\nfunc run() {\n" + lines.joined(separator: "\n") + "\n}\n```\n\n"
                        + BenchmarkDocument.sentence(&rng, words: 20)
                }
                if rng.below(4) == 0 {
                    text +=
                        "\n\n"
                        + (1...(3 + rng.below(5))).map {
                            "\($0). **\(BenchmarkDocument.sentence(&rng, words: 3))** — \(BenchmarkDocument.sentence(&rng, words: 12))"
                        }.joined(separator: "\n")
                }
                return add(
                    at,
                    message(
                        index * 10 + 5, role: "assistant",
                        content: "{\"content_type\":\"text\",\"parts\":[\(q(text))]}", metadata: assistantMeta))
            }
            for turn in 0..<turns {
                let words = BenchmarkDocument.sentence(&rng, words: 8 + rng.below(40))
                let content: String
                if rng.below(8) == 0 {
                    content =
                        "{\"content_type\":\"multimodal_text\",\"parts\":[{\"content_type\":\"image_asset_pointer\",\"asset_pointer\":\"file-service://file-\(String(format: "%022llx", rng.next()))\",\"size_bytes\":\(50_000 + rng.below(900_000)),\"width\":\(400 + rng.below(1600)),\"height\":\(300 + rng.below(1200)),\"fovea\":null,\"metadata\":{\"dalle\":null,\"gizmo\":null,\"sanitized\":true}},\(q(words))]}"
                } else {
                    content = "{\"content_type\":\"text\",\"parts\":[\(q(words))]}"
                }
                let parent = last
                let prompt = add(
                    parent,
                    message(
                        turn * 10, role: "user", content: content,
                        metadata:
                            "\"selected_github_repos\":[],\"serialization_metadata\":{\"custom_symbol_offsets\":[]}"))
                var answer = reply(after: prompt, turn)
                // A regenerated reply: another answer under the same prompt (sometimes twice).
                if rng.below(8) == 0 {
                    for _ in 0..<(1 + rng.below(2)) { answer = reply(after: prompt, turn + 1000) }
                    versionsMade += 1
                }
                // An edited prompt: a new version with its own answer; the old one keeps its own.
                if rng.below(14) == 0 {
                    let edited = add(
                        parent,
                        message(
                            turn * 10 + 7, role: "user",
                            content: "{\"content_type\":\"text\",\"parts\":[\(q(words + " (edited)"))]}"))
                    answer = reply(after: edited, turn + 2000)
                    versionsMade += 1
                }
                last = answer
            }
            var mapping: [String] = []
            mapping.reserveCapacity(nodes.count)
            for entry in nodes {
                let kids = (children[entry.id] ?? []).map { "\"\($0)\"" }.joined(separator: ",")
                mapping.append(
                    "\"\(entry.id)\":{\"id\":\"\(entry.id)\",\"message\":\(entry.message ?? "null"),\"parent\":\(entry.parent.map { "\"\($0)\"" } ?? "null"),\"children\":[\(kids)]}"
                )
            }
            let id = String(format: "%08x-0000-4000-8000-%012x", conversation, conversation)
            let record =
                (conversation > 1 ? ",\n" : "\n")
                + "{\"title\":\(q(BenchmarkDocument.sentence(&rng, words: 3 + rng.below(5)))),\"create_time\":\(started),\"update_time\":\(time),"
                + "\"mapping\":{\(mapping.joined(separator: ","))},\"moderation_results\":[],\"current_node\":\"\(last)\","
                + "\"plugin_ids\":null,\"conversation_id\":\"\(id)\",\"conversation_template_id\":null,\"gizmo_id\":null,"
                + "\"gizmo_type\":null,\"is_archived\":false,\"is_starred\":null,\"safe_urls\":[],\"blocked_urls\":[],"
                + "\"default_model_slug\":\"\(model)\",\"conversation_origin\":null,\"voice\":null,\"async_status\":null,"
                + "\"disabled_tool_ids\":[],\"is_do_not_remember\":false,\"memory_scope\":\"global_enabled\",\"id\":\"\(id)\"}"
            buffer += record
            written += record.utf8.count
            time += Double(3600 + rng.below(86_400))
            if buffer.utf8.count > 4 << 20 {
                handle.write(Data(buffer.utf8))
                buffer = ""
            }
            _ = versionsMade
        }
        buffer += "\n]\n"
        handle.write(Data(buffer.utf8))
    }
}
