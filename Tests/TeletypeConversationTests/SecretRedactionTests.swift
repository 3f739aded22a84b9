import Foundation
import Teletype
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// The secret rules: each rule's example is redacted and named, its near miss is left alone; a
/// message's secrets are redacted wherever they are in it, its steps kept where they were; the real
/// sessions of the corpus keep their words.
@Suite struct SecretRedactionTests {
    let redactor = SecretRedactor()

    @Test(arguments: SecretRule.all.indices)
    func eachRuleFindsItsExampleAndLeavesItsNearMiss(_ index: Int) {
        let rule = SecretRule.all[index]
        var tally = SecretRedactor.Tally()
        let redacted = redactor.redact(rule.example, into: &tally)
        #expect(redacted.contains("[REDACTED \(rule.name)]"), "\(rule.name): \(redacted)")
        #expect(tally.counts[rule.name] == 1, "\(rule.name): \(tally.counts)")
        // Nothing of the secret is left: no run of 12 characters of the example's survives but the
        // words around it.
        var near = SecretRedactor.Tally()
        #expect(redactor.redact(rule.nearMiss, into: &near) == rule.nearMiss, "\(rule.name) near miss")
        #expect(near.total == 0)
    }

    /// Each rule's example is found wherever it stands: the text's first bytes, its last, or
    /// between words of any length (the scan steps through the text's pairs of bytes).
    @Test(arguments: SecretRule.all.indices)
    func anExampleIsFoundWhereverItStands(_ index: Int) {
        let rule = SecretRule.all[index]
        for before in ["", "a ", "ab\t", "x\n", "(", "text of seven words or so, then "] {
            for after in ["", " ", ".", " and more words after it"] {
                var tally = SecretRedactor.Tally()
                let text = before + rule.example + after
                _ = redactor.redact(text, into: &tally)
                #expect(tally.counts[rule.name] == 1, "\(rule.name) in \(text.debugDescription): \(tally.counts)")
            }
        }
    }

    @Test func theValueGoesTheNameStays() {
        let text = """
            export OPENAI_API_KEY=sk-proj-\(String(repeating: "a1B2c3D4", count: 6))
            DATABASE_URL=postgres://app:Hunter2Hunter2@db:5432/app
            curl -H "Authorization: Bearer abcdef0123456789abcdef" https://api.example.com
            """
        var tally = SecretRedactor.Tally()
        let redacted = redactor.redact(text, into: &tally)
        #expect(redacted.contains("export OPENAI_API_KEY=[REDACTED openai-key]"), "\(redacted)")
        #expect(redacted.contains("postgres://app:[REDACTED url-password]@db:5432/app"), "\(redacted)")
        #expect(redacted.contains("Authorization: Bearer [REDACTED authorization-header]"), "\(redacted)")
        #expect(!redacted.contains("Hunter2") && !redacted.contains("a1B2c3D4"))
        #expect(tally.summary == "3 secrets redacted (1 authorization-header, 1 openai-key, 1 url-password)")
    }

    @Test func codeThatNamesSecretsIsNotOne() {
        let code = """
            api_key = os.environ["OPENAI_API_KEY"]
            token = getpass()
            password: ${DB_PASSWORD}
            SECRET_KEY = settings.SECRET_KEY
            max_tokens: 4096
            "input_tokens": 1234567890
            if token == expected_token_value:
            sort_key = created_at
            commit 3f786850e387550fdab836ed7e6dc881de23001b
            id 019a2b3c-4d5e-6f70-8192-a3b4c5d6e7f8
            """
        var tally = SecretRedactor.Tally()
        #expect(redactor.redact(code, into: &tally) == code, "\(tally.counts)")
    }

    @Test func aMessageIsRedactedEverywhereItsStepsKept() throws {
        let key = "ghp_" + String(repeating: "a1B2c3", count: 6)
        let call = AIToolCallPart(
            id: "c1", name: "bash", arguments: .object(JSONObject([("command", .string("echo \(key)"))])),
            output: .string("GITHUB_TOKEN=\(key)\n"), errorText: nil)
        let joined = AITextRun.joined([(0, "My token is \(key)"), (1, "Done.")])
        var message = Message(
            id: "m1", role: .assistant, text: joined.text, parts: [.toolCall(call)],
            reasoningTexts: ["r": "the user pasted \(key)"])
        message.textRuns = joined.runs
        var tally = SecretRedactor.Tally()
        let redacted = redactor.redact(message, into: &tally)
        #expect(tally.counts["github-token"] == 4, "\(tally.counts)")
        #expect(!"\(redacted)".contains(key))
        let pieces = try #require(AITextRun.pieces(of: redacted.text, runs: redacted.textRuns))
        #expect(pieces.map { $0.afterParts } == [0, 1] && pieces[1].text == "Done.", "the steps stay where they were")
        #expect(pieces[0].text == "My token is [REDACTED github-token]")
    }

    /// A secret in one step is redacted there, and the steps without one come back as they were:
    /// an error's text, a subagent's reply, a thinking's summary; the description of the message
    /// shows its fields (what the check above reads).
    @Test func stepsWithoutASecretAreLeftAsTheyWere() throws {
        let key = "ghp_" + String(repeating: "a1B2c3", count: 6)
        let clean = AIToolCallPart(id: "c0", name: "read", arguments: .object(JSONObject([("path", .string("a.txt"))])))
        let failed = AIToolCallPart(id: "c1", name: "bash", errorText: "bad token \(key)")
        var delegated = AIToolCallPart(id: "c2", name: "Task")
        delegated.subagent = AISubagent(
            title: "Explore", messages: [Message(id: "s1", role: .assistant, text: "found \(key) in .env")])
        let thought = AIReasoningPart(id: "r1", summary: "the token is \(key)")
        let message = Message(
            id: "m1", role: .assistant, text: "Done.",
            parts: [.toolCall(clean), .toolCall(failed), .toolCall(delegated), .reasoning(thought)])
        #expect("\(message)".contains(key) && "\(message)".contains("Done."))
        var tally = SecretRedactor.Tally()
        let redacted = redactor.redact(message, into: &tally)
        #expect(tally.total == 3 && tally.counts["github-token"] == 3, "\(tally.counts)")
        #expect(!"\(redacted)".contains(key))
        #expect(redacted.text == "Done." && redacted.parts[0] == .toolCall(clean))
        guard case .toolCall(let call) = redacted.parts[1], case .toolCall(let agent) = redacted.parts[2],
            case .reasoning(let reasoning) = redacted.parts[3]
        else {
            Issue.record("the steps changed kind")
            return
        }
        #expect(call.errorText == "bad token [REDACTED github-token]" && call.name == "bash")
        #expect(agent.subagent?.messages.first?.text == "found [REDACTED github-token] in .env")
        #expect(agent.subagent?.title == "Explore" && reasoning.summary == "the token is [REDACTED github-token]")
        var none = SecretRedactor.Tally()
        let unchanged = Message(id: "m2", role: .assistant, text: "Nothing here.", parts: [.toolCall(clean)])
        #expect(redactor.redact(unchanged, into: &none) == unchanged && none.total == 0)
    }

    /// A tool's arguments: each secret redacted wherever it stands (first, inside, last, nested,
    /// under a name that says it is one), every other value and the order of keys as they were;
    /// arguments with no secret come back as they were.
    @Test func toolArgumentsAreRedactedWhereTheSecretsAre() throws {
        let key = "ghp_" + String(repeating: "a1B2c3", count: 6)
        let hidden = "[REDACTED github-token]"
        func call(_ arguments: JSONValue) -> Message {
            Message(
                id: "m", role: .assistant, text: "",
                parts: [
                    .toolCall(AIToolCallPart(id: "c", name: "x", arguments: arguments, output: nil, errorText: nil))
                ])
        }
        func arguments(of message: Message) -> JSONValue? {
            guard case .toolCall(let call)? = message.parts.first else { return nil }
            return call.arguments
        }
        let nested: JSONValue = .object(
            JSONObject([
                ("first", .string(key)), ("plain", .string("nothing here")),
                (
                    "list",
                    .array([.string("a"), .string("b \(key)"), .number(3), .array([.string(key)]), .string("z")])
                ),
                ("deep", .object(JSONObject([("keep", .bool(true)), ("inner", .string("token \(key) end"))]))),
                ("last", .string(key)),
            ]))
        let expected: JSONValue = .object(
            JSONObject([
                ("first", .string(hidden)), ("plain", .string("nothing here")),
                (
                    "list",
                    .array([.string("a"), .string("b \(hidden)"), .number(3), .array([.string(hidden)]), .string("z")])
                ),
                ("deep", .object(JSONObject([("keep", .bool(true)), ("inner", .string("token \(hidden) end"))]))),
                ("last", .string(hidden)),
            ]))
        var tally = SecretRedactor.Tally()
        #expect(arguments(of: redactor.redact(call(nested), into: &tally)) == expected)
        #expect(tally.counts["github-token"] == 5, "\(tally.counts)")
        let clean: JSONValue = .object(
            JSONObject([("a", .array([.string("x"), .object(JSONObject([("b", .string("y"))]))])), ("c", .null)]))
        var none = SecretRedactor.Tally()
        #expect(arguments(of: redactor.redact(call(clean), into: &none)) == clean && none.total == 0)
        // A value judged with its name: the name stays, the value goes.
        var named = SecretRedactor.Tally()
        let assignment: JSONValue = .object(
            JSONObject([("mode", .string("fast")), ("api_key", .string("Zx81kQ2mN7pL4vB9tR6wY3cD")), ("n", .number(1))])
        )
        let redacted = try #require(arguments(of: redactor.redact(call(assignment), into: &named)))
        guard case .object(let object) = redacted else {
            Issue.record("\(redacted)")
            return
        }
        #expect(object.keys == ["mode", "api_key", "n"] && object["mode"] == .string("fast"))
        #expect(object["api_key"] != .string("Zx81kQ2mN7pL4vB9tR6wY3cD") && named.total == 1, "\(redacted)")
    }

    /// The corpus's real sessions, every file: what is redacted is listed, and stays rare (the
    /// sessions hold a few real keys their authors pasted; nothing else should be taken).
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func realSessionsKeepTheirWords() throws {
        var bytes = 0
        var tally = SecretRedactor.Tally()
        for name in Set(Corpus.agentSessions + Corpus.moreAgentFiles + Corpus.chatExports) {
            guard let data = FileManager.default.contents(atPath: Corpus.sessionPath(name)),
                let text = String(data: data, encoding: .utf8)
            else { continue }
            bytes += data.count
            _ = redactor.redact(text, into: &tally)
        }
        let perTenMB = Double(tally.total) / (Double(bytes) / 10_000_000)
        #expect(perTenMB <= 1, "\(tally.summary ?? "none") in \(bytes) bytes")
    }
}
