import Teletype

/// The elements of a JSON document that is an array, found a chunk at a time: each element's
/// bytes are handed over with their offset without the whole document being read into memory
/// (memory holds the largest element). Only the array's structure is followed here — brackets
/// and braces outside strings — so each element is to be checked as JSON by whoever reads it.
/// An agent's history written as one JSON array (Cline's `api_conversation_history.json`,
/// `ui_messages.json`) grows as large as a JSONL log does.
package enum JSONArrayElements {
    private enum Phase {
        case beforeArray, firstElement, nextElement, inElement, afterElement, afterArray
    }

    /// ``forEach(in:_:)`` over the file at `path`, read `chunkSize` bytes at a time.
    package static func forEach(
        inFileAt path: String, chunkSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer, Int) throws -> Void
    ) throws -> Bool {
        let source = SessionSource(path: path)
        source.chunkSize = max(chunkSize, 1)
        return try forEach(in: source, body)
    }

    /// Calls `body` with each element's bytes (valid during the call) and the offset where it
    /// starts; false when the source is not one array (anything but white space around it, a
    /// bracket left open, a comma with no element after it).
    static func forEach(
        in source: SessionSource, _ body: (UnsafeRawBufferPointer, Int) throws -> Void
    ) throws -> Bool {
        var phase = Phase.beforeArray
        var depth = 0
        var inString = false
        var escaped = false
        var elementStart = 0
        // An element that runs over more than one chunk, gathered.
        var gathered: [UInt8] = []
        var isWellFormed = true
        try source.forEachChunk { bytes, base in
            guard isWellFormed else { return }
            var index = 0
            // Where the current element starts in this chunk.
            var runStart = 0
            func complete(at end: Int) throws {
                let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<end])
                if gathered.isEmpty {
                    try body(run, elementStart)
                } else {
                    gathered.append(contentsOf: run)
                    try gathered.withUnsafeBytes { try body($0, elementStart) }
                    gathered.removeAll(keepingCapacity: false)
                }
                phase = .afterElement
            }
            while index < bytes.count {
                let byte = bytes[index]
                let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
                switch phase {
                case .beforeArray:
                    guard isSpace || byte == UInt8(ascii: "[") else {
                        isWellFormed = false
                        return
                    }
                    if !isSpace { phase = .firstElement }
                    index += 1
                case .firstElement, .nextElement:
                    if isSpace {
                        index += 1
                    } else if byte == UInt8(ascii: "]") {
                        guard phase == .firstElement else {
                            isWellFormed = false
                            return
                        }
                        phase = .afterArray
                        index += 1
                    } else if byte == UInt8(ascii: ",") {
                        isWellFormed = false
                        return
                    } else {
                        phase = .inElement
                        elementStart = base + index
                        runStart = index
                        depth = 0
                    }
                case .inElement:
                    if inString {
                        if escaped {
                            escaped = false
                            index += 1
                            continue
                        }
                        let special = JSONStringScan.plainEnd(bytes, from: index)
                        guard special < bytes.count else {
                            index = bytes.count
                            continue
                        }
                        index = special + 1
                        if bytes[special] == UInt8(ascii: "\\") {
                            escaped = true
                        } else if bytes[special] == UInt8(ascii: "\"") {
                            inString = false
                            if depth == 0 { try complete(at: index) }
                        }
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: "\""):
                        inString = true
                        index += 1
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                        index += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        if depth == 0 {
                            // The array's end after a number or a word.
                            try complete(at: index)
                        } else {
                            depth -= 1
                            index += 1
                            if depth == 0 { try complete(at: index) }
                        }
                    case UInt8(ascii: ","):
                        if depth == 0 { try complete(at: index) } else { index += 1 }
                    default:
                        if isSpace, depth == 0 { try complete(at: index) } else { index += 1 }
                    }
                case .afterElement:
                    if isSpace {
                        index += 1
                    } else if byte == UInt8(ascii: ",") {
                        phase = .nextElement
                        index += 1
                    } else if byte == UInt8(ascii: "]") {
                        phase = .afterArray
                        index += 1
                    } else {
                        isWellFormed = false
                        return
                    }
                case .afterArray:
                    guard isSpace else {
                        isWellFormed = false
                        return
                    }
                    index += 1
                }
            }
            if phase == .inElement { gathered.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart...])) }
        }
        return isWellFormed && phase == .afterArray
    }
}
