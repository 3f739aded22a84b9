import Foundation
import Teletype
import TeletypeANSI
import TeletypeArchive
import TeletypeHTML
import TeletypeLayout
import TeletypeSessions
import TeletypeSnapshotTesting
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// Chat apps' data exports (ChatGPT's and Claude.ai's `conversations.json`): every conversation of
/// every real export of the corpus reads and shows its prompts and final answer in every output,
/// with its branch points marked, what the app hides left out, and every other version reachable
/// in the page; the tree walk holds on generated trees (the path shown is root → current, every
/// node is shown somewhere); a broken tree reads as far as it goes with a warning; a file that
/// is not JSON is named at its line and column.
@Suite struct ChatExportTests {
    /// What the export says, read here on its own with Foundation: each conversation's prompts
    /// and answer along the path the app shows, the texts of every node, the hidden texts, and how
    /// many branch points the path has.
    struct Expected {
        var prompts: [String] = []
        var answer: String?
        var everyText: [String] = []
        var hidden: [String] = []
        var branchPoints = 0
    }

    static func conversations(_ path: String) throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        return (value as? [[String: Any]]) ?? [(value as? [String: Any]) ?? [:]]
    }

    static func chatGPTTexts(_ message: [String: Any]) -> String {
        let content = message["content"] as? [String: Any] ?? [:]
        let text = ((content["parts"] as? [Any]) ?? []).compactMap { $0 as? String }.joined(separator: "\n\n")
        // A link's words show; where it points need not (an untrusted page drops a `sandbox:` link).
        return text.replacingOccurrences(of: #"\]\([^)]*\)"#, with: "]", options: .regularExpression)
    }

    static func expectedChatGPT(_ conversation: [String: Any]) -> Expected {
        var expected = Expected()
        let mapping = conversation["mapping"] as? [String: [String: Any]] ?? [:]
        func isHidden(_ message: [String: Any]) -> Bool {
            let metadata = message["metadata"] as? [String: Any] ?? [:]
            let type = (message["content"] as? [String: Any])?["content_type"] as? String
            return metadata["is_visually_hidden_from_conversation"] as? Bool == true || type == "user_editable_context"
        }
        for node in mapping.values {
            guard let message = node["message"] as? [String: Any] else { continue }
            let role = (message["author"] as? [String: Any])?["role"] as? String
            let type = (message["content"] as? [String: Any])?["content_type"] as? String ?? ""
            if isHidden(message) {
                let content = message["content"] as? [String: Any] ?? [:]
                expected.hidden += [chatGPTTexts(message), content["user_profile"] as? String ?? ""]
                    .filter { $0.count > 8 }
            } else if role == "user"
                || (role == "assistant" && message["recipient"] as? String ?? "all" == "all"
                    && ["text", "multimodal_text"].contains(type))
            {
                let text = chatGPTTexts(message)
                if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { expected.everyText.append(text) }
            }
        }
        var path: [[String: Any]] = []
        var current = conversation["current_node"] as? String
        var seen = Set<String>()
        while let id = current, let node = mapping[id], seen.insert(id).inserted {
            path.append(node)
            current = node["parent"] as? String
        }
        path.reverse()
        for (index, node) in path.enumerated() {
            if index > 0, let parent = node["parent"] as? String,
                ((mapping[parent]?["children"] as? [String]) ?? []).count > 1
            {
                expected.branchPoints += 1
            }
            guard let message = node["message"] as? [String: Any], !isHidden(message) else { continue }
            let role = (message["author"] as? [String: Any])?["role"] as? String
            let text = chatGPTTexts(message)
            let type = (message["content"] as? [String: Any])?["content_type"] as? String ?? ""
            if role == "user", !text.isEmpty { expected.prompts.append(text) }
            if role == "assistant", message["recipient"] as? String ?? "all" == "all",
                ["text", "multimodal_text"].contains(type), !text.isEmpty
            {
                expected.answer = text
            }
        }
        return expected
    }

    static func expectedClaude(_ conversation: [String: Any]) -> Expected {
        var expected = Expected()
        let messages = conversation["chat_messages"] as? [[String: Any]] ?? []
        func text(_ message: [String: Any]) -> String {
            let blocks = (message["content"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "text" }
            if blocks.isEmpty { return message["text"] as? String ?? "" }
            return blocks.compactMap { $0["text"] as? String }.joined(separator: "\n\n")
        }
        expected.everyText = messages.map(text).filter { !$0.isEmpty }
        var path = messages
        if messages.contains(where: { $0["parent_message_uuid"] != nil }) {
            var byID: [String: [String: Any]] = [:]
            for message in messages { if let id = message["uuid"] as? String { byID[id] = message } }
            path = []
            var current = conversation["current_leaf_message_uuid"] as? String ?? messages.last?["uuid"] as? String
            while let id = current, let message = byID[id] {
                path.append(message)
                current = message["parent_message_uuid"] as? String
            }
            path.reverse()
            for message in path.dropFirst() {
                let parent = message["parent_message_uuid"] as? String
                if messages.filter({ $0["parent_message_uuid"] as? String == parent }).count > 1 {
                    expected.branchPoints += 1
                }
            }
        }
        for message in path {
            let shown = text(message)
            guard !shown.isEmpty else { continue }
            if message["sender"] as? String == "human" {
                expected.prompts.append(shown)
            } else {
                expected.answer = shown
            }
        }
        return expected
    }

    static func show(_ transcript: Transcript, width: Int = 100) -> AgentSessionTests.Shown {
        let state = ConversationViewState(isRecorded: true)
        let layout = ConversationLayout(ui: AIUIHost(renderers: []))
        let rows =
            (transcript.conversation.map { [SessionHeader.row($0)] } ?? [])
            + layout.rows(for: transcript.messages, state: state)
        return AgentSessionTests.Shown(
            terminal: ConversationTerminalRenderer(width: width, capabilities: .full).render(rows),
            plain: ConversationTerminalRenderer(width: width, capabilities: .plain).render(rows),
            markdown: (transcript.conversation.map(SessionHeader.markdown) ?? "")
                + ConversationMarkdownWriter(state: state).write(transcript.messages),
            html: ConversationHTMLRenderer().render(rows))
    }

    static func check(_ export: ChatExport, expectations: [Expected], name: String) throws {
        #expect(
            export.conversations.count == expectations.count, "\(name): \(export.conversations.count) conversations")
        for (conversation, expected) in zip(export.conversations, expectations) {
            let transcript = try export.read(conversation)
            let shown = show(transcript)
            let label = "\(name) #\(conversation.position + 1)"
            for (output, text) in [
                ("terminal", TerminalOutput.visibleLines(shown.terminal).joined(separator: "\n")),
                ("plain", shown.plain), ("markdown", shown.markdown), ("html", shown.html),
            ] {
                let present = AgentSessionTests.words(text)
                for prompt in output == "html" ? expected.prompts : Array(expected.prompts.suffix(1)) {
                    let missing = AgentSessionTests.orderedWords(prompt).prefix(6).filter { !present.contains($0) }
                    #expect(
                        missing.isEmpty,
                        "\(label) \(output): prompt \(prompt.prefix(50).debugDescription) misses \(missing)")
                }
                if let answer = expected.answer, let first = answer.split(separator: "\n").first {
                    let missing = AgentSessionTests.orderedWords(String(first)).prefix(12).filter {
                        !present.contains($0)
                    }
                    #expect(missing.isEmpty, "\(label) \(output): the answer misses \(missing)")
                }
                for hidden in expected.hidden {
                    #expect(!text.contains(hidden), "\(label) \(output) shows a hidden message: \(hidden.prefix(40))")
                }
            }
            // Every version of the conversation is in the page.
            let page = AgentSessionTests.words(shown.html)
            for text in expected.everyText {
                let missing = AgentSessionTests.orderedWords(text).prefix(6).filter { !page.contains($0) }
                #expect(missing.isEmpty, "\(label): the page misses \(text.prefix(50).debugDescription)")
            }
            let marked = shown.plain.components(separatedBy: "↺ Version").count - 1
            #expect(
                marked == expected.branchPoints,
                "\(label): \(marked) branch points marked, \(expected.branchPoints) in the tree")
            for output in [shown.terminal, shown.plain, shown.markdown] {
                #expect(TerminalOutput.foreignSequences(in: output).isEmpty, "\(label) lets escapes through")
            }
            #expect(HTMLSafety.problems(in: shown.html).isEmpty, "\(label): \(HTMLSafety.problems(in: shown.html))")
        }
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: Corpus.chatExports)
    func everyRealExportShowsItsConversations(_ path: String) throws {
        let full = Corpus.sessionPath(path)
        let export = try ChatExport.open(full)
        let conversations = try Self.conversations(full)
        let isChatGPT = path.hasPrefix("chatgpt/")
        #expect(export.app == (isChatGPT ? .chatgpt : .claudeAI))
        try Self.check(
            export, expectations: conversations.map(isChatGPT ? Self.expectedChatGPT : Self.expectedClaude), name: path)
    }

    static func fixture(_ name: String) -> String {
        PackageRoot.url.appendingPathComponent("Tests/Fixtures/exports/\(name)").path
    }

    @Test(arguments: ["chatgpt.json", "claude-ai.json"])
    func eachFixtureShowsItsConversations(_ name: String) throws {
        let path = Self.fixture(name)
        let conversations = try Self.conversations(path)
        try Self.check(
            try ChatExport.open(path),
            expectations: conversations.map(name.hasPrefix("chatgpt") ? Self.expectedChatGPT : Self.expectedClaude),
            name: name)
    }

    @Test(arguments: ["chatgpt.json", "claude-ai.json"])
    func eachFormatIsASnapshot(_ name: String) throws {
        let export = try ChatExport.open(Self.fixture(name))
        let shown = Self.show(try export.read(export.find("1")), width: 80)
        let base = String(name.split(separator: ".").first ?? "")
        assertSnapshot(of: shown.plain, as: AgentSessionTests.text, named: base)
        assertSnapshot(of: shown.markdown, as: AgentSessionTests.markdown, named: base)
        assertSnapshot(of: shown.html, as: AgentSessionTests.html, named: base)
    }

    /// A file is told to be an export from its first object's keys however far into its first
    /// megabyte they come (the first 16 KB are read first, the rest only when that object goes on
    /// past them), and a session whose first record ends early is not one.
    @Test func anExportIsToldWhereverItsKeysAre() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("detect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func detected(_ text: String) throws -> ChatExport.App? {
            let file = folder.appendingPathComponent("f.json")
            try Data(text.utf8).write(to: file)
            return ChatExport.detect(fileAt: file.path)
        }
        for padding in [0, 100, 16 << 10, 20 << 10, 900 << 10] {
            let title = String(repeating: "t", count: padding)
            #expect(try detected(#"[{"title": "\#(title)", "mapping": {}}]"#) == .chatgpt, "\(padding)")
            #expect(try detected(#"[{"name": "\#(title)", "chat_messages": []}]"#) == .claudeAI, "\(padding)")
            // A session log: its first record, whatever its length, then the next.
            #expect(try detected(#"{"type": "user", "text": "\#(title)"}"# + "\n" + #"{"mapping": 1}"#) == nil)
        }
        // Past the first megabyte the keys are not looked for.
        let long = String(repeating: "t", count: 1 << 20)
        #expect(try detected(#"[{"title": "\#(long)", "mapping": {}}]"#) == nil)
    }

    /// What the fixtures hold shows as it should.
    @Test func theFixturesShowWhatTheyHold() throws {
        let chatgpt = try ChatExport.open(Self.fixture("chatgpt.json"))
        #expect(chatgpt.newestFirst.map(\.title) == ["Walking in Lisbon", "Arithmetic"])
        let trip = Self.show(try chatgpt.read(chatgpt.find("lisbon walking"))).plain
        for expected in [
            "map.png (file-Map1234, a file of the export)", "Version 2 of 2: the reply was regenerated here",
            "Version 2 of 2: the prompt was edited here", "--branch u2-old", "Thought for 4s · Weighing the districts",
            "python", "Visit Lisbon", "Pastéis de nata", "ChatGPT · gpt-4o",
        ] {
            #expect(trip.contains(expected), "missing \(expected.debugDescription) in\n\(trip)")
        }
        #expect(!trip.contains("HIDDEN") && !trip.contains("\u{1B}[31m"))
        // Another version, chosen: the edited prompt's first version, with its failed call.
        let other = Self.show(try chatgpt.read(chatgpt.find("6751"), branch: "u2-old")).plain
        #expect(other.contains("And for food?") && other.contains("Try bacalhau") && !other.contains("Pastéis"))
        #expect(other.contains("Version 1 of 2: the prompt was edited here · to show another: --branch u2"))
        #expect(other.contains("Code execution timed out"))
        let claude = try ChatExport.open(Self.fixture("claude-ai.json"))
        let party = Self.show(try claude.read(claude.find("party"))).plain
        for expected in [
            "notes.txt", "Task one: book the room", "… 2 more lines", "Thought for 3s · Reading the notes",
            "Searching the web", "Version 2 of 2: the reply was regenerated here", "menus crisp",
        ] {
            #expect(party.contains(expected), "missing \(expected.debugDescription) in\n\(party)")
        }
        let old = Self.show(try claude.read(claude.find("2"))).plain
        #expect(old.contains("Hello from an old export") && old.contains("Only text in these"))
    }

    @Test func conversationsAreChosenByNumberIDOrTitle() throws {
        let export = try ChatExport.open(Self.fixture("chatgpt.json"))
        #expect(try export.find("2").title == "Arithmetic")
        #expect(try export.find("11111111-2222-4333-8444-555555555555").title == "Arithmetic")
        #expect(try export.find("1111").title == "Arithmetic")
        #expect(try export.find("ARITHMETIC").title == "Arithmetic")
        for wrong in ["3", "0", "nothing like it"] {
            #expect(throws: ChatExportSelectionError.self) { try export.find(wrong) }
        }
    }

    // MARK: The tree

    /// A random conversation tree: each node a user or assistant message with its own words, the
    /// children of a node in the order the app keeps them, `current_node` a leaf.
    static func generatedTree(seed: UInt64) -> (conversation: JSONValue, texts: [String: String], path: [String]) {
        var generator = SeededGenerator(seed: seed)
        let count = Int.random(in: 2...60, using: &generator)
        var parents: [Int?] = [nil]
        var children: [[Int]] = [[]]
        for node in 1..<count {
            // Mostly a line, sometimes a new version under an earlier node.
            let parent =
                Int.random(in: 0..<10, using: &generator) < 7 ? node - 1 : Int.random(in: 0..<node, using: &generator)
            parents.append(parent)
            children.append([])
            children[parent].append(node)
        }
        let leaves = (0..<count).filter { children[$0].isEmpty }
        let current = leaves.randomElement(using: &generator)!
        var mapping: [(String, JSONValue)] = []
        var texts: [String: String] = [:]
        for node in 0..<count {
            let role = node % 2 == 0 ? "user" : "assistant"
            let text = "word\(node)x node\(node)y"
            texts["n\(node)"] = text
            let message: JSONValue = [
                "id": .string("n\(node)"), "author": ["role": .string(role)],
                "content": ["content_type": "text", "parts": [.string(text)]], "recipient": "all",
            ]
            mapping.append(
                (
                    "n\(node)",
                    [
                        "id": .string("n\(node)"), "parent": parents[node].map { .string("n\($0)") } ?? .null,
                        "children": .array(children[node].map { .string("n\($0)") }), "message": message,
                    ]
                ))
        }
        var path: [String] = []
        var walk: Int? = current
        while let node = walk {
            path.append("n\(node)")
            walk = parents[node]
        }
        return (
            ["mapping": .object(JSONObject(mapping)), "current_node": .string("n\(current)")], texts, path.reversed()
        )
    }

    @Test(arguments: 0..<200)
    func theTreeShowsThePathToTheCurrentNodeAndReachesEveryNode(_ seed: Int) throws {
        let (conversation, texts, path) = Self.generatedTree(seed: UInt64(seed))
        let text = conversation.jsonText
        let export = try text.withCString { pointer in
            try ChatExport(bytes: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), name: "tree.json")
        }
        let transcript = try export.read(export.conversations[0])
        let messages = transcript.messages
        #expect(transcript.notices.isEmpty)
        // The messages shown are the path's (a user's message each; an assistant's run one reply).
        let shownTexts = messages.map(\.text).joined(separator: "\n\n")
        let pathTexts = path.map { texts[$0]! }.joined(separator: "\n\n")
        #expect(shownTexts == pathTexts, "seed \(seed)")
        // Every node is shown: on the path, or in a version at a branch point.
        var reached = Set<String>()
        func visit(_ messages: [Message]) {
            for message in messages {
                for word in message.text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
                    reached.insert(String(word))
                }
                for alternative in message.branchPoint?.alternatives ?? [] { visit(alternative) }
            }
        }
        visit(messages)
        for (node, text) in texts {
            #expect(
                text.split(separator: " ").allSatisfy { reached.contains(String($0)) },
                "seed \(seed): \(node) is not reachable")
        }
    }

    /// A file of many conversations whose strings hold what a splitter could stumble on (quotes,
    /// backslashes, brackets, escapes, other scripts), laid out with any spaces and line breaks, and
    /// large enough that its pieces are read in several reads: split exactly where Foundation's
    /// parser sees its elements.
    @Test(arguments: [1, 2, 3])
    func anExportIsSplitIntoItsConversationsWhereverItsReadsEnd(_ seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed))
        let tricky = [
            "a \\\"quoted\\\" [word]", "{not an object}", "back\\\\slash\\\\", "é中文😀", "\\u005d]", "line\\nbreak",
            ",]}",
        ]
        var text = Int.random(in: 0..<2, using: &generator) == 0 ? "\u{FEFF}[" : " \n ["
        var titles: [String] = []
        var size = 0
        var index = 0
        while size < 9_000_000 {
            let title = "t\(index) " + tricky.randomElement(using: &generator)!
            titles.append(title)
            let filler = String(
                repeating: tricky.randomElement(using: &generator)! + " ",
                count: Int.random(in: 1...4000, using: &generator))
            let space = [" ", "\n", "\r\n  ", "\t", ""].randomElement(using: &generator)!
            let conversation =
                "{\"id\":\"c\(index)\",\(space)\"title\": \"\(title)\", \"mapping\": {\"r\": {\"id\": \"r\", \"message\": null, \"children\": [], \"filler\": [\"\(filler)\", [[{}]]]}}, \"current_node\": \"r\"}"
            text += (index > 0 ? "," + space : space) + conversation
            size += conversation.utf8.count
            index += 1
        }
        text += "\n]\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("split-\(seed)-\(UUID()).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []
        let export = try ChatExport.open(url.path)
        #expect(export.conversations.count == parsed.count)
        #expect(
            export.conversations.map(\.title)
                == parsed.map { ($0["title"] as? String ?? "").trimmingCharacters(in: .whitespaces) })
        #expect(export.conversations.map(\.id) == parsed.map { $0["id"] as? String ?? "" })
        // Each piece is its conversation: read whole, it is the one the listing names.
        for conversation in export.conversations.shuffled(using: &generator).prefix(20) {
            let transcript = try export.read(conversation)
            #expect(transcript.conversation?.id == conversation.id && transcript.notices.isEmpty)
        }
    }

    /// A reply regenerated 20,000 times (ids that share long starts, as ChatGPT's do): every
    /// version is at the branch point, each named by a start of its id no other has.
    @Test func manyVersionsAtOneBranchPointAreEachNamed() throws {
        let count = 20_000
        var mapping = [
            #""root": {"id": "root", "parent": null, "children": ["aaaa0000-prompt"], "message": null}"#,
            #""aaaa0000-prompt": {"id": "aaaa0000-prompt", "parent": "root", "children": ["#
                + (0..<count).map { "\"aaaa0000-\(String(format: "%06d", $0))\"" }.joined(separator: ",")
                + #"], "message": {"author": {"role": "user"}, "content": {"content_type": "text", "parts": ["Again?"]}}}"#,
        ]
        for index in 0..<count {
            let id = "aaaa0000-" + String(format: "%06d", index)
            mapping.append(
                "\"\(id)\": {\"id\": \"\(id)\", \"parent\": \"aaaa0000-prompt\", \"children\": [], \"message\": {\"author\": {\"role\": \"assistant\"}, \"content\": {\"content_type\": \"text\", \"parts\": [\"Answer \(index)\"]}}}"
            )
        }
        let json =
            "[{\"id\": \"many\", \"current_node\": \"aaaa0000-000007\", \"mapping\": {\(mapping.joined(separator: ","))}}]"
        let export = try json.withCString { pointer in
            try ChatExport(bytes: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), name: "many.json")
        }
        let transcript = try export.read(export.conversations[0])
        let reply = try #require(transcript.messages.last)
        #expect(reply.text == "Answer 7")
        let branch = try #require(reply.branchPoint)
        #expect(branch.version == 8 && branch.count == count && branch.alternatives.count == count - 1)
        #expect(Set(branch.selectors).count == count - 1)
        #expect(branch.selectors.first == "aaaa0000-000000" && branch.selectors.allSatisfy { $0.count == 15 })
    }

    @Test func aBrokenTreeIsShownAsFarAsItGoesWithAWarning() throws {
        func conversation(_ nodes: [(String, String?, [String], String)], current: String?) -> String {
            var mapping: [String] = []
            for (id, parent, children, text) in nodes {
                let role = id.hasPrefix("u") ? "user" : "assistant"
                mapping.append(
                    "\"\(id)\": {\"id\": \"\(id)\", \"parent\": \(parent.map { "\"\($0)\"" } ?? "null"), \"children\": [\(children.map { "\"\($0)\"" }.joined(separator: ","))], \"message\": {\"id\": \"\(id)\", \"author\": {\"role\": \"\(role)\"}, \"content\": {\"content_type\": \"text\", \"parts\": [\"\(text)\"]}}}"
                )
            }
            let currentJSON = current.map { "\"\($0)\"" } ?? "null"
            return
                "[{\"id\": \"broken\", \"title\": \"Broken\", \"current_node\": \(currentJSON), \"mapping\": {\(mapping.joined(separator: ","))}}]"
        }
        let cases: [(String, String, [String])] = [
            // A parent that is not there: from the first node whose parent is known.
            (
                conversation(
                    [("u1", "gone", ["a1"], "first question"), ("a1", "u1", [], "first answer")], current: "a1"),
                "parent is not in the conversation", ["first question", "first answer"]
            ),
            // A cycle: from where it closes.
            (
                conversation(
                    [("u1", "a1", ["a1"], "loop question"), ("a1", "u1", ["u1"], "loop answer")], current: "a1"),
                "form a cycle", ["loop answer"]
            ),
            // A current node that is not in the tree: the newest leaf.
            (
                conversation(
                    [("u1", nil, ["a1"], "lost question"), ("a1", "u1", [], "lost answer")], current: "nowhere"),
                "current message is not in the conversation", ["lost question", "lost answer"]
            ),
        ]
        for (json, warning, shown) in cases {
            let export = try json.withCString { pointer in
                try ChatExport(
                    bytes: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), name: "broken.json")
            }
            let transcript = try export.read(export.conversations[0])
            #expect(transcript.notices.count == 1, "\(transcript.notices)")
            #expect(transcript.notices.first?.contains("broken.json: conversation \"Broken\" (broken)") == true)
            #expect(transcript.notices.first?.contains(warning) == true, "\(transcript.notices)")
            let text = transcript.messages.map(\.text).joined(separator: "\n")
            for words in shown { #expect(text.contains(words), "\(warning): \(text)") }
        }
    }

    @Test func aFileThatIsNotAnExportIsNamedAtItsLineAndColumn() throws {
        let cases: [(String, Int, Int, String)] = [
            ("[{\"mapping\": {}, \"title\": \"a\"},\n  {\"mapping\": {}\n", 3, 1, "ends inside a conversation"),
            ("[{\"mapping\": {}}, 7]", 1, 19, "expected a conversation"),
            ("[{\"mapping\": {}},]", 1, 18, "after ','"),
            ("[{\"mapping\": {}}] x", 1, 19, "unexpected text"),
        ]
        for (json, line, column, message) in cases {
            do {
                _ = try json.withCString { pointer in
                    try ChatExport(
                        bytes: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), name: "bad.json")
                }
                Issue.record("\(json.debugDescription) read")
            } catch let error as TranscriptError {
                #expect(error.line == line && error.column == column, "\(json.debugDescription): \(error)")
                #expect(error.message.contains(message), "\(error)")
            } catch {
                Issue.record("\(json.debugDescription): \(error)")
            }
        }
        // A conversation that is not JSON inside: named where it is in the file, the others read.
        let json = "[\n{\"id\": \"good\", \"mapping\": {}},\n{\"id\": \"bad\", \"mapping\": {\"x\": tru}}\n]"
        let export = try json.withCString { pointer in
            try ChatExport(bytes: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), name: "some.json")
        }
        #expect(export.conversations.count == 2)
        _ = try export.read(export.conversations[0])
        #expect {
            try export.read(export.conversations[1])
        } throws: { error in
            (error as? TranscriptError).map { $0.file == "some.json" && $0.line == 3 && $0.column == 32 } ?? false
        }
    }
}
