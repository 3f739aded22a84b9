import Teletype
import TeletypeLayout

/// Where a component's values are read: the surface's data model, and the item a template is
/// drawing (its pointer), for relative paths.
struct A2UIContext {
    var model: A2UIDataModel
    var scope: String?
    /// How deep function calls and interpolations go; past a bound, a value reads as missing.
    var depth = 0
    static let maximumDepth = 24

    /// The value a dynamic value stands for: a literal as itself, `{"path"}` from the data model,
    /// `{"call"}` as the function returns; nil when it is missing.
    func resolve(_ value: JSONValue?) -> JSONValue? {
        guard let value, depth < Self.maximumDepth else { return nil }
        guard case .object(let object) = value else { return value }
        if let path = object["path"]?.string, object.keys.count <= 1 {
            return model.value(at: A2UIDataModel.absolute(path, scope: scope))
        }
        if let name = object["call"]?.string {
            var inner = self
            inner.depth += 1
            return inner.call(name, arguments: object["args"]?.object ?? JSONObject())
        }
        return value
    }

    /// The value as text, by A2UI's conversion: numbers and booleans as written, null as nothing,
    /// objects and arrays as JSON.
    func string(_ value: JSONValue?) -> String {
        Self.text(of: resolve(value))
    }

    static func text(of value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: return text
        case .number(let number)?:
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag)?: return flag ? "true" : "false"
        case .null?, nil: return ""
        case let other?: return other.jsonText
        }
    }

    func bool(_ value: JSONValue?) -> Bool? {
        switch resolve(value) {
        case .bool(let flag)?: return flag
        case .string(let text)?: return text == "true" ? true : text == "false" ? false : nil
        case .number(let number)?: return number != 0
        default: return nil
        }
    }

    /// The value as a finite number; nil when it is none (`"nan"`, `"inf"` and a number too large
    /// for a double are none either: nothing drawn from them can be computed).
    func number(_ value: JSONValue?) -> Double? {
        let number: Double?
        switch resolve(value) {
        case .number(let value)?: number = value
        case .string(let text)?: number = Double(text)
        default: number = nil
        }
        return number.flatMap { $0.isFinite ? $0 : nil }
    }

    /// A function of the basic catalog; nil for one it does not have (the value then reads as
    /// missing, and the component shows what it can).
    func call(_ name: String, arguments: JSONObject) -> JSONValue? {
        let value = arguments["value"]
        switch name {
        case "formatString": return .string(interpolate(string(value)))
        case "formatNumber":
            guard let number = number(value) else { return nil }
            let decimals = self.number(arguments["decimals"]).map(\.clampedToInt)
            let grouping = bool(arguments["grouping"]) ?? true
            return .string(A2UIFormat.number(number, decimals: decimals, grouping: grouping))
        case "formatCurrency":
            guard let number = number(value) else { return nil }
            let currency = string(arguments["currency"])
            let decimals = self.number(arguments["decimals"]).map(\.clampedToInt)
            return .string(A2UIFormat.currency(number, code: currency.isEmpty ? "USD" : currency, decimals: decimals))
        case "formatDate":
            let text = string(value)
            return .string(A2UIFormat.date(text, pattern: string(arguments["format"])) ?? text)
        case "pluralize":
            let count = number(value) ?? 0
            let category =
                count == 0 && arguments["zero"] != nil
                ? "zero" : count == 1 ? "one" : count == 2 && arguments["two"] != nil ? "two" : "other"
            return .string(string(arguments[category] ?? arguments["other"]))
        case "required":
            switch resolve(value) {
            case nil, .null?: return .bool(false)
            case .string(let text)?: return .bool(!text.isEmpty)
            case .array(let items)?: return .bool(!items.isEmpty)
            default: return .bool(true)
            }
        case "email":
            let text = string(value)
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            let valid =
                parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
                && !parts[1].hasSuffix(".") && !text.contains(" ")
            return .bool(valid)
        case "length":
            let count = string(value).count
            let minimum = number(arguments["min"]).map(\.clampedToInt) ?? 0
            let maximum = number(arguments["max"]).map(\.clampedToInt) ?? Int.max
            return .bool(count >= minimum && count <= maximum)
        case "numeric":
            guard let number = number(value) else { return .bool(false) }
            return .bool(
                number >= (self.number(arguments["min"]) ?? -.infinity)
                    && number <= (self.number(arguments["max"]) ?? .infinity))
        case "regex":
            // Patterns from the network are not run here (a pattern can take exponential time);
            // the check passes, and the agent validates what it receives.
            return .bool(true)
        case "and":
            return .bool((arguments["values"]?.array ?? []).allSatisfy { bool($0) ?? false })
        case "or":
            return .bool((arguments["values"]?.array ?? []).contains { bool($0) ?? false })
        case "not":
            return bool(value).map { .bool(!$0) }
        case "now":
            return nil
        default:
            return nil
        }
    }

    // MARK: formatString

    /// `${…}` expressions in `template` replaced by their values: paths, and function calls with
    /// named arguments (`${formatNumber(value: ${/count})}`); `\${` is a literal `${`.
    func interpolate(_ template: String) -> String {
        guard depth < Self.maximumDepth else { return template }
        let characters = Array(template)
        var out = ""
        var index = 0
        while index < characters.count {
            if characters[index] == "\\", index + 2 < characters.count, characters[index + 1] == "$",
                characters[index + 2] == "{"
            {
                out += "${"
                index += 3
                continue
            }
            if characters[index] == "$", index + 1 < characters.count, characters[index + 1] == "{",
                let end = Self.closingBrace(characters, from: index + 2)
            {
                out += Self.text(of: expression(String(characters[(index + 2)..<end])))
                index = end + 1
                continue
            }
            out.append(characters[index])
            index += 1
        }
        return out
    }

    /// Where the `}` closing an expression opened before `start` is, past nested `${…}` and quotes.
    static func closingBrace(_ characters: [Character], from start: Int) -> Int? {
        var depth = 0
        var quote: Character?
        var index = start
        while index < characters.count {
            let character = characters[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "{" {
                depth += 1
            } else if character == "}" {
                if depth == 0 { return index }
                depth -= 1
            }
            index += 1
        }
        return nil
    }

    /// An expression's value: a function call `name(a: …, b: …)` or a path.
    func expression(_ text: String) -> JSONValue? {
        var inner = self
        inner.depth += 1
        let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")"),
            trimmed[..<open].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), open > trimmed.startIndex
        else {
            return inner.resolve(.object(JSONObject([("path", .string(trimmed))])))
        }
        let name = String(trimmed[..<open])
        let body = Array(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        var arguments = JSONObject()
        for piece in Self.splitArguments(body) {
            guard let colon = piece.firstIndex(of: ":") else { continue }
            let key = String(piece[..<colon]).filter { $0 != " " }
            let raw = String(
                piece[piece.index(after: colon)...].drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            arguments[key] = inner.literal(raw)
        }
        return inner.call(name, arguments: arguments)
    }

    /// A literal argument: `'text'`, `"text"`, a number, `true`/`false`, or `${…}` (its value).
    func literal(_ raw: String) -> JSONValue? {
        if raw.hasPrefix("${"), raw.hasSuffix("}") { return expression(String(raw.dropFirst(2).dropLast())) }
        if raw.count >= 2, let first = raw.first, first == "'" || first == "\"", raw.last == first {
            return .string(String(raw.dropFirst().dropLast()))
        }
        if let number = Double(raw) { return .number(number) }
        if raw == "true" || raw == "false" { return .bool(raw == "true") }
        return .string(raw)
    }

    /// Arguments split at the commas between them (not inside quotes or `${…}`).
    static func splitArguments(_ characters: [Character]) -> [String] {
        var pieces: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        for character in characters {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "{" || character == "(" {
                depth += 1
            } else if character == "}" || character == ")" {
                depth -= 1
            } else if character == ",", depth == 0 {
                pieces.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}
