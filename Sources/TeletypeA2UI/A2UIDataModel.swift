import Teletype
import TeletypeLayout

/// A surface's data model: JSON, read and written by JSON Pointer (RFC 6901), with A2UI's relative
/// paths resolved against the scope of a template's item.
public struct A2UIDataModel: Sendable, Equatable {
    /// The whole model.
    public var root: JSONValue = .object(JSONObject())

    /// An empty model.
    public init() {}

    /// The pointer's steps (`/a/b~1c` is `a`, `b/c`).
    static func steps(_ pointer: String) -> [String] {
        pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            String($0).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }

    /// The absolute pointer of `path` read in `scope` (a template item's pointer, or nil at the root).
    static func absolute(_ path: String, scope: String?) -> String {
        if path.hasPrefix("/") || path.isEmpty { return path.isEmpty ? (scope ?? "") : path }
        return (scope ?? "") + "/" + path
    }

    /// The value at `pointer`, nil when there is none.
    public func value(at pointer: String) -> JSONValue? {
        var node = root
        for step in Self.steps(pointer) {
            switch node {
            case .object(let object):
                guard let child = object[step] else { return nil }
                node = child
            case .array(let array):
                guard let index = Int(step), index >= 0, index < array.count else { return nil }
                node = array[index]
            default: return nil
            }
        }
        return node
    }

    /// Puts `value` at `pointer` (nil removes it), making the objects on the way; a pointer that
    /// runs through a number or a string, or past an array's end, is refused (false).
    @discardableResult
    public mutating func set(_ value: JSONValue?, at pointer: String) -> Bool {
        let steps = Self.steps(pointer)
        guard !steps.isEmpty else {
            root = value ?? .object(JSONObject())
            return true
        }
        return Self.set(value, steps: steps[...], in: &root)
    }

    private static func set(_ value: JSONValue?, steps: ArraySlice<String>, in node: inout JSONValue) -> Bool {
        guard let step = steps.first else { return false }
        let rest = steps.dropFirst()
        switch node {
        case .object(var object):
            if rest.isEmpty {
                object[step] = value
            } else {
                var child = object[step] ?? .object(JSONObject())
                guard set(value, steps: rest, in: &child) else { return false }
                object[step] = child
            }
            node = .object(object)
            return true
        case .array(var array):
            guard let index = step == "-" ? array.count : Int(step), index >= 0, index <= array.count else {
                return false
            }
            if rest.isEmpty {
                if let value {
                    if index == array.count { array.append(value) } else { array[index] = value }
                } else if index < array.count {
                    array.remove(at: index)
                }
            } else {
                guard index < array.count else { return false }
                var child = array[index]
                guard set(value, steps: rest, in: &child) else { return false }
                array[index] = child
            }
            node = .array(array)
            return true
        case .null:
            node = .object(JSONObject())
            return set(value, steps: steps, in: &node)
        default:
            return false
        }
    }
}
