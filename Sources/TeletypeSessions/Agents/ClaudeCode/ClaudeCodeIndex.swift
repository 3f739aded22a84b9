import Teletype
import TeletypeTranscripts

/// The first pass over a Claude Code session log: every record's place in the file and in the
/// `parentUuid` tree, read without building the records' contents (``JSONFields``), and what the
/// file says of the session (title, folder, branch, models, times, tokens). From it the
/// conversation shown is the path to the latest leaf, and the points where it forked.
struct ClaudeCodeIndex {
    /// What a record is, as far as the tree is concerned.
    enum Kind: Equatable {
        /// A user's line: a prompt, a command, or tool results.
        case user
        /// A line of the agent's reply (one content block of an API message).
        case assistant
        /// Where the conversation was compacted.
        case compactBoundary
        /// The summary that replaced the conversation before a compaction.
        case compactSummary
        /// How long a turn took (2.1): shown under the reply it follows.
        case turnDuration
        /// Anything else: hooks, snapshots, titles, progress.
        case other
    }

    struct Record {
        var offset: Int
        var length: Int
        var line: Int
        var kind: Kind
        var uuid: String?
        var parent: String?
        var logicalParent: String?
        var isSidechain: Bool
        var isMeta: Bool
        /// Whether a user line holds tool results (and so is not a prompt).
        var isToolResult: Bool
        var messageID: String?
        /// Whether the record has a `parentUuid` at all (null at a root): files without one are lists.
        var isLinked: Bool

        /// Whether the record belongs to the conversation (not a hook's or a snapshot's).
        var isConversation: Bool { kind == .user || kind == .assistant || kind == .compactSummary }
        /// Whether the record starts a turn: a prompt the user wrote.
        var isPrompt: Bool { kind == .user && !isToolResult && !isMeta }
    }

    var records: [Record] = []
    var byUUID: [String: Int] = [:]
    var info = SessionInfo(agent: .claudeCode)
    /// Session titles by the leaf they describe (`summary` records), and titles the user or the agent gave.
    var summaries: [String: String] = [:]
    var lastSummary: String?
    var customTitle: String?
    var agentTitle: String?
    /// Token usage by API message, counted once however many lines the message was split over.
    private var usage: [String: JSONValue] = [:]
    /// A last line cut short (the agent is still writing it), skipped.
    var truncatedLine: Int?

    /// The fields of a record the index reads, by their place in ``fields``.
    enum Field: Int, CaseIterable {
        case type, subtype, uuid, parentUuid, logicalParentUuid, isSidechain, isMeta, isCompactSummary
        case timestamp, cwd, gitBranch, version, sessionId, agentId, summary, leafUuid, customTitle
        case aiTitle, title, messageID, messageModel, messageRole, messageUsage

        /// Its dotted path in the record (spelled out: describing a case reflects on it, slowly).
        var path: String {
            switch self {
            case .type: "type"
            case .subtype: "subtype"
            case .uuid: "uuid"
            case .parentUuid: "parentUuid"
            case .logicalParentUuid: "logicalParentUuid"
            case .isSidechain: "isSidechain"
            case .isMeta: "isMeta"
            case .isCompactSummary: "isCompactSummary"
            case .timestamp: "timestamp"
            case .cwd: "cwd"
            case .gitBranch: "gitBranch"
            case .version: "version"
            case .sessionId: "sessionId"
            case .agentId: "agentId"
            case .summary: "summary"
            case .leafUuid: "leafUuid"
            case .customTitle: "customTitle"
            case .aiTitle: "aiTitle"
            case .title: "title"
            case .messageID: "message.id"
            case .messageModel: "message.model"
            case .messageRole: "message.role"
            case .messageUsage: "message.usage"
            }
        }
    }

    /// A record's fields, looked up by place (no hashing: an index reads millions).
    struct Fields: Sendable {
        let values: [JSONValue?]

        subscript(_ field: Field) -> JSONValue? { values[field.rawValue] }
    }

    static let fields = JSONFields(Field.allCases.map(\.path))

    /// The fields of the record in `bytes`; nil when it is not a JSON object.
    static func recordFields(_ bytes: UnsafeRawBufferPointer) -> Fields? { fields.values(bytes).map(Fields.init) }

    /// Whether a record's fields are Claude Code's.
    static func isClaudeCode(_ fields: Fields) -> Bool {
        guard let type = fields[.type]?.string else { return false }
        // A record of the `parentUuid` tree; a `sessionId` alone (other agents' records have one too)
        // needs an Anthropic message beside it.
        if fields[.uuid] != nil || fields[.parentUuid] != nil { return true }
        if fields[.sessionId] != nil && fields[.messageRole] != nil { return true }
        if ["file-history-snapshot", "queue-operation", "custom-title", "ai-title", "last-prompt"].contains(type) {
            return true
        }
        if type == "summary" && fields[.leafUuid] != nil { return true }
        return (type == "user" || type == "assistant") && fields[.messageRole] != nil
    }

    /// The index of the record read from line `number` of the file, by a binary search of
    /// `records` (in the order of their lines).
    static func record(atLine number: Int, in records: [Record]) -> Int? {
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].line < number { low = middle + 1 } else { high = middle }
        }
        return low < records.count && records[low].line == number ? low : nil
    }

    /// Reads every line of `source`; a line that is not JSON is an error naming it, except a last
    /// line without an ending, which the agent may still be writing: it is skipped.
    static func read(_ source: SessionSource, name: String) throws -> ClaudeCodeIndex {
        var index = ClaudeCodeIndex()
        // A blank line is nothing; a line that is not a JSON object has no fields.
        let read: @Sendable (SessionSource.Line) -> ReadLine? = { line in
            guard line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
            let found = ClaudeCodeIndex.recordFields(line.bytes)
            // A tool result's line: its bytes hold a tool_result block (the content itself is not read here).
            let isToolResult =
                found?[.type]?.string == "user"
                && (SessionReading.contains(line.bytes, #""type":"tool_result""#)
                    || SessionReading.contains(line.bytes, #""type": "tool_result""#))
            return ReadLine(fields: found, isToolResult: isToolResult)
        }
        try source.forEachLine(preparing: read) { line, read in
            guard let read else { return }
            guard let fields = read.fields else {
                if !line.isTerminated {
                    index.truncatedLine = line.number
                    return
                }
                throw SessionReading.error(in: line, name: name)
            }
            index.add(fields, line: line, isToolResult: read.isToolResult)
        }
        index.finish()
        return index
    }

    /// What the first pass reads of a line, on any core.
    struct ReadLine: Sendable {
        /// The line's wanted fields; nil when it is not a JSON object.
        var fields: Fields?
        /// Whether it is a user's line holding a tool result.
        var isToolResult: Bool
    }

    mutating func add(_ fields: Fields, line: SessionSource.Line, isToolResult: Bool) {
        let type = fields[.type]?.string ?? ""
        let kind: Kind
        switch type {
        case "user":
            kind = fields[.isCompactSummary]?.bool == true ? .compactSummary : .user
        case "assistant", "tool_use": kind = .assistant  // a bare `tool_use` line (v1.9): a call of its own
        case "tool_result": kind = .user
        case "system" where fields[.subtype]?.string == "compact_boundary": kind = .compactBoundary
        case "system" where fields[.subtype]?.string == "turn_duration": kind = .turnDuration
        case "summary" where fields[.messageRole] != nil: kind = .compactSummary
        default: kind = .other
        }
        if type == "summary", let text = fields[.summary]?.string {
            if let leaf = fields[.leafUuid]?.string { summaries[leaf] = text }
            lastSummary = text
        }
        if type == "custom-title" { customTitle = fields[.customTitle]?.string ?? fields[.title]?.string }
        if type == "ai-title" { agentTitle = fields[.aiTitle]?.string ?? fields[.title]?.string }
        let record = Record(
            offset: line.offset, length: line.bytes.count, line: line.number, kind: kind,
            uuid: fields[.uuid]?.string, parent: fields[.parentUuid]?.string,
            logicalParent: fields[.logicalParentUuid]?.string, isSidechain: fields[.isSidechain]?.bool ?? false,
            isMeta: fields[.isMeta]?.bool ?? false,
            isToolResult: kind == .user && (isToolResult || type == "tool_result"),
            messageID: fields[.messageID]?.string,
            isLinked: fields[.parentUuid] != nil)
        if let uuid = record.uuid, byUUID[uuid] == nil { byUUID[uuid] = records.count }
        records.append(record)
        if record.isConversation || kind == .compactBoundary {
            if info.project == nil { info.project = fields[.cwd]?.string }
            if info.gitBranch == nil, let branch = fields[.gitBranch]?.string, !branch.isEmpty {
                info.gitBranch = branch
            }
            if info.id == nil { info.id = fields[.sessionId]?.string }
            if let version = fields[.version]?.string { info.version = version }
            info.add(time: fields[.timestamp]?.string.flatMap(ISODate.seconds))
        }
        if kind == .assistant, !record.isSidechain {
            info.add(model: fields[.messageModel]?.string)
            if let id = record.messageID, let counts = fields[.messageUsage] { usage[id] = counts }
        }
    }

    private mutating func finish() {
        // A subagent's own file: every line of its conversation is on its sidechain.
        info.isSubagent =
            records.contains { $0.isConversation && $0.isSidechain }
            && !records.contains { $0.isConversation && !$0.isSidechain }
        for counts in usage.values {
            info.inputTokens.saturatingAdd(counts["input_tokens"]?.integer ?? 0)
            info.outputTokens.saturatingAdd(counts["output_tokens"]?.integer ?? 0)
            info.cacheReadTokens.saturatingAdd(counts["cache_read_input_tokens"]?.integer ?? 0)
            info.cacheWriteTokens.saturatingAdd(counts["cache_creation_input_tokens"]?.integer ?? 0)
        }
        usage = [:]
    }

    // MARK: The tree

    /// The conversation shown: the records on the path from the root to the latest leaf (the last
    /// record of the conversation in the file), through compactions; a subagent's own file has
    /// every line on its sidechain.
    func path() -> [Int] {
        let subagent = info.isSubagent
        // A log whose records are not linked (a hand-written or older file) is a list, in order.
        let conversation = records.indices.filter { records[$0].isConversation && records[$0].isSidechain == subagent }
        if conversation.filter({ records[$0].isLinked }).count * 2 < conversation.count { return conversation }
        guard
            let leaf = records.indices.last(where: { records[$0].isConversation && records[$0].isSidechain == subagent }
            )
        else { return [] }
        var path: [Int] = []
        var seen = Set<Int>()
        var current: Int? = leaf
        while let index = current, seen.insert(index).inserted {
            path.append(index)
            let record = records[index]
            // A record whose parent is missing begins the part of the log that is left.
            let up = record.parent ?? (record.kind == .compactBoundary ? record.logicalParent : nil)
            current = up.flatMap { byUUID[$0] }
        }
        // The other lines of a reply on the path are its own, wherever the tree hangs them: parallel
        // calls' results hang off each call's line, and the path follows one of them.
        let replies = Set(path.compactMap { records[$0].kind == .assistant ? records[$0].messageID : nil })
        var lines = Set(path)
        for (index, record) in records.enumerated()
        where record.kind == .assistant && record.isSidechain == subagent
            && record.messageID.map(replies.contains) == true
        {
            lines.insert(index)
        }
        // How long a turn took hangs off its reply's last line: the last turn's is a leaf of its own.
        for (index, record) in records.enumerated() where record.kind == .turnDuration {
            if let parent = record.parent.flatMap({ byUUID[$0] }), lines.contains(parent) { lines.insert(index) }
        }
        return lines.sorted()
    }

    /// The children of each record in the conversation, in file order.
    func children() -> [Int: [Int]] {
        var children: [Int: [Int]] = [:]
        for (index, record) in records.enumerated() where record.isConversation {
            if let parent = record.parent.flatMap({ byUUID[$0] }) { children[parent, default: []].append(index) }
        }
        return children
    }

    /// The title: one the user gave, the agent's, or the summary of the leaf shown.
    func title(path: [Int]) -> String? {
        if let customTitle, !customTitle.isEmpty { return customTitle }
        if let agentTitle, !agentTitle.isEmpty { return agentTitle }
        for index in path.reversed() {
            if let uuid = records[index].uuid, let summary = summaries[uuid] { return summary }
        }
        return lastSummary
    }
}
