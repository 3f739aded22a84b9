import Foundation
import Teletype
import TeletypeArchive
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// Secrets planted everywhere a session of every format holds text — prompts, replies, tool
/// arguments and output, paths, titles — each rule's example beside its near-miss: the exported page
/// holds none of the secrets that an export without redaction shows, and every near-miss it shows.
@Suite struct PlantedSecretsTests {
    /// Each rule's secret (the bytes it redacts of its example) and its near-miss.
    static let plants: [(secret: String, nearMiss: String)] = SecretRule.all.compactMap { rule in
        let redacted = SecretRedactor().redact(rule.example)
        guard redacted != rule.example else { return nil }
        // The secret: what the redaction took away (the name of an assignment, a header's, stays).
        let prefix = zip(rule.example, redacted).prefix { $0 == $1 }.count
        let suffix = zip(rule.example.reversed(), redacted.reversed()).prefix { $0 == $1 }.count
        let secret = String(rule.example.dropFirst(prefix).dropLast(suffix))
        guard secret.count >= 8 else { return nil }
        return (secret, rule.nearMiss)
    }

    /// Each rule's example in full, one after another, for the text of the next string planted.
    final class Planter: @unchecked Sendable {
        var next = 0

        func plant(into text: String) -> String {
            let rule = SecretRule.all[next % SecretRule.all.count]
            next += 1
            return text + " " + rule.example + " " + rule.nearMiss
        }

        /// A JSON value with every string of prose, a command or a path planted (a string that
        /// is JSON planted within).
        func plant(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string(let text):
                if text.hasPrefix("{") || text.hasPrefix("["), let inner = try? JSONParser.parse(text) {
                    return .string(plant(inner).jsonText)
                }
                return text.count >= 4 && (text.contains(" ") || text.contains("/"))
                    ? .string(plant(into: text)) : value
            case .array(let values): return .array(values.map(plant))
            case .object(let object):
                return .object(JSONObject(object.pairs.map { ($0.key, plant($0.value)) }))
            default: return value
            }
        }

        /// A file's text planted: each JSON document, or each line of text of Markdown.
        func plant(file text: String, ending: String) -> String {
            switch ending {
            case "json":
                return (try? JSONParser.parse(text)).map { plant($0).jsonText } ?? text
            case "jsonl":
                return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    (try? JSONParser.parse(String(line))).map { plant($0).jsonText } ?? String(line)
                }.joined(separator: "\n")
            default:
                return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    // Prose only: not markup, not a speaker's name (`user:`), not a word alone.
                    let markup = ["#", "`", "|", "<", "-", "*", "_", ">"].contains { trimmed.hasPrefix($0) }
                    let prose = trimmed.contains(" ") && !trimmed.hasSuffix(":")
                    return prose && !markup ? plant(into: String(line)) : String(line)
                }.joined(separator: "\n")
            }
        }
    }

    /// The fixtures of every agent's shapes that are files (not databases), and the three first
    /// agents'.
    static var fixtures: [String] {
        // (Antigravity's chunked log is left out: its lines run on across chunk files, which the
        // planting, a JSON line at a time, cannot read; its whole log is planted.)
        MoreAgentsTests.shapes.map(\.path).filter {
            !$0.hasSuffix(".sql") && !$0.hasPrefix("opencode/storage") && !$0.contains("/chunks/")
        }
            + ["../claude-code.jsonl", "../codex.jsonl", "../gemini-cli.json"]
    }

    @Test(arguments: fixtures)
    func aPageHoldsNoPlantedSecret(_ fixture: String) throws {
        let source = URL(fileURLWithPath: MoreAgentsTests.fixture(fixture)).standardizedFileURL
        let agentFolder =
            fixture.hasPrefix("../")
            ? source.deletingLastPathComponent()
            : {
                var folder = source.deletingLastPathComponent()
                while folder.deletingLastPathComponent().lastPathComponent != "agents" {
                    folder.deleteLastPathComponent()
                }
                return folder
            }()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-planted-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent(agentFolder.lastPathComponent)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if fixture.hasPrefix("../") {
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: copy.appendingPathComponent(source.lastPathComponent))
        } else {
            try FileManager.default.copyItem(at: agentFolder, to: copy)
        }
        // Every file of the agent's folder planted (a sidecar's title, a chunk's lines).
        let planter = Planter()
        let walker = FileManager.default.enumerator(at: copy, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            let ending = file.pathExtension
            guard ["json", "jsonl", "md", "txt", "yaml"].contains(ending),
                let text = try? String(contentsOf: file, encoding: .utf8)
            else { continue }
            try planter.plant(file: text, ending: ending).write(to: file, atomically: true, encoding: .utf8)
        }
        let input =
            fixture.hasPrefix("../")
            ? copy.appendingPathComponent(source.lastPathComponent)
            : copy.appendingPathComponent(String(source.path.dropFirst(agentFolder.path.count + 1)))
        var open = ConversationPageExporter(rendersBatchesInParallel: false)
        open.redactsSecrets = false
        let shown = try open.export(
            transcriptAt: input.path, name: fixture, to: folder.appendingPathComponent("open.html").path)
        let redacted = try ConversationPageExporter(rendersBatchesInParallel: false).export(
            transcriptAt: input.path, name: fixture, to: folder.appendingPathComponent("redacted.html").path)
        let openPage = try String(contentsOf: folder.appendingPathComponent("open.html"), encoding: .utf8)
        let page = try String(contentsOf: folder.appendingPathComponent("redacted.html"), encoding: .utf8)
        #expect(shown.redactions == nil && redacted.redactions != nil, "\(fixture): secrets were planted and found")
        // A near-miss may hold a short secret's characters: what is checked is the page without them.
        func withoutNearMisses(_ html: String) -> String {
            Self.plants.reduce(html) { html, plant in
                // As text, and as a string of JSON shown (a tool's arguments).
                let json = String(JSONValue.string(plant.nearMiss).jsonText.dropFirst().dropLast())
                return html.replacingOccurrences(of: HTMLEscape.text(plant.nearMiss), with: "")
                    .replacingOccurrences(of: HTMLEscape.text(json), with: "")
            }
        }
        let checkedOpen = withoutNearMisses(openPage)
        let checked = withoutNearMisses(page)
        if ProcessInfo.processInfo.environment["TELETYPE_KEEP_PLANTED"] != nil {
            try page.write(
                toFile: "/tmp/planted-" + fixture.replacingOccurrences(of: "/", with: "_") + ".html", atomically: true,
                encoding: .utf8)
        }
        var secretsShown = 0
        for plant in Self.plants {
            for form in Set([plant.secret, HTMLEscape.text(plant.secret)]) where checkedOpen.contains(form) {
                secretsShown += 1
                let leaked = checked.contains(form)
                #expect(!leaked, "\(fixture): \(plant.secret) is on the page")
            }
            let nearMiss = HTMLEscape.text(plant.nearMiss)
            if openPage.contains(nearMiss) {
                let kept = page.contains(nearMiss)
                #expect(kept, "\(fixture): \(plant.nearMiss) was taken")
            }
        }
        #expect(secretsShown > 0, "\(fixture): no planted secret shows on the page")
    }
}

/// Text as an HTML page writes it.
enum HTMLEscape {
    static func text(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
