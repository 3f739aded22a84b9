/// One server-sent event: its name (from an `event:` line) and its data lines joined.
public struct ServerSentEvent: Sendable, Equatable {
    /// The event's name, when it has one.
    public var name: String?
    /// Its data.
    public var data: String
    /// The line of the stream its data started on.
    public var line: Int
}

/// Reads server-sent events from bytes as they arrive, in any pieces (also inside a UTF-8 sequence
/// or a CRLF). Comments, ids and retries are skipped; an event ends at a blank line.
public struct ServerSentEventDecoder: Sendable {
    private var buffer: [UInt8] = []
    private var name: String?
    private var data: [String] = []
    private var dataLine = 0
    private var line = 0
    private var sawCR = false

    /// A decoder that has read nothing.
    public init() {}

    /// The events completed by `bytes`.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if sawCR {
                sawCR = false
                if byte == 0x0A { continue }  // the LF of a CRLF
            }
            if byte == 0x0A || byte == 0x0D {
                sawCR = byte == 0x0D
                if let event = endLine() { events.append(event) }
            } else {
                buffer.append(byte)
            }
        }
        return events
    }

    /// The event left when the stream ends without its blank line.
    public mutating func finish() -> ServerSentEvent? {
        var event = buffer.isEmpty ? nil : endLine()
        if event == nil, !data.isEmpty { event = dispatch() }
        return event
    }

    private mutating func endLine() -> ServerSentEvent? {
        line += 1
        let text = String(decoding: buffer, as: UTF8.self)
        buffer.removeAll(keepingCapacity: true)
        if text.isEmpty { return dispatch() }
        if text.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = Substring(text)
            value = ""
        }
        switch field {
        case "data":
            if data.isEmpty { dataLine = line }
            data.append(String(value))
        case "event": name = String(value)
        default: break  // id, retry, and fields of no meaning
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data.removeAll()
            name = nil
        }
        guard !data.isEmpty else { return nil }
        return ServerSentEvent(name: name, data: data.joined(separator: "\n"), line: dataLine)
    }
}
