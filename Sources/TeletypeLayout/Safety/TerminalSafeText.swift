/// Makes untrusted text safe to lay out for a terminal: control characters that could drive the
/// terminal (C0 except tab and newline, DEL, and the 8-bit C1 controls) become visible pictures,
/// such as `␛` for ESC, so they are seen and never executed.
public enum TerminalSafeText {
    /// Whether `text` holds a character ``sanitize(_:)`` would replace.
    public static func needsSanitizing(_ text: String) -> Bool {
        scan(text).needsSanitizing
    }

    /// What one pass over `text` finds: a control character to replace, or a tab.
    public static func scan(_ text: String) -> (needsSanitizing: Bool, hasTab: Bool) {
        var copy = text
        return copy.withUTF8 { bytes in
            var hasTab = false
            var needsSanitizing = false
            var previous: UInt8 = 0
            var index = 0
            let count = bytes.count
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
            while index < count {
                // Eight bytes at a time, skipped while none is below a space, DEL, or the lead byte of a
                // C1 control (and the byte before them is not one); otherwise they are read one by one.
                var end = count
                if index + 8 <= count {
                    let word = UInt64(
                        littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                    let below = (word &- ones &* 0x20) & ~word & highs != 0
                    if previous != 0xC2, !below, !hasZero(word ^ (ones &* 0x7F)), !hasZero(word ^ (ones &* 0xC2)) {
                        previous = UInt8(truncatingIfNeeded: word >> 56)
                        index += 8
                        continue
                    }
                    end = index + 8
                }
                while index < end {
                    let byte = bytes[index]
                    index += 1
                    if byte < 0x20 {
                        if byte == 0x09 {
                            hasTab = true
                        } else if byte != 0x0A {
                            needsSanitizing = true
                        }
                    } else if byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) {
                        needsSanitizing = true
                    }
                    previous = byte
                }
                if needsSanitizing && hasTab { break }
            }
            return (needsSanitizing, hasTab)
        }
    }

    /// `text` with every dangerous control character replaced by its visible picture.
    public static func sanitize(_ text: String) -> String {
        guard needsSanitizing(text) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let picture = picture(for: scalar) {
                out.append(contentsOf: picture.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The visible stand-in for a dangerous control character, or `nil` for any other character.
    public static func picture(for scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x09, 0x0A: return nil
        case 0x00..<0x20: return String(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: return "\u{2421}"
        case 0x80...0x9F:
            // An 8-bit control is the 7-bit sequence ESC + (code − 0x40): show it that way.
            return "\u{241B}" + String(Unicode.Scalar(scalar.value - 0x40)!)
        default: return nil
        }
    }
}
