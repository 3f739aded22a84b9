import Teletype

/// Arguments that arrive as values addressed by JSONPath (`$.operations[1].price`), as Gemini
/// streams a function call's arguments: each value is put at its place in the JSON being built,
/// and strings that come in pieces are joined.
enum PartialArguments {
    /// One step of a path: an object's key or an array's index.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// The steps of a JSONPath such as `$.a.b[0]['c d']`; nil when it is not one this reads.
    static func steps(_ path: String) -> [Step]? {
        var characters = Substring(path)
        guard characters.first == "$" else { return nil }
        characters = characters.dropFirst()
        var steps: [Step] = []
        while let first = characters.first {
            if first == "." {
                characters = characters.dropFirst()
                let name = characters.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { return nil }
                steps.append(.key(String(name)))
                characters = characters.dropFirst(name.count)
            } else if first == "[" {
                guard let close = characters.firstIndex(of: "]") else { return nil }
                let inside = characters[characters.index(after: characters.startIndex)..<close]
                if let number = Int(inside), number >= 0, number < 100_000 {
                    steps.append(.index(number))
                } else if inside.count >= 2, let quote = inside.first, quote == "'" || quote == "\"",
                    inside.last == quote
                {
                    steps.append(.key(String(inside.dropFirst().dropLast())))
                } else {
                    return nil
                }
                characters = characters[characters.index(after: close)...]
            } else {
                return nil
            }
        }
        return steps
    }

    /// How far past an array's end an element may land (the elements between are null).
    static let maximumGap = 16
    /// How deep a path may reach.
    static let maximumDepth = 64

    /// `root` with `value` put at `path`; a string joins the string already there when
    /// `appending`.
    static func apply(_ value: JSONValue, at path: String, to root: JSONValue?, appending: Bool) -> JSONValue? {
        guard let steps = steps(path), steps.count <= maximumDepth else { return root }
        var result =
            root
            ?? (steps.first.map { if case .index = $0 { return .array([]) } else { return .object(JSONObject()) } }
                ?? .null)
        put(value, steps: steps[...], into: &result, appending: appending)
        return result
    }

    private static func put(_ value: JSONValue, steps: ArraySlice<Step>, into node: inout JSONValue, appending: Bool) {
        guard let step = steps.first else {
            if appending, case .string(let old) = node, case .string(let new) = value {
                node = .string(old + new)
            } else {
                node = value
            }
            return
        }
        let rest = steps.dropFirst()
        let empty: JSONValue =
            rest.first.map { if case .index = $0 { return .array([]) } else { return .object(JSONObject()) } } ?? .null
        switch step {
        case .key(let key):
            var object = node.object ?? JSONObject()
            var child = object[key] ?? empty
            put(value, steps: rest, into: &child, appending: appending)
            object[key] = child
            node = .object(object)
        case .index(let index):
            var array = node.array ?? []
            // Elements arrive in order; a far index is not a place to pad up to (a hostile stream
            // could ask for billions of elements).
            guard index <= array.count + maximumGap else { return }
            while array.count <= index { array.append(empty) }
            var child = array[index]
            if child == .null { child = empty }
            put(value, steps: rest, into: &child, appending: appending)
            array[index] = child
            node = .array(array)
        }
    }
}
