import Teletype
import TeletypeTranscripts

/// How the agents' JSONL logs are read, in two passes over the file. The first checks every line
/// (a last line without an ending, which the agent may still be writing, is skipped with a notice;
/// any other line that is not a JSON object is an error naming its line and column, before
/// anything is written) and hands the few fields a reader describes the session with to
/// `describe`; so the session's header is whole before its first message. The second hands each
/// record over, parsed on every core a group of lines at a time, in order. Memory holds a group of
/// lines however long the log.
enum JSONLLog {
    /// Reads the log in `source`, named `name` in errors.
    static func read(
        _ source: SessionSource, name: String, describing fields: JSONFields, notice: (String) -> Void,
        describe: (JSONFields.Found, Int) -> Void, start: () -> Void,
        record: (JSONValue, Int) throws -> Void
    ) throws {
        // A log small enough to keep parsed (see ``SessionSource/keepsParsed``) is parsed once: its
        // fields are described from each value, the values handed over after the description. A
        // line the fields' scan takes but the parser refuses is described and not handed over, a
        // line neither takes is the error (or, cut short at the end, the notice), as in two passes.
        let keepsParsed = source.keepsParsed
        var kept: [(value: JSONValue, line: Int)] = []
        var truncated: Int?
        var scratch: [JSONValue?] = []
        try source.forEachLine { line in
            guard line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
            if keepsParsed, let value = try? JSONParser.parse(line.bytes), value.object != nil {
                describe(fields.read(of: value), line.number)
                kept.append((value, line.number))
                return
            }
            guard let values = fields.read(line.bytes, reusing: &scratch) else {
                if !line.isTerminated {
                    truncated = line.number
                    return
                }
                throw SessionReading.error(in: line, name: name)
            }
            describe(values, line.number)
        }
        if let truncated { notice(SessionReading.truncationNotice(name: name, line: truncated)) }
        start()
        if keepsParsed {
            for (value, line) in kept { try record(value, line) }
            return
        }
        try source.forEachLine(preparing: { line in
            line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) ? try? JSONParser.parse(line.bytes) : nil
        }) { line, value in
            guard let value, value.object != nil else { return }
            try record(value, line.number)
        }
    }

    /// Each record's `fields`, in order, as a skim reads a log (see ``SessionSkim``) and as the first
    /// pass of ``read(_:name:describing:notice:describe:start:record:)`` checks it: a blank line is
    /// passed over, a last line cut short is skipped, any other line that is not a JSON object is
    /// the error a reading gives.
    static func forEachRecord(
        _ source: SessionSource, name: String, fields: JSONFields,
        _ body: (JSONFields.Found, SessionSource.Line) throws -> Void
    ) throws {
        var scratch: [JSONValue?] = []
        try source.forEachLine { line in
            guard line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
            guard let found = fields.read(line.bytes, reusing: &scratch) else {
                if !line.isTerminated { return }
                throw SessionReading.error(in: line, name: name)
            }
            try body(found, line)
        }
    }

    /// The records of a small JSONL file whole, for a reader that needs them all at once (a
    /// sidecar, a subagent's log); nil when the file cannot be read. Lines that are not JSON are
    /// skipped.
    static func records(atPath path: String) -> [JSONValue]? {
        let source = SessionSource(path: path)
        var values: [JSONValue] = []
        do {
            try source.forEachLine { line in
                if let value = try? JSONParser.parse(line.bytes), value.object != nil { values.append(value) }
            }
        } catch {
            return nil
        }
        return values
    }
}

extension JSONLLog {
    /// The JSON objects of a line on which a writer glued several (`{…}{…}`, a crash between two
    /// writes), each whole; nil when the line is not such objects one after another.
    static func gluedObjects(_ bytes: UnsafeRawBufferPointer) -> [JSONValue]? {
        var objects: [JSONValue] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start: Int?
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 { start = index }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 { return nil }
                if depth == 0, let begin = start {
                    guard let value = try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[begin...index])),
                        value.object != nil
                    else { return nil }
                    objects.append(value)
                    start = nil
                }
            case 0x20, 0x09, 0x0D: break
            default: if depth == 0 { return nil }
            }
        }
        return depth == 0 && objects.count > 1 ? objects : nil
    }
}

/// A log's records made into a conversation one at a time (Kimi's, Grok's, Antigravity's, Kiro's):
/// what ``JSONLLog/readTurns(_:name:describing:notice:describe:start:turns:emit:)`` feeds.
protocol RecordTurns {
    /// The conversation being built; its finished turns are handed over as they end.
    var builder: ConversationBuilder { get set }
    /// Adds the record of line `index`.
    mutating func add(_ record: JSONValue, index: Int)
}

extension JSONLLog {
    /// Reads a log in two passes (``read(_:name:describing:notice:describe:start:record:)``): the
    /// header from `describing`'s fields first, then each record into `turns`, every turn handed to
    /// `emit` as soon as it ends, so memory holds one turn. Returns how many messages were handed over.
    static func readTurns<Turns: RecordTurns>(
        _ source: SessionSource, name: String, describing fields: JSONFields, notice: (String) -> Void,
        describe: (JSONFields.Found, Int) -> Void, start: (inout Turns) -> Void, turns: inout Turns,
        emit: (Message) throws -> Void
    ) throws -> Int {
        var shown = 0
        try read(
            source, name: name, describing: fields, notice: notice, describe: describe, start: { start(&turns) },
            record: { value, line in
                turns.add(value, index: line)
                for message in turns.builder.takeFinished() {
                    shown += 1
                    try emit(message)
                }
            })
        for message in turns.builder.finish() {
            shown += 1
            try emit(message)
        }
        return shown
    }
}
