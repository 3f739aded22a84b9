#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few fields of a JSON object that a reader needs, read without building the rest: a session
/// log's line can hold megabytes of tool output or a base64 image, and an index of the file wants
/// only its `uuid`, `parentUuid` and `type`. Values not asked for are passed over without being
/// built, but checked: an object this reads is valid JSON, as ``JSONParser`` would read it.
public struct JSONFields: Sendable {
    /// What is wanted under a key: the value itself (the path's place in `paths`), or some of its
    /// fields.
    enum Want: Sendable {
        case value(Int)
        /// A value of which only the shape is wanted (see ``JSONFields/init(_:probing:)``).
        case probe(Int)
        case fields(Keys)

        var isProbe: Bool {
            if case .probe = self { true } else { false }
        }
    }

    /// The keys wanted in one object, each with what is wanted under it, found by comparing a key's
    /// bytes with each (an object asks for a handful): no key read is made into a string or hashed.
    /// Made once and shared: a look at a key copies nothing and retains nothing.
    final class Keys: Sendable {
        /// What is wanted under each key.
        let wants: [Want]
        /// Each key's length in bytes, and its first eight bytes (zeros after a shorter key's end).
        let heads: [(count: Int, word: UInt64)]
        /// Every key's bytes, one after another, and where each starts.
        let bytes: [UInt8]
        let starts: [Int]
        /// The places of every field wanted below these keys.
        let places: [Int]

        /// The keys of `list`, with what is wanted under each.
        init(_ list: KeyList) {
            var wants: [Want] = []
            var heads: [(Int, UInt64)] = []
            var bytes: [UInt8] = []
            var starts: [Int] = []
            var places: [Int] = []
            for (key, wanted) in list.keys {
                switch wanted {
                case .value(let place):
                    wants.append(.value(place))
                    places.append(place)
                case .probe(let place):
                    wants.append(.probe(place))
                    places.append(place)
                case .fields(let inner):
                    let keys = Keys(inner)
                    wants.append(.fields(keys))
                    places += keys.places
                }
                let utf8 = Array(key.utf8)
                starts.append(bytes.count)
                bytes += utf8
                heads.append((utf8.count, utf8.withUnsafeBytes { Self.head($0) }))
            }
            self.wants = wants
            self.heads = heads
            self.bytes = bytes
            self.starts = starts
            self.places = places
        }

        /// A key's first eight bytes as one word, zeros after its end.
        @inline(__always)
        static func head(_ key: UnsafeRawBufferPointer) -> UInt64 {
            if key.count >= 8 { return key.loadUnaligned(as: UInt64.self) }
            var word: UInt64 = 0
            for index in 0..<key.count { word |= UInt64(key[index]) << (8 * UInt64(index)) }
            return word
        }

        /// What is wanted under the key whose UTF-8 is `key`.
        func want(_ key: UnsafeRawBufferPointer) -> Want? {
            let word = Self.head(key)
            for index in heads.indices where heads[index].count == key.count && heads[index].word == word {
                if key.count <= 8 { return wants[index] }
                let same = bytes.withUnsafeBytes { flat in
                    memcmp(flat.baseAddress! + starts[index] + 8, key.baseAddress! + 8, key.count - 8) == 0
                }
                if same { return wants[index] }
            }
            return nil
        }

        /// What is wanted under `key`.
        subscript(key: String) -> Want? {
            var key = key
            return key.withUTF8 { want(UnsafeRawBufferPointer($0)) }
        }
    }

    /// The keys wanted in one object as they are gathered, before they are made ``Keys``.
    struct KeyList {
        indirect enum Wanted {
            case value(Int)
            case probe(Int)
            case fields(KeyList)
        }

        var keys: [(key: String, wanted: Wanted)] = []

        subscript(key: String) -> Wanted? {
            get { keys.first { $0.key == key }?.wanted }
            set {
                let index = keys.firstIndex { $0.key == key }
                switch (index, newValue) {
                case (let index?, let wanted?): keys[index].wanted = wanted
                case (let index?, nil): keys.remove(at: index)
                case (nil, let wanted?): keys.append((key, wanted))
                case (nil, nil): break
                }
            }
        }
    }

    /// The fields found in one object, by their dotted paths (``JSONFields/read(_:)``): looked up by
    /// comparing paths, a handful, rather than hashed.
    public struct Found: Sendable {
        /// The paths asked for, in order.
        let paths: [String]
        /// The value of each path, nil where it is missing.
        let values: [JSONValue?]

        /// No field.
        public init() {
            paths = []
            values = []
        }

        init(paths: [String], values: [JSONValue?]) {
            self.paths = paths
            self.values = values
        }

        /// The value at the dotted `path`, nil when it is missing or was not asked for.
        public subscript(path: String) -> JSONValue? {
            let count = path.utf8.count
            for (index, asked) in paths.enumerated() where asked.utf8.count == count && asked == path {
                return values[index]
            }
            return nil
        }

    }

    let root: Keys
    /// The dotted paths asked for, each once, in the order first asked.
    public let paths: [String]
    /// Each path's keys.
    let keyPaths: [[String]]

    /// How many bytes of a string a probed field keeps (see ``init(_:probing:)``).
    public static let probedStringBytes = 8

    /// How deep a probed field's shape goes (see ``init(_:probing:)``): the value, and the keys
    /// and elements of what it holds; an object or array deeper is checked but read as an empty
    /// one (a reply's parts are wanted, not each call's arguments or a tool's whole result).
    public static let probedLevels = 2

    /// Fields by their dotted paths: `"type"`, `"message.id"` (the `id` of the object under
    /// `message`). Of the fields in `probing` only the shape is wanted — whether a string is empty,
    /// how many elements an array has, which keys an object has — and their strings (not their
    /// keys) are kept to their first
    /// ``probedStringBytes`` bytes, their objects and arrays to ``probedLevels`` levels: a quick
    /// look that asks whether a reply has words does not make them into a string.
    public init(_ paths: [String], probing: [String] = []) {
        var unique: [String] = []
        for path in paths + probing where !unique.contains(path) { unique.append(path) }
        let probed = Set(probing)
        var root = KeyList()
        func insert(_ keys: ArraySlice<Substring>, place: Int, into tree: inout KeyList) {
            guard let first = keys.first.map(String.init) else { return }
            if keys.count == 1 {
                tree[first] = probed.contains(unique[place]) ? .probe(place) : .value(place)
                return
            }
            var inner = KeyList()
            if case .fields(let existing)? = tree[first] { inner = existing }
            insert(keys.dropFirst(), place: place, into: &inner)
            tree[first] = .fields(inner)
        }
        for (place, path) in unique.enumerated() {
            insert(path.split(separator: ".")[...], place: place, into: &root)
        }
        self.root = Keys(root)
        self.paths = unique
        keyPaths = unique.map { $0.split(separator: ".").map(String.init) }
    }

    /// The wanted fields of the object in `bytes`, by their dotted paths; nil when `bytes` is not a
    /// JSON object. A value that is not valid JSON is left out.
    public func read(_ bytes: UnsafeRawBufferPointer) -> Found? {
        guard let values = values(bytes) else { return nil }
        return Found(paths: paths, values: values)
    }

    /// ``read(_:)`` of line after line, the values gathered in `scratch` (kept by the caller from
    /// one line to the next): while what was handed over for the last line is let go, no array is
    /// made for the next.
    public func read(_ bytes: UnsafeRawBufferPointer, reusing scratch: inout [JSONValue?]) -> Found? {
        guard values(bytes, into: &scratch) else { return nil }
        return Found(paths: paths, values: scratch)
    }

    /// ``read(_:)`` by place: the value of each of ``paths`` in order, nil where it is missing; nil
    /// when `bytes` is not a JSON object. A reader of millions of lines looks fields up by place.
    public func values(_ bytes: UnsafeRawBufferPointer) -> [JSONValue?]? {
        var found: [JSONValue?] = []
        return values(bytes, into: &found) ? found : nil
    }

    /// ``values(_:)`` into `found`, emptied first and reused: false when `bytes` is not a JSON
    /// object. A new array of values for every line costs more than reading a short one (the
    /// runtime looks its type up each time).
    public func values(_ bytes: UnsafeRawBufferPointer, into found: inout [JSONValue?]) -> Bool {
        if found.count == paths.count {
            for place in found.indices { found[place] = nil }
        } else {
            found = [JSONValue?](repeating: nil, count: paths.count)
        }
        var scanner = Scanner(bytes: bytes)
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "{"), scanner.object(root, into: &found) else { return false }
        scanner.skipWhitespace()
        return scanner.index == bytes.count
    }

    /// The fields of an object already parsed, as ``read(_:)`` finds them in its bytes.
    public func read(of value: JSONValue) -> Found {
        Found(
            paths: paths,
            values: keyPaths.map { keys in
                var found: JSONValue? = value
                for key in keys { found = found?[key] }
                return found
            })
    }

    struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        /// Strings of the values built are cut at this many bytes (see ``JSONParser/stringLimit``).
        let stringLimit = JSONParser.stringLimit

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
            {
                index += 1
            }
        }

        /// Reads the object at the cursor, collecting the wanted fields; false when it is malformed.
        mutating func object(_ wanted: Keys, into found: inout [JSONValue?]) -> Bool {
            index += 1  // {
            skipWhitespace()
            if peek == UInt8(ascii: "}") {
                index += 1
                return true
            }
            while true {
                skipWhitespace()
                guard peek == UInt8(ascii: "\""), let want = key(in: wanted) else { return false }
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else { return false }
                index += 1
                skipWhitespace()
                switch want {
                case .value(let place)?, .probe(let place)?:
                    // Built where it stands, in one pass; a value that is not valid JSON is passed
                    // over as the scan checks it, and left out.
                    let isProbe = want?.isProbe == true
                    var cursor = JSONParser.Cursor(
                        bytes: bytes, index: index,
                        stringLimit: isProbe ? JSONFields.probedStringBytes : stringLimit,
                        keyLimit: stringLimit)
                    if isProbe { cursor.keptLevels = JSONFields.probedLevels }
                    if let parsed = try? cursor.value(depth: 0) {
                        found[place] = parsed
                        index = cursor.index
                    } else {
                        guard skipValue(depth: 1) else { return false }
                    }
                case .fields(let inner)?:
                    // A key written twice keeps its last value, as a parse does: what an earlier
                    // object under it gave is let go.
                    for place in inner.places { found[place] = nil }
                    if peek == UInt8(ascii: "{") {
                        guard object(inner, into: &found) else { return false }
                    } else {
                        guard skipValue(depth: 1) else { return false }
                    }
                default:
                    guard skipValue(depth: 1) else { return false }
                }
                skipWhitespace()
                switch peek {
                case UInt8(ascii: ",")?: index += 1
                case UInt8(ascii: "}")?:
                    index += 1
                    return true
                default: return false
                }
            }
        }

        /// Passes over the key at the cursor: what `wanted` wants under it (`.some(nil)` when
        /// nothing), nil when it is not a valid string. A key with escapes is decoded first.
        mutating func key(in wanted: Keys) -> Want?? {
            let start = index
            var escaped = false
            guard skipString(sawEscape: &escaped) else { return nil }
            if !escaped {
                return .some(wanted.want(UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<(index - 1)])))
            }
            guard let key = (try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[start..<index])))?.string
            else { return nil }
            return .some(wanted[key])
        }

        /// Passes over the string at the cursor (at its opening quote), checking it as JSON: valid
        /// escapes, no control character.
        mutating func skipString(sawEscape: inout Bool) -> Bool {
            var position = index + 1
            let count = bytes.count
            while position < count {
                position = JSONStringScan.plainEnd(bytes, from: position)
                guard position < count else { return false }
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    index = position + 1
                    return true
                }
                if byte == UInt8(ascii: "\\") {
                    sawEscape = true
                    guard position + 1 < count else { return false }
                    switch bytes[position + 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                        UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        position += 2
                    case UInt8(ascii: "u"):
                        guard position + 5 < count,
                            (2...5).allSatisfy({ Self.isHexDigit(bytes[position + $0]) })
                        else { return false }
                        position += 6
                    default:
                        return false
                    }
                    continue
                }
                if byte < 0x20 { return false }
                position += 1
            }
            return false
        }

        static func isHexDigit(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
        }

        /// Passes over the value at the cursor, checking it as JSON.
        mutating func skipValue(depth: Int) -> Bool {
            guard depth <= JSONParser.maximumDepth, let first = peek else { return false }
            switch first {
            case UInt8(ascii: "\""):
                var escaped = false
                return skipString(sawEscape: &escaped)
            case UInt8(ascii: "{"):
                index += 1
                skipWhitespace()
                if peek == UInt8(ascii: "}") {
                    index += 1
                    return true
                }
                while true {
                    skipWhitespace()
                    var escaped = false
                    guard peek == UInt8(ascii: "\""), skipString(sawEscape: &escaped) else { return false }
                    skipWhitespace()
                    guard peek == UInt8(ascii: ":") else { return false }
                    index += 1
                    skipWhitespace()
                    guard skipValue(depth: depth + 1) else { return false }
                    skipWhitespace()
                    switch peek {
                    case UInt8(ascii: ",")?: index += 1
                    case UInt8(ascii: "}")?:
                        index += 1
                        return true
                    default: return false
                    }
                }
            case UInt8(ascii: "["):
                index += 1
                skipWhitespace()
                if peek == UInt8(ascii: "]") {
                    index += 1
                    return true
                }
                while true {
                    skipWhitespace()
                    guard skipValue(depth: depth + 1) else { return false }
                    skipWhitespace()
                    switch peek {
                    case UInt8(ascii: ",")?: index += 1
                    case UInt8(ascii: "]")?:
                        index += 1
                        return true
                    default: return false
                    }
                }
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let length = word.utf8CodeUnitCount
            guard index + length <= bytes.count else { return false }
            let matches = word.withUTF8Buffer { expected in
                (0..<length).allSatisfy { bytes[index + $0] == expected[$0] }
            }
            if matches { index += length }
            return matches
        }

        /// A number as JSON writes it: `-`, digits, a fraction, an exponent.
        mutating func number() -> Bool {
            func digits() -> Int {
                let start = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                return index - start
            }
            if peek == UInt8(ascii: "-") { index += 1 }
            // Leading zeros pass, as ``JSONParser`` reads them: a field's scan and a parse of the
            // same line agree on whether it is JSON.
            guard digits() > 0 else { return false }
            if peek == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return false }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                index += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { return false }
            }
            return true
        }
    }
}
