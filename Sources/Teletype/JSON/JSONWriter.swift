extension JSONValue {
    /// The value as compact JSON text.
    public var jsonText: String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out, indent: nil, level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// The value as JSON text indented by two spaces per level, for people to read.
    public var prettyJSONText: String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out, indent: "  ", level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes the value's UTF-8 to `out`: text built as bytes, its strings' runs that need no
    /// escape copied whole (a character at a time, an archive's manifest of 1 MB took 500 million
    /// instructions).
    private func write(to out: inout [UInt8], indent: String?, level: Int) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .number(let value):
            if value.rounded() == value, abs(value) < 9.0e15 {
                out += String(Int(value)).utf8
            } else {
                out += String(value).utf8
            }
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let elements):
            guard !elements.isEmpty else {
                out += "[]".utf8
                return
            }
            out.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                if let indent { Self.newLine(&out, indent, level + 1) }
                element.write(to: &out, indent: indent, level: level + 1)
            }
            if let indent { Self.newLine(&out, indent, level) }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                out += "{}".utf8
                return
            }
            out.append(UInt8(ascii: "{"))
            for offset in 0..<object.count {
                let pair = object.pair(at: offset)
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                if let indent { Self.newLine(&out, indent, level + 1) }
                JSONValue.writeString(pair.key, to: &out)
                out += (indent == nil ? ":" : ": ").utf8
                pair.value.write(to: &out, indent: indent, level: level + 1)
            }
            if let indent { Self.newLine(&out, indent, level) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newLine(_ out: inout [UInt8], _ indent: String, _ level: Int) {
        out.append(0x0A)
        for _ in 0..<level { out += indent.utf8 }
    }

    /// `value` as a JSON string's UTF-8, quoted and escaped, appended to `out`: `"` and `\`, line
    /// feeds, returns and tabs by their letters, and every other control character (C0, DEL, C1)
    /// as `\u00XX`; the rest as it is.
    static func writeString(_ value: String, to out: inout [UInt8]) {
        out.append(0x22)
        var value = value
        value.withUTF8 { bytes in
            let count = bytes.count
            var runStart = 0
            var index = 0
            while index < count {
                let byte = bytes[index]
                // Most bytes: printable ASCII but the quote and the backslash, or part of a
                // character of another script that is not a C1 control (0xC2 0x80–0x9F).
                if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F
                    && (byte != 0xC2 || index + 1 >= count || bytes[index + 1] > 0x9F)
                {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                switch byte {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, UInt8(ascii: "n")]
                case 0x0D: out += [0x5C, UInt8(ascii: "r")]
                case 0x09: out += [0x5C, UInt8(ascii: "t")]
                case 0xC2:
                    index += 1
                    unicodeEscape(UInt32(bytes[index]), to: &out)
                default: unicodeEscape(UInt32(byte), to: &out)
                }
                index += 1
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
        out.append(0x22)
    }

    /// `\u00XX` of a control character, in lowercase hexadecimal.
    private static func unicodeEscape(_ scalar: UInt32, to out: inout [UInt8]) {
        func digit(_ value: UInt32) -> UInt8 { UInt8(value < 10 ? 0x30 + value : 0x57 + value) }
        out += [
            0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digit(scalar >> 4 & 0xF),
            digit(scalar & 0xF),
        ]
    }
}
