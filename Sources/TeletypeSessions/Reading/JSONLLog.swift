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
        describe: ([String: JSONValue], Int) -> Void, start: () -> Void,
        record: (JSONValue, Int) throws -> Void
    ) throws {
        var truncated: Int?
        try source.forEachLine { line in
            guard line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
            guard let values = fields.read(line.bytes) else {
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
        try source.forEachLine(preparing: { line in
            line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) ? try? JSONParser.parse(line.bytes) : nil
        }) { line, value in
            guard let value, value.object != nil else { return }
            try record(value, line.number)
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
