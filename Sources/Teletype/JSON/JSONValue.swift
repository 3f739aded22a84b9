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
public struct JSONObject: Sendable, Hashable {
    /// The keys, in order.
    public private(set) var keys: [String] = []
    private var values: [String: JSONValue] = [:]

    /// Creates an empty object.
    public init() {}

    /// Creates an object from key–value pairs, in order; a repeated key keeps its last value.
    public init(_ pairs: [(String, JSONValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    /// An object of `pairs` in order, with room made for them at once (a parse knows how many).
    init(collecting pairs: ArraySlice<(key: String, value: JSONValue)>) {
        keys.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// The value at `key`; setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The key–value pairs, in order.
    public var pairs: [(key: String, value: JSONValue)] { keys.map { ($0, values[$0]!) } }

    /// Whether the object has no keys.
    public var isEmpty: Bool { keys.isEmpty }
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
