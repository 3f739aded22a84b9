/// Parses JSON text into a ``JSONValue``, reporting where a document goes wrong by line and column.
public struct JSONParser {
    /// Why and where a JSON text is not valid.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The 1-based line.
        public var line: Int
        /// The 1-based column, in characters.
        public var column: Int
        /// What is wrong.
        public var message: String

        /// Where and what: `LINE:COLUMN: message`.
        public var description: String { "\(line):\(column): \(message)" }
    }

    /// Objects and arrays nested deeper than this are refused, so no input can exhaust the stack.
    public static let maximumDepth = 512

    /// Parses one JSON value that fills `text` (whitespace around it allowed).
    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        var copy = text
        let result: Result<JSONValue, Failure> = copy.withUTF8 { bytes in
            do throws(Failure) {
                return .success(try parse(UnsafeRawBufferPointer(bytes)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses one JSON value that fills `bytes` (UTF-8).
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> JSONValue {
        var parser = Cursor(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    /// Parses the first element of the JSON array `bytes` starts with (white space around
    /// allowed), whatever follows it: what a look at the start of a long list needs, without the
    /// rest being read. Nil when `bytes` do not start an array with an element that is JSON.
    package static func firstElement(_ bytes: UnsafeRawBufferPointer) -> JSONValue? {
        var parser = Cursor(bytes: bytes)
        parser.skipWhitespace()
        guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "[") else { return nil }
        parser.index += 1
        parser.skipWhitespace()
        return try? parser.value(depth: 1)
    }

    /// Parses one JSON value that fills `bytes`, building under each top-level key of `pruning`
    /// only the listed fields of the object there: the rest is checked as JSON and passed over.
    /// A session log's record repeats a tool's whole output under a key a reader needs one field of.
    public static func parse(_ bytes: UnsafeRawBufferPointer, pruning: [String: Set<String>]) throws(Failure)
        -> JSONValue
    {
        var parser = Cursor(bytes: bytes)
        parser.pruning = pruning
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    /// Strings longer than this many bytes are read as their first bytes only (cut at a
    /// character), within ``withStringsCut(to:_:)``; no limit elsewhere.
    @TaskLocal static var stringLimit = Int.max

    /// Runs `body` with every string its parses read longer than `limit` bytes cut to its first
    /// `limit` (at a character): a quick look at a log (its title, its messages counted) has no
    /// use for a tool's whole output, and building it is most of the cost of reading it. Parses on
    /// other threads are not cut.
    package static func withStringsCut<Result>(to limit: Int, _ body: () throws -> Result) rethrows -> Result {
        try $stringLimit.withValue(max(limit, 4), operation: body)
    }

    struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index: Int
        /// Strings longer than this many bytes are cut (see ``JSONParser/stringLimit``).
        let stringLimit: Int
        /// Keys longer than this many bytes are cut: the strings' limit, unless the values are
        /// probed (see ``JSONFields/init(_:probing:)``), whose keys are still looked up by name.
        let keyLimit: Int
        /// Objects and arrays nested deeper than this are checked and passed over, each read as an
        /// empty one of its kind: a probe's shape goes only so deep (see
        /// ``JSONFields/probedLevels``).
        var keptLevels = Int.max
        /// The top-level keys whose objects keep only some fields (see `parse(_:pruning:)`).
        var pruning: [String: Set<String>] = [:]
        /// The bytes of a string with escapes, as they are unescaped: kept from string to string,
        /// so that a record's strings grow it once rather than each from nothing.
        var unescaped = JSONUnescaped()
        /// Whether the last string read is its bytes in the text as they are: no escape, nothing
        /// repaired, nothing cut.
        var lastStringIsVerbatim = false

        /// A cursor at `index` of `bytes`, its strings cut at `stringLimit` bytes.
        init(
            bytes: UnsafeRawBufferPointer, index: Int = 0, stringLimit: Int = JSONParser.stringLimit,
            keyLimit: Int? = nil
        ) {
            self.bytes = bytes
            self.index = index
            self.stringLimit = stringLimit
            self.keyLimit = keyLimit ?? stringLimit
        }

        func failure(_ message: String, at offset: Int? = nil) -> Failure {
            let position = min(offset ?? index, bytes.count)
            var line = 1
            var column = 1
            var cursor = 0
            while cursor < position {
                if bytes[cursor] == 0x0A {
                    line += 1
                    column = 1
                } else if bytes[cursor] & 0xC0 != 0x80 {
                    column += 1
                }
                cursor += 1
            }
            return Failure(line: line, column: column, message: message)
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard index < bytes.count else { throw failure("unexpected end of the document") }
            if depth >= keptLevels, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") {
                return try passedOver(depth: depth)
            }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string(limit: stringLimit))
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw failure("expected a JSON value, found \(describe(bytes[index]))")
            }
        }

        /// The object or array at the cursor, checked and passed over: an empty one of its kind.
        mutating func passedOver(depth: Int) throws(Failure) -> JSONValue {
            let isObject = bytes[index] == UInt8(ascii: "{")
            var scanner = JSONFields.Scanner(bytes: bytes, index: index)
            guard scanner.skipValue(depth: depth + 1) else { throw failure("invalid JSON") }
            index = scanner.index
            return isObject ? .object(JSONObject()) : .array([])
        }

        func describe(_ byte: UInt8) -> String {
            byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: byte)
        }

        func String(format byte: UInt8) -> Swift.String {
            let hex = Swift.String(byte, radix: 16, uppercase: true)
            return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
        }

        mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw failure("unexpected end of the document") }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
                throw failure("expected '\(word)'")
            }
            index += count
            return value
        }

        mutating func number() throws(Failure) -> JSONValue {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            func digits(_ cursor: inout Cursor) -> Int {
                let first = cursor.index
                while cursor.index < cursor.bytes.count, (0x30...0x39).contains(cursor.bytes[cursor.index]) {
                    cursor.index += 1
                }
                return cursor.index - first
            }
            guard digits(&self) > 0 else { throw failure("expected a digit") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits(&self) > 0 else { throw failure("expected a digit after the decimal point") }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits(&self) > 0 else { throw failure("expected a digit in the exponent") }
            }
            // A whole number of up to 15 digits is exact as a Double: made without a string.
            let negative = bytes[start] == UInt8(ascii: "-")
            let first = negative ? start + 1 : start
            if index - first <= 15, !bytes[first..<index].contains(where: { $0 < 0x30 || $0 > 0x39 }) {
                var whole = 0
                for position in first..<index { whole = whole &* 10 &+ Int(bytes[position] &- 0x30) }
                return .number(negative ? -Double(whole) : Double(whole))
            }
            let text = Swift.String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text) else { throw failure("invalid number", at: start) }
            return .number(value)
        }

        /// The string at the cursor (at its opening quote), cut at `limit` bytes. Its characters
        /// are checked as UTF-8 while it is walked, so that the string is copied without a second
        /// check; one that is not well-formed is repaired as `String(decoding:)` repairs it.
        mutating func string(limit: Int) throws(Failure) -> Swift.String {
            let open = index
            index += 1
            let runStart = index
            var isASCII = true
            var isWellFormed = true
            // Most strings (and nearly every key) have no escape: read straight from the bytes,
            // without the buffer escapes are unescaped into.
            while true {
                let byte = try nextASCII(open: open, isASCII: &isASCII, isWellFormed: &isWellFormed)
                if byte == UInt8(ascii: "\"") {
                    let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<index])
                    index += 1
                    lastStringIsVerbatim = isWellFormed && run.count <= limit
                    return text(run, limit: limit, isASCII: isASCII, isWellFormed: isWellFormed)
                }
                if byte < 0x20 { throw failure("control character in a string; write it as an escape") }
                return try unescapedString(
                    open: open, from: runStart, limit: limit, isASCII: isASCII, isWellFormed: isWellFormed)
            }
        }

        /// The next ASCII byte of a string at or past the cursor (the cursor at it): its end, an
        /// escape or a control character; the bytes of other scripts before it are walked, noting
        /// whether there were any and whether each is well-formed UTF-8.
        @inline(__always)
        mutating func nextASCII(open: Int, isASCII: inout Bool, isWellFormed: inout Bool) throws(Failure) -> UInt8 {
            while true {
                index = JSONStringScan.asciiEnd(bytes, from: index)
                guard index < bytes.count else { throw failure("unterminated string", at: open) }
                let byte = bytes[index]
                if byte < 0x80 { return byte }
                isASCII = false
                walkNonASCII(&isWellFormed)
            }
        }

        /// Past a run of bytes of other scripts at the cursor (characters of other scripts come
        /// one after another: checked in one go), noting when one is not well-formed UTF-8.
        @inline(__always)
        mutating func walkNonASCII(_ isWellFormed: inout Bool) {
            repeat {
                let length = UTF8Sequence.length(bytes, at: index)
                if length == 0 {
                    isWellFormed = false
                    index += 1
                } else {
                    index += length
                }
            } while index < bytes.count && bytes[index] >= 0x80
        }

        /// ``string(limit:)`` of a string with an escape (its opening quote at `open`, its text from
        /// `start`, the cursor at its first escape): unescaped into a buffer kept from string to
        /// string.
        mutating func unescapedString(open: Int, from start: Int, limit: Int, isASCII: Bool, isWellFormed: Bool)
            throws(Failure) -> Swift.String
        {
            var isASCII = isASCII
            var isWellFormed = isWellFormed
            var result = unescaped
            unescaped = JSONUnescaped()
            result.count = 0
            // Handed back for the next string however this one ends.
            defer { unescaped = result }
            var runStart = start
            // Room for the rest of a long string at once (it is about as long again).
            result.reserve(max(256, 2 * (index - runStart)))
            while true {
                let byte = try nextASCII(open: open, isASCII: &isASCII, isWellFormed: &isWellFormed)
                if byte == UInt8(ascii: "\"") {
                    let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<index])
                    index += 1
                    lastStringIsVerbatim = false
                    if result.count < limit { result.append(run) }
                    return result.withBytes { text($0, limit: limit, isASCII: isASCII, isWellFormed: isWellFormed) }
                }
                if byte < 0x20 { throw failure("control character in a string; write it as an escape") }
                if result.count < limit { result.append(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index])) }
                index += 1
                guard index < bytes.count else { throw failure("unterminated string", at: open) }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): result.append(0x22)
                case UInt8(ascii: "\\"): result.append(0x5C)
                case UInt8(ascii: "/"): result.append(0x2F)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar), index + 1 < bytes.count, bytes[index] == 0x5C,
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        let save = index
                        index += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            index = save
                        }
                    }
                    let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    if character.value >= 0x80 { isASCII = false }
                    UTF8.encode(character) { result.append($0) }
                default:
                    throw failure("invalid escape '\\\(Character(Unicode.Scalar(escape)))'", at: index - 2)
                }
                runStart = index
            }
        }

        /// A string of `utf8`, cut to its first `limit` bytes at a character; copied unchecked
        /// when the walk found it well-formed.
        func text(_ utf8: UnsafeRawBufferPointer, limit: Int, isASCII: Bool, isWellFormed: Bool) -> Swift.String {
            var end = utf8.count
            if end > limit {
                end = limit
                while end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }
            }
            let kept = UnsafeRawBufferPointer(rebasing: utf8[..<end])
            guard isWellFormed else { return Swift.String(decoding: kept, as: UTF8.self) }
            return Swift.String(checkedUTF8: kept, isASCII: isASCII)
        }

        /// One of 64 bits for `key`, from its length and its first and last bytes: equal keys
        /// have the same bit.
        @inline(__always)
        static func keyBit(_ key: Swift.String) -> UInt64 {
            let utf8 = key.utf8
            let mix = utf8.count &* 31 &+ Int(utf8.first ?? 0) &* 7 &+ Int(utf8.last ?? 0)
            return 1 << UInt64(mix & 63)
        }

        /// ``keyBit(_:)`` of the key just read, whose bytes in the text are `written`: read from
        /// those bytes when they are the key's (see `lastStringIsVerbatim`), without a walk over
        /// the string's view.
        func keyBit(_ key: Swift.String, written: UnsafeRawBufferPointer) -> UInt64 {
            guard lastStringIsVerbatim else { return Self.keyBit(key) }
            let count = written.count
            let mix = count &* 31 &+ Int(count > 0 ? written[0] : 0) &* 7 &+ Int(count > 0 ? written[count - 1] : 0)
            return 1 << UInt64(mix & 63)
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard index + 4 <= bytes.count else { throw failure("incomplete \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x37)
                case 0x61...0x66: digit = UInt32(byte - 0x57)
                default: throw failure("invalid hex digit in a \\u escape")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        mutating func array(depth: Int) throws(Failure) -> JSONValue {
            guard depth <= JSONParser.maximumDepth else {
                throw failure("nesting deeper than \(JSONParser.maximumDepth) levels")
            }
            index += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth))
                skipWhitespace()
                guard index < bytes.count else { throw failure("unexpected end of the document: expected ',' or ']'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(elements)
                } else {
                    throw failure("expected ',' or ']', found \(describe(bytes[index]))")
                }
            }
        }

        mutating func object(depth: Int) throws(Failure) -> JSONValue {
            guard depth <= JSONParser.maximumDepth else {
                throw failure("nesting deeper than \(JSONParser.maximumDepth) levels")
            }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(JSONObject())
            }
            // The object's own pairs, handed to it whole when it ends (moved, not copied: a shared
            // stack of pairs cost a copy and a release of every pair).
            var pairs: [JSONObject.Entry] = []
            pairs.reserveCapacity(4)
            // A bit for each key read, by its length and ends: while no two keys share a bit,
            // no key repeats, and the object is built without looking each key up.
            var seen: UInt64 = 0
            var mayRepeat = false
            while true {
                skipWhitespace()
                guard index < bytes.count else { throw failure("unexpected end of the document: expected a key") }
                guard bytes[index] == UInt8(ascii: "\"") else {
                    throw failure("expected a key in double quotes, found \(describe(bytes[index]))")
                }
                let keyStart = index + 1
                let key = try string(limit: keyLimit)
                let bit = keyBit(key, written: UnsafeRawBufferPointer(rebasing: bytes[keyStart..<index - 1]))
                mayRepeat = mayRepeat || seen & bit != 0
                seen |= bit
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw failure("expected ':' after the key \"\(key)\"")
                }
                index += 1
                skipWhitespace()
                if depth == 1, !pruning.isEmpty, let kept = pruning[key], index < bytes.count,
                    bytes[index] == UInt8(ascii: "{")
                {
                    pairs.append(JSONObject.Entry(key: key, value: try pruned(keeping: kept, depth: depth + 1)))
                } else {
                    pairs.append(JSONObject.Entry(key: key, value: try value(depth: depth)))
                }
                skipWhitespace()
                guard index < bytes.count else { throw failure("unexpected end of the document: expected ',' or '}'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    let object =
                        mayRepeat ? JSONObject(collecting: pairs[...]) : JSONObject(distinct: pairs)
                    return .object(object)
                } else {
                    throw failure("expected ',' or '}', found \(describe(bytes[index]))")
                }
            }
        }
    }
}

extension JSONParser.Cursor {
    /// The object at the cursor with only the fields `kept`; the others checked and passed over.
    mutating func pruned(keeping kept: Set<String>, depth: Int) throws(JSONParser.Failure) -> JSONValue {
        var scanner = JSONFields.Scanner(bytes: bytes, index: index)
        let keys = kept.sorted()
        var found = [JSONValue?](repeating: nil, count: keys.count)
        var list = JSONFields.KeyList()
        for (place, key) in keys.enumerated() { list[key] = .value(place) }
        let wanted = JSONFields.Keys(list)
        guard scanner.object(wanted, into: &found) else {
            throw failure("invalid JSON in an object", at: index)
        }
        index = scanner.index
        return .object(JSONObject(zip(keys, found).compactMap { key, value in value.map { (key, $0) } }))
    }
}

extension JSONParser {
    /// A step into a JSON document: an object's key or an array's index.
    public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
        /// A member of an object, by its key.
        case key(String)
        /// An element of an array, by its position from 0.
        case index(Int)

        /// The step as a path shows it: the key, or `[index]`.
        public var description: String {
            switch self {
            case .key(let key): key
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// The line and column where the value at `path` starts in a valid JSON document, to say where
    /// a problem is; `nil` when the path is not in it.
    public static func location(of path: [PathComponent], in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int)?
    {
        var cursor = Cursor(bytes: bytes)
        cursor.skipWhitespace()
        guard let offset = try? cursor.find(path[...]) else { return nil }
        let failure = cursor.failure("", at: offset)
        return (failure.line, failure.column)
    }
}

extension JSONParser.Cursor {
    /// The offset where the value at `path` starts, walking from the value at the cursor.
    mutating func find(_ path: ArraySlice<JSONParser.PathComponent>) throws(JSONParser.Failure) -> Int? {
        guard let step = path.first else { return index }
        guard index < bytes.count else { return nil }
        switch (step, bytes[index]) {
        case (.key(let wanted), UInt8(ascii: "{")):
            index += 1
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                let key = try string(limit: keyLimit)
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                skipWhitespace()
                if key == wanted { return try find(path.dropFirst()) }
                _ = try value(depth: 1)
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
        case (.index(let wanted), UInt8(ascii: "[")):
            index += 1
            var position = 0
            while true {
                skipWhitespace()
                if position == wanted { return try find(path.dropFirst()) }
                _ = try value(depth: 1)
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
                position += 1
            }
        default:
            return nil
        }
    }
}
