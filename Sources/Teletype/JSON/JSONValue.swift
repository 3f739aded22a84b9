/// A JSON value, as payloads, tool arguments and extra data carry it. Objects keep their keys'
/// order, so arguments show as the agent wrote them.
public enum JSONValue: Sendable, Hashable {
    /// `null`
    case null
    /// `true` or `false`
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object(JSONObject)

    /// The value at `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The string, when this is a non-empty string (an empty one reads as missing).
    public var string: String? {
        if case .string(let value) = self, !value.isEmpty { return value }
        return nil
    }

    /// The number, when this is a number.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as a whole number, when this is a number without a fraction.
    public var integer: Int? {
        guard let value = number, value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    /// The Boolean, when this is one.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The object, when this is one.
    public var object: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }
}

/// A JSON object: keys in the order they were written, and a value for each.
///
/// The pairs are kept in one array and a key is found by comparing it with each: the objects of
/// logs and payloads hold a few keys, and a short look costs less than hashing the key. An object
/// of many keys (a map of thousands of nodes) keeps an index of its keys beside them as well.
public struct JSONObject: Sendable, Hashable {
    /// One key and its value.
    struct Entry: Sendable, Hashable {
        var key: String
        var value: JSONValue
    }

    /// Objects with more keys than this are looked up through an index.
    static let indexedFrom = 24

    private var entries: [Entry] = []
    /// Where each key is in `entries`, for an object of more than `indexedFrom` keys.
    private var index: [String: Int]?

    /// Creates an empty object.
    public init() {}

    /// Creates an object from key–value pairs, in order; a repeated key keeps its last value.
    public init(_ pairs: [(String, JSONValue)]) {
        entries.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// An object of `pairs` in order, with room made for them at once (a parse knows how many).
    init(collecting pairs: ArraySlice<Entry>) {
        entries.reserveCapacity(pairs.count)
        for pair in pairs { self[pair.key] = pair.value }
    }

    /// An object of `pairs` in order, whose keys the caller knows to be distinct: taken as they
    /// are, no key looked for before it is added.
    init(distinct pairs: [Entry]) {
        entries = pairs
        if entries.count > Self.indexedFrom { reindex() }
    }

    /// The keys, in order.
    public var keys: [String] { entries.map(\.key) }

    /// How many keys the object has.
    public var count: Int { entries.count }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        // Keys of another length are passed over without a comparison (most of a look-up's keys).
        let length = key.utf8.count
        return entries.withUnsafeBufferPointer { entries in
            for at in entries.indices where entries[at].key.utf8.count == length && entries[at].key == key {
                return at
            }
            return nil
        }
    }

    /// The value at `key`; setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let at = position(of: key) {
                if let newValue {
                    entries[at].value = newValue
                } else {
                    entries.remove(at: at)
                    if index != nil { reindex() }
                }
            } else if let newValue {
                entries.append(Entry(key: key, value: newValue))
                if index != nil {
                    index?[key] = entries.count - 1
                } else if entries.count > Self.indexedFrom {
                    reindex()
                }
            }
        }
    }

    private mutating func reindex() {
        guard entries.count > Self.indexedFrom else {
            index = nil
            return
        }
        var positions = [String: Int](minimumCapacity: entries.count)
        for (at, entry) in entries.enumerated() { positions[entry.key] = at }
        index = positions
    }

    /// The key–value pairs, in order.
    public var pairs: [(key: String, value: JSONValue)] { entries.map { ($0.key, $0.value) } }

    /// The key and value at `position` (from 0, in order, below ``count``): a look at each pair
    /// without an array made of them all.
    public func pair(at position: Int) -> (key: String, value: JSONValue) {
        (entries[position].key, entries[position].value)
    }

    /// Whether the object has no keys.
    public var isEmpty: Bool { entries.isEmpty }

    /// Two objects are equal when they hold the same keys in the same order, with equal values.
    public static func == (left: JSONObject, right: JSONObject) -> Bool { left.entries == right.entries }

    /// Hashes the keys and values in order.
    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    /// A string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A number from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `true` or `false` from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array from a literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object from a literal, keys in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
    /// `null` from `nil`.
    public init(nilLiteral: ()) { self = .null }
}
