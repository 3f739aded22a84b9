import Teletype
import TeletypeTranscripts

/// The keys of the first object of a JSON document (or of its first element, when it is an
/// array), as far as `bytes` go: enough to tell a chat export from its first bytes.
struct TopLevelKeys {
    /// Whether the last scan found all there is: the first object ended (or the document is
    /// an array of something else) within the bytes it was given.
    private(set) var ended = false

    init() {}

    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> [String] {
        ended = false
        var keys: [String] = []
        var index = 0
        var depth = 0
        var objectDepth: Int?
        var expectsKey = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index + 1
                var end = start
                // Eight bytes at a time to the next quote, backslash or control character.
                while true {
                    end = JSONStringScan.plainEnd(bytes, from: end)
                    guard end < bytes.count, bytes[end] != UInt8(ascii: "\"") else { break }
                    end += bytes[end] == 0x5C ? 2 : 1
                }
                guard end < bytes.count else { return keys }
                if expectsKey, depth == objectDepth {
                    keys.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                    expectsKey = false
                }
                index = end + 1
                continue
            case UInt8(ascii: "{"):
                depth += 1
                if objectDepth == nil, depth <= 2 { objectDepth = depth }
                if depth == objectDepth { expectsKey = true }
            case UInt8(ascii: "["):
                depth += 1
                if objectDepth == nil, depth > 1 {
                    ended = true
                    return keys
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == objectDepth {
                    ended = true
                    return keys
                }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == objectDepth { expectsKey = true }
            default:
                break
            }
            index += 1
        }
        return keys
    }
}
