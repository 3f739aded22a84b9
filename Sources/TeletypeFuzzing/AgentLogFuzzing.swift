import Foundation
import Teletype
import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeSessions
import TeletypeTranscripts

/// An agent's log, as a file on disk (where readers find the files beside it), read as each agent's
/// format in turn and as detected: read or a located error; drawn safely; and the same messages
/// whether read a record at a time (as `render` reads a file) or whole.
enum AgentLogFuzzing {
    static func problems(in bytes: [UInt8]) -> [String] {
        // A folder of each call's own: tests run it on several threads at once.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "teletype-fuzz-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("session.jsonl").path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return [] }
        let lineCount = ErrorLocationChecks.lineCount(bytes)
        var problems: [String] = []
        let agents = [nil] + SessionAgent.allCases.map { TranscriptFormat(rawValue: $0.rawValue) }
        for format in agents {
            let name = format?.rawValue ?? "detected"
            var streamed: [Message] = []
            let streamResult: Result<TranscriptFormat, any Error> = Result {
                try ConversationStream(format: format).forEachMessage(inFileAt: path, name: path) {
                    streamed.append($0)
                }
            }
            let wholeResult: Result<Transcript, TranscriptError>
            do throws(TranscriptError) {
                wholeResult = .success(try ConversationReader(format: format).read(Data(bytes), file: path))
            } catch {
                wholeResult = .failure(error)
            }
            // Read again as a large log is (its shown records read a second time by their place).
            var again: [Message] = []
            let againResult: Result<TranscriptFormat, any Error> = SessionReadingLimits.$keptParsedBytes.withValue(0) {
                Result {
                    try ConversationStream(format: format).forEachMessage(inFileAt: path, name: path) {
                        again.append($0)
                    }
                }
            }
            if (try? againResult.get()) != (try? streamResult.get()) || again != streamed {
                problems.append(
                    "\(name): read as a large log, \(again.count) messages; as a small one, \(streamed.count)")
            }
            switch (streamResult, wholeResult) {
            case (.success, .success(let whole)):
                if streamed.map(\.id) != whole.messages.map(\.id) {
                    problems.append(
                        "\(name): read a record at a time, \(streamed.count) messages; whole, \(whole.messages.count)")
                }
                problems += ConversationChecks.problems(whole.messages, name)
            case (.failure(let error as TranscriptError), .failure):
                problems += ErrorLocationChecks.problems(error, lineCount: lineCount, name)
            case (.failure, .failure):
                break  // a file that is not a conversation, said so (NoMessagesError and the like)
            case (.success, .failure(let error)):
                problems.append("\(name): read a record at a time, but whole: \(error)")
            case (.failure(let error), .success):
                problems.append("\(name): read whole, but a record at a time: \(error)")
            }
        }
        problems += arrayElementProblems(path: path, bytes: bytes)
        problems += skimProblems(path: path)
        return problems
    }

    /// A listing's quick look at the log (each format's skim) finds the session a reading finds:
    /// its title, folder and count, or none.
    static func skimProblems(path: String) -> [String] {
        SessionAgent.allCases.compactMap { agent in
            let (skimmed, read) = JSONParser.withStringsCut(to: SessionLocator.skimmedStringBytes) {
                (
                    SessionLocator.describe(path, agent: agent, modified: 0, skimming: true),
                    SessionLocator.describe(path, agent: agent, modified: 0, skimming: false)
                )
            }
            guard skimmed != read else { return nil }
            return
                "\(agent.rawValue): a quick look finds \(String(describing: skimmed)), a reading \(String(describing: read))"
        }
    }

    /// A JSON array's elements found a chunk at a time (in chunks of a size from the input) are
    /// those of a whole parse; what a whole parse refuses is not taken for an array of elements.
    static func arrayElementProblems(path: String, bytes: [UInt8]) -> [String] {
        let chunk = 1 + Int(bytes.first ?? 0) % 17
        var elements: [JSONValue?] = []
        guard
            let isArray = try? JSONArrayElements.forEach(
                inFileAt: path, chunkSize: chunk,
                { element, _ in
                    elements.append(try? JSONParser.parse(element))
                })
        else { return ["the array's elements could not be read"] }
        let whole: Result<JSONValue, JSONParser.Failure> = bytes.withUnsafeBytes { raw in
            do throws(JSONParser.Failure) {
                return .success(try JSONParser.parse(raw))
            } catch {
                return .failure(error)
            }
        }
        switch whole {
        case .success(let value):
            if let list = value.array, !isArray || elements != list.map({ $0 }) {
                return ["an array's elements differ from a whole parse's"]
            }
            if value.array == nil, isArray { return ["a document that is not an array was read as one"] }
        case .failure(let failure):
            // An element parsed alone may nest one level deeper than it can in the whole.
            if isArray, !elements.contains(where: { $0 == nil }), !failure.message.contains("nesting") {
                return ["bytes a whole parse refuses (\(failure)) were read as an array of valid elements"]
            }
        }
        return []
    }
}

/// Bytes as an agent's database file: opened read-only, listed, each conversation read — or an
/// error that names the file; never a crash, and what is drawn is safe.
enum AgentDatabaseFuzzing {
    static func problems(in bytes: [UInt8]) -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-fuzzdb-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("state.vscdb").path
        // Any bytes, behind SQLite's header so that they are read as a database.
        let header = Array("SQLite format 3\0".utf8)
        let file = bytes.starts(with: header) ? bytes : header + bytes
        guard FileManager.default.createFile(atPath: path, contents: Data(file)) else { return [] }
        defer { unlink(path) }
        var problems: [String] = []
        do {
            guard let store = try ConversationCollections.open(path) else {
                return ["a database not taken as a store of conversations"]
            }
            for conversation in store.conversations.prefix(20) {
                do {
                    problems += ConversationChecks.problems(
                        try store.read(conversation).messages, "conversation \(conversation.id)")
                } catch {
                    if !error.description.hasPrefix(path) {
                        problems.append("an error that does not name the file: \(error)")
                    }
                }
            }
        } catch {
            if !error.description.hasPrefix(path) { problems.append("an error that does not name the file: \(error)") }
        }
        let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasPrefix("state.vscdb-")
        }
        if !leftovers.isEmpty { problems.append("files left beside the database: \(leftovers)") }
        return problems
    }
}
