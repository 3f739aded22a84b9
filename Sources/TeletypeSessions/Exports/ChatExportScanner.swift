import Teletype
import TeletypeTranscripts

/// Finds the conversations of a chat export without parsing them: the bytes of each element of
/// the top-level array (or of the one top-level object), with the line and column each starts at.
/// It reads the file a piece at a time and only follows strings and brackets, so a 500 MB export
/// is split at the speed of reading it, in flat memory; each conversation is parsed on its own
/// afterwards (on any core), where a malformed one is named by its line and column.
struct ChatExportScanner {
    /// Where one conversation's JSON is in the file.
    struct Piece: Sendable, Hashable {
        var offset: Int
        var length: Int
        var line: Int
        var column: Int
    }

    /// What the file holds: a list of conversations or one.
    private(set) var isList = false
    private(set) var pieces: [Piece] = []

    private enum Stage { case start, list, single, done }
    private var stage = Stage.start
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// Where the file is: bytes, the line, the offset its line starts at.
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var pieceStart: (offset: Int, line: Int, column: Int)?
    /// Whether the next thing in the list may be a conversation (after `[` or `,`).
    private var expectsElement = true

    /// A scanner at the start of a file.
    init() {}

    /// A problem with the file's structure, at a line and column.
    struct Failure: Error, Sendable {
        var line: Int
        var column: Int
        var message: String
    }

    private func failure(_ message: String, at position: Int) -> Failure {
        Failure(line: line, column: position - lineStart + 1, message: message)
    }

    /// Reads the next bytes of the file.
    mutating func add(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var index = 0
        let count = bytes.count
        let base = offset
        defer { offset = base + count }
        while index < count {
            if inString {
                if escaped {
                    escaped = false
                    index += 1
                    continue
                }
                index = JSONStringScan.plainEnd(bytes, from: index)
                guard index < count else { break }
                let byte = bytes[index]
                if byte == 0x22 {
                    inString = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x0A {
                    line += 1
                    lineStart = base + index + 1
                }
                index += 1
                continue
            }
            let byte = bytes[index]
            let position = base + index
            index += 1
            switch byte {
            case 0x0A:
                line += 1
                lineStart = position + 1
                continue
            case 0x20, 0x09, 0x0D:
                continue
            default:
                break
            }
            switch stage {
            case .start:
                // A byte-order mark before the document is allowed.
                if position < 3, byte == 0xEF || byte == 0xBB || byte == 0xBF { continue }
                if byte == UInt8(ascii: "[") {
                    isList = true
                    stage = .list
                } else if byte == UInt8(ascii: "{") {
                    stage = .single
                    depth = 1
                    pieceStart = (position, line, position - lineStart + 1)
                } else {
                    throw failure(
                        "expected a chat export: a JSON array of conversations, or one conversation", at: position)
                }
            case .list:
                if depth == 0 {
                    if byte == UInt8(ascii: "]") {
                        guard !expectsElement || pieces.isEmpty else {
                            throw failure("expected a conversation after ','", at: position)
                        }
                        stage = .done
                    } else if byte == UInt8(ascii: ",") {
                        guard !expectsElement else { throw failure("expected a conversation before ','", at: position) }
                        expectsElement = true
                    } else if byte == UInt8(ascii: "{") {
                        guard expectsElement else {
                            throw failure("expected ',' or ']' after a conversation", at: position)
                        }
                        depth = 1
                        expectsElement = false
                        pieceStart = (position, line, position - lineStart + 1)
                    } else {
                        throw failure("expected a conversation: a JSON object", at: position)
                    }
                } else {
                    structural(byte, at: position)
                }
            case .single:
                structural(byte, at: position)
            case .done:
                throw failure("unexpected text after the JSON value", at: position)
            }
        }
    }

    /// A byte inside a conversation: strings and brackets are followed; the conversation ends
    /// where its brackets close.
    private mutating func structural(_ byte: UInt8, at position: Int) {
        switch byte {
        case 0x22: inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0, let start = pieceStart {
                pieces.append(
                    Piece(
                        offset: start.offset, length: position + 1 - start.offset, line: start.line,
                        column: start.column))
                pieceStart = nil
                if stage == .single { stage = .done }
            }
        default: break
        }
    }

    /// Ends the file: an unfinished list or conversation is an error at the end.
    mutating func finish() throws(Failure) {
        switch stage {
        case .start:
            throw Failure(
                line: line, column: offset - lineStart + 1, message: "the file is empty: expected a chat export")
        case .list, .single:
            throw Failure(
                line: line, column: offset - lineStart + 1,
                message: pieceStart != nil
                    ? "the file ends inside a conversation" : "the file ends before the list's ']'")
        case .done:
            break
        }
    }
}
