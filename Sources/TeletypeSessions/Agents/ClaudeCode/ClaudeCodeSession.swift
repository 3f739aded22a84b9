import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Claude Code session logs (`~/.claude/projects/<project>/<session>.jsonl`), v1.0 to v2.1: the
/// conversation is the path to the latest leaf of the `parentUuid` tree, read in two passes (an
/// index of the tree, then the records shown, in order), so memory stays flat however long the
/// log is. Where the user rewound or edited, the message that starts the version shown carries
/// the other versions; compactions are dividers; subagents — inline sidechains (v1.0), sibling
/// `agent-*.jsonl` files (v2.0), `<session>/subagents/agent-<id>.jsonl` (v2.1) — are nested under
/// the `Task` or `Agent` call that started them.
enum ClaudeCodeSession {
    /// How deep subagents of subagents are read.
    static let maximumNesting = 4

    /// Reads the session in `source` (the file at `path`, when it is one: subagent files are
    /// found beside it), handing over its messages in order; returns what it says of the session.
    static func read(
        _ source: SessionSource, path: String?, name: String, nesting: Int = 0, notice: (String) -> Void,
        start: (SessionInfo) -> Void = { _ in }, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        if let web = try webSession(source, name: name) {
            // Claude Code for web: {"loglines": […]}, the records in order, without a tree.
            var info = SessionInfo(agent: .claudeCode)
            var turns = ClaudeCodeTurns()
            var shown = 0
            for record in web {
                info.add(time: record["timestamp"]?.string.flatMap(ISODate.seconds))
                if record["type"]?.string == "assistant" { info.add(model: record["message"]?["model"]?.string) }
            }
            start(info)
            for record in web {
                turns.add(record, shown: true)
                for message in turns.takeReady() {
                    shown += 1
                    try emit(message)
                }
            }
            for message in turns.finish() {
                shown += 1
                try emit(message)
            }
            info.messageCount = shown
            return info
        }
        let index = try ClaudeCodeIndex.read(source, name: name)
        if let line = index.truncatedLine { notice(SessionReading.truncationNotice(name: name, line: line)) }
        let shownPath = index.path()
        let onPath = Set(shownPath)
        let branches = branchPoints(index, path: shownPath)
        var info = index.info
        info.title = index.title(path: shownPath).map(cleanTitle)
        start(info)
        let records = index.records
        let isSubagentFile = info.isSubagent
        // Sidechains kept in the file (v1.0): their records, by the prompt that starts them.
        var sidechains = Sidechains()
        let files = SubagentFiles(sessionPath: path)
        var turns = ClaudeCodeTurns()
        var claimed = Set<String>()
        turns.subagent = { agentID, prompt in
            if nesting < maximumNesting {
                if let agentID, let file = files.file(agentID: agentID) {
                    claimed.insert(file)
                    return try? readAll(file, nesting: nesting + 1)
                }
                if let prompt, let recorded = sidechains.take(prompt: prompt) {
                    var nested = ClaudeCodeTurns()
                    for record in recorded { nested.add(record, shown: true) }
                    return nested.finish()
                }
                if let prompt, let file = files.file(prompt: prompt) {
                    claimed.insert(file)
                    return try? readAll(file, nesting: nesting + 1)
                }
            }
            return nil
        }
        turns.unclaimedSubagent = { type in
            guard nesting < maximumNesting, let file = files.unclaimed(type: type, claimed: claimed) else { return nil }
            claimed.insert(file)
            return try? readAll(file, nesting: nesting + 1)
        }
        // The lines read again: those shown, sidechains kept in the file, and, off the path, tool
        // results (for calls on it). They are parsed on every core, in order of the file.
        let needed: @Sendable (SessionSource.Line) -> JSONValue? = { line in
            guard let number = ClaudeCodeIndex.record(atLine: line.number, in: records) else { return nil }
            let record = records[number]
            let wanted =
                record.isSidechain && !isSubagentFile
                ? record.isConversation
                : onPath.contains(number) || (record.kind == .user && record.isToolResult && !record.isSidechain)
            return wanted ? try? JSONParser.parse(line.bytes, pruning: ClaudeCodeTurns.pruning) : nil
        }
        var next = 0
        var shown = 0
        try source.forEachLine(preparing: needed) { line, value in
            while next < records.count, records[next].line < line.number { next += 1 }
            guard next < records.count, records[next].line == line.number else { return }
            let record = records[next]
            let number = next
            next += 1
            guard let value else { return }
            let isShown = onPath.contains(number)
            if record.isSidechain && !isSubagentFile {
                sidechains.add(value, record: record, index: index)
                return
            }
            if isShown, let branch = branches[number] {
                turns.pendingBranch = try branchPoint(branch, index: index, source: source)
            }
            turns.add(value, shown: isShown)
            for message in turns.takeReady() {
                shown += 1
                try emit(message)
            }
        }
        for message in turns.finish() {
            shown += 1
            try emit(message)
        }
        info.messageCount = shown
        return info
    }

    /// The records of a Claude Code for web session (`{"loglines": […]}`), nil for any other source.
    static func webSession(_ source: SessionSource, name: String) throws -> [JSONValue]? {
        var bytes: [UInt8] = []
        var isDocument: Bool?
        // A log of records stops the reading at its first line.
        struct NotADocument: Error {}
        do {
            try source.forEachLine { line in
                if isDocument == nil {
                    let start = line.bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
                    guard let first = start.first else { return }
                    // One record a line is JSONL; anything else is the document's first line.
                    isDocument = first == UInt8(ascii: "{") && ClaudeCodeIndex.recordFields(line.bytes) == nil
                }
                guard isDocument == true else { throw NotADocument() }
                SessionReading.append(line, to: &bytes)
            }
        } catch is NotADocument {
            return nil
        }
        guard isDocument == true else { return nil }
        let document = try SessionReading.document(bytes, name: name)
        guard let lines = document["loglines"]?.array else { return nil }
        return lines
    }

    /// Every message of the session file at `path`.
    static func readAll(_ path: String, nesting: Int) throws -> [Message] {
        var messages: [Message] = []
        _ = try read(
            SessionSource(path: path), path: path, name: path, nesting: nesting, notice: { _ in },
            emit: { messages.append($0) })
        return messages
    }

    /// A title as Claude Code writes it, without the quotes some versions put around it.
    static func cleanTitle(_ title: String) -> String {
        var title = title.trimmingSpaces()
        if title.count > 1, title.hasPrefix("\""), title.hasSuffix("\"") {
            title = String(title.dropFirst().dropLast())
        }
        return title
    }

    // MARK: Branches

    /// Where the path shown forked: for the record that starts the version shown, its number among
    /// the versions and the records that start the others.
    struct Branch {
        var version: Int
        var siblings: [Int]
    }

    /// The points on `path` where the user rewound or edited: a record whose parent has other
    /// children that start something of their own (a prompt, or another reply), not tool results
    /// or the further lines of one reply.
    static func branchPoints(_ index: ClaudeCodeIndex, path: [Int]) -> [Int: Branch] {
        let children = index.children()
        var branches: [Int: Branch] = [:]
        for number in path {
            let record = index.records[number]
            guard record.isPrompt || record.kind == .assistant, !record.isSidechain,
                let parent = record.parent.flatMap({ index.byUUID[$0] })
            else { continue }
            var versions: [Int] = []
            var replies = Set<String>()
            for child in children[parent] ?? [] {
                let sibling = index.records[child]
                guard !sibling.isSidechain, sibling.isPrompt || sibling.kind == .assistant else { continue }
                if sibling.kind == .assistant, let id = sibling.messageID, !replies.insert(id).inserted { continue }
                versions.append(child)
            }
            guard versions.count > 1, let position = versions.firstIndex(of: number) else { continue }
            branches[number] = Branch(version: position + 1, siblings: versions)
        }
        return branches
    }

    /// The branch point with the other versions' messages: each from its first record down to the
    /// latest record under it.
    static func branchPoint(_ branch: Branch, index: ClaudeCodeIndex, source: SessionSource) throws -> AIBranchPoint {
        let children = index.children()
        var alternatives: [[Message]] = []
        for (position, start) in branch.siblings.enumerated() where position + 1 != branch.version {
            var numbers = [start]
            var current = start
            var seen: Set<Int> = [start]
            while let next = children[current]?.filter({ !index.records[$0].isSidechain }).max(),
                seen.insert(next).inserted
            {
                numbers.append(next)
                current = next
            }
            var turns = ClaudeCodeTurns()
            for number in numbers {
                let record = index.records[number]
                let bytes = try source.read(offset: record.offset, length: record.length)
                guard let value = bytes.withUnsafeBytes({ try? JSONParser.parse($0, pruning: ClaudeCodeTurns.pruning) })
                else { continue }
                turns.add(value, shown: true)
            }
            alternatives.append(turns.finish())
        }
        return AIBranchPoint(
            version: branch.version, count: branch.siblings.count, alternatives: alternatives, reason: "rewound")
    }

    // MARK: Subagents

    /// Sidechain records kept in the main file (v1.0), grouped by the prompt that starts each.
    struct Sidechains {
        private var byRoot: [String: [JSONValue]] = [:]
        private var rootOf: [String: String] = [:]
        private var prompts: [String: String] = [:]

        mutating func add(_ value: JSONValue, record: ClaudeCodeIndex.Record, index: ClaudeCodeIndex) {
            guard let uuid = record.uuid else { return }
            let root: String
            if let parent = record.parent, let known = rootOf[parent] {
                root = known
            } else {
                root = uuid
                if let text = value["message"]?["content"]?.string
                    ?? value["message"]?["content"]?.array?.first?["text"]?.string
                {
                    prompts[text.trimmingSpaces()] = uuid
                }
            }
            rootOf[uuid] = root
            byRoot[root, default: []].append(value)
        }

        /// The records of the sidechain started by `prompt`, taken out.
        mutating func take(prompt: String) -> [JSONValue]? {
            guard let root = prompts.removeValue(forKey: prompt.trimmingSpaces()) else { return nil }
            return byRoot.removeValue(forKey: root)
        }
    }

    /// The subagent files beside a session: `<session>/subagents/agent-<id>.jsonl` and
    /// `agent-<id>.jsonl` in the project's folder.
    struct SubagentFiles {
        let folder: String?
        let session: String?

        init(sessionPath: String?) {
            guard let sessionPath, let slash = sessionPath.lastIndex(of: "/") else {
                folder = sessionPath == nil ? nil : "."
                session = sessionPath.map { $0.hasSuffix(".jsonl") ? String($0.dropLast(6)) : $0 }
                return
            }
            folder = String(sessionPath[..<slash])
            let file = sessionPath[sessionPath.index(after: slash)...]
            session = file.hasSuffix(".jsonl") ? String(file.dropLast(6)) : String(file)
        }

        func file(agentID: String) -> String? {
            guard let folder else { return nil }
            var candidates = ["\(folder)/agent-\(agentID).jsonl"]
            if let session { candidates.insert("\(folder)/\(session)/subagents/agent-\(agentID).jsonl", at: 0) }
            return candidates.first { FileManager.default.fileExists(atPath: $0) }
        }

        /// The first of the session's `subagents/agent-*.jsonl` files (oldest first, by name for
        /// a tie) not in `claimed`, whose `.meta.json` names `type` when both are known.
        func unclaimed(type: String?, claimed: Set<String>) -> String? {
            guard let folder, let session else { return nil }
            let subagents = "\(folder)/\(session)/subagents"
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: subagents) else { return nil }
            var candidates: [(time: String, path: String)] = []
            for name in names where name.hasPrefix("agent-") && name.hasSuffix(".jsonl") {
                let path = "\(subagents)/\(name)"
                guard !claimed.contains(path) else { continue }
                if let type,
                    let meta = try? Data(contentsOf: URL(fileURLWithPath: String(path.dropLast(6)) + ".meta.json")),
                    let agentType = meta.withUnsafeBytes({ try? JSONParser.parse($0) })?["agentType"]?.string,
                    agentType != type
                {
                    continue
                }
                let first = SessionSource.firstLines(path: path, count: 1)?.first.flatMap { try? JSONParser.parse($0) }
                candidates.append((first?["timestamp"]?.string ?? "", path))
            }
            return candidates.min { ($0.time, $0.path) < ($1.time, $1.path) }?.path
        }

        /// A sibling subagent file (v2.0) whose first prompt is `prompt`.
        func file(prompt: String) -> String? {
            guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                return nil
            }
            let wanted = prompt.trimmingSpaces()
            for name in names.sorted() where name.hasPrefix("agent-") && name.hasSuffix(".jsonl") {
                let path = "\(folder)/\(name)"
                guard let first = SessionSource.firstLines(path: path, count: 4) else { continue }
                for line in first {
                    guard let value = try? JSONParser.parse(line), value["type"]?.string == "user" else { continue }
                    let text =
                        value["message"]?["content"]?.string
                        ?? value["message"]?["content"]?.array?.first?["text"]?.string
                    if text?.trimmingSpaces() == wanted { return path }
                    break
                }
            }
            return nil
        }
    }
}
