extension JSONValue {
    /// The value as compact JSON text.
    public var jsonText: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// The value as JSON text indented by two spaces per level, for people to read.
    public var prettyJSONText: String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value):
            if value.rounded() == value, abs(value) < 9.0e15 {
                out += String(Int(value))
            } else {
                out += String(value)
            }
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let elements):
            guard !elements.isEmpty else {
                out += "[]"
                return
            }
            out += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
                element.write(to: &out, indent: indent, level: level + 1)
            }
            if let indent { out += "\n" + String(repeating: indent, count: level) }
            out += "]"
        case .object(let object):
            guard !object.isEmpty else {
                out += "{}"
                return
            }
            out += "{"
            for (offset, pair) in object.pairs.enumerated() {
                if offset > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
                JSONValue.writeString(pair.key, to: &out)
                out += indent == nil ? ":" : ": "
                pair.value.write(to: &out, indent: indent, level: level + 1)
            }
            if let indent { out += "\n" + String(repeating: indent, count: level) }
            out += "}"
        }
    }

    static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
