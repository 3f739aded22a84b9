/// Turns the bytes a terminal sends in raw mode into keys: UTF-8 text, control keys, CSI and SS3
/// sequences (arrows, Home/End, Page Up/Down, Delete, modified keys, `CSI u`), Alt as an ESC prefix,
/// bracketed paste, and the mouse wheel (SGR mouse reports; other mouse events mean nothing here). A sequence split across reads waits for its end; a lone ESC cannot be told
/// from the start of a sequence, so it waits until ``flush()`` (call it when input pauses).
public struct TerminalKeyDecoder: Sendable {
    private var pending: [UInt8] = []
    private var paste: [UInt8]?

    /// Starts a decoder with nothing pending.
    public init() {}

    /// Whether bytes are waiting for the rest of a sequence (or for ``flush()``).
    public var isWaiting: Bool { !pending.isEmpty }

    /// The keys `bytes` complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [TerminalKey] {
        pending += bytes
        var keys: [TerminalKey] = []
        var index = 0
        while index < pending.count {
            if paste != nil {
                guard let end = Self.find(Self.pasteEnd, in: pending, from: index) else {
                    // Keep a possible partial end marker for the next read.
                    let keep = min(Self.pasteEnd.count - 1, pending.count - index)
                    paste! += pending[index..<pending.count - keep]
                    index = pending.count - keep
                    break
                }
                paste! += pending[index..<end]
                keys.append(.paste(Self.text(paste!)))
                paste = nil
                index = end + Self.pasteEnd.count
                continue
            }
            guard let (key, length) = decode(at: index) else { break }
            index += length
            if let key { keys.append(key) }
        }
        pending.removeFirst(index)
        return keys
    }

    /// Ends a wait: a lone ESC is the Escape key; an unfinished sequence is dropped.
    public mutating func flush() -> [TerminalKey] {
        defer { pending.removeAll() }
        if pending == [0x1B] { return [.escape] }
        if pending.first == 0x1B, pending.count == 2, let alt = Self.altKey(pending[1]) { return [alt] }
        return []
    }

    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    static func find(_ marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        var index = start
        while index + marker.count <= bytes.count {
            if bytes[index] == marker[0] && Array(bytes[index..<index + marker.count]) == marker { return index }
            index += 1
        }
        return nil
    }

    /// Pasted text: CRLF and CR become newlines, other controls but tab are dropped.
    static func text(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self).replacing("\r\n", with: "\n").replacing("\r", with: "\n")
        return String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    $0 == "\n" || $0 == "\t" || !($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
                }))
    }

    /// The key at `index` and the bytes it takes (a `nil` key for bytes that mean nothing), or `nil`
    /// when more bytes are needed.
    private mutating func decode(at index: Int) -> (TerminalKey?, Int)? {
        let byte = pending[index]
        switch byte {
        case 0x1B: return escape(at: index)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00: return (nil, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x1C...0x1F: return (nil, 1)
        default:
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            guard index + length <= pending.count else { return nil }
            let text = String(decoding: pending[index..<index + length], as: UTF8.self)
            guard let character = text.first, text.unicodeScalars.count == 1, text != "\u{FFFD}" else {
                return (nil, 1)
            }
            return (.character(character), length)
        }
    }

    private mutating func escape(at index: Int) -> (TerminalKey?, Int)? {
        guard index + 1 < pending.count else { return nil }
        let next = pending[index + 1]
        if next == UInt8(ascii: "[") { return csi(at: index) }
        if next == UInt8(ascii: "O") {
            guard index + 2 < pending.count else { return nil }
            let keys: [UInt8: TerminalKey] = [
                UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
                UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
            ]
            return (keys[pending[index + 2]], 3)
        }
        if next == 0x1B { return (.escape, 1) }
        return (Self.altKey(next), 2)
    }

    /// ESC then a byte: Alt and that key.
    static func altKey(_ byte: UInt8) -> TerminalKey? {
        switch byte {
        case 0x0D, 0x0A: return .newline
        case 0x7F, 0x08: return .control("w")  // Alt-Backspace deletes a word, as Ctrl-W does
        case UInt8(ascii: "b"): return .wordLeft
        case UInt8(ascii: "f"): return .wordRight
        case 0x20...0x7E: return .alt(Character(Unicode.Scalar(byte)))
        default: return nil
        }
    }

    private mutating func csi(at index: Int) -> (TerminalKey?, Int)? {
        var end = index + 2
        while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return nil }
        let length = end - index + 1
        if Array(pending[index..<index + length]) == Self.pasteStart {
            paste = []
            return (nil, length)
        }
        if pending[index + 2] == UInt8(ascii: "<") {
            // SGR mouse: CSI < button ; column ; row M (pressed) or m (released); 64 and 65 the wheel.
            let button = Int(String(decoding: pending[index + 3..<end], as: UTF8.self).prefix { $0 != ";" }) ?? 0
            guard pending[end] == UInt8(ascii: "M"), button & 64 != 0 else { return (nil, length) }
            return (button & 1 == 0 ? .scrollUp : .scrollDown, length)
        }
        let parameters = String(decoding: pending[index + 2..<end], as: UTF8.self).split(separator: ";").map {
            Int($0) ?? 0
        }
        let modifier = parameters.count > 1 ? parameters[1] - 1 : 0
        let ctrlOrAlt = modifier & 0b110 != 0
        switch pending[end] {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (ctrlOrAlt ? .wordRight : .right, length)
        case UInt8(ascii: "D"): return (ctrlOrAlt ? .wordLeft : .left, length)
        case UInt8(ascii: "H"): return (.home, length)
        case UInt8(ascii: "F"): return (.end, length)
        case UInt8(ascii: "Z"): return (nil, length)  // Shift-Tab
        case UInt8(ascii: "u"):
            // CSI code ; modifiers u: Enter with a modifier is a new line.
            if parameters.first == 13 { return (modifier != 0 ? .newline : .enter, length) }
            if parameters.first == 27 { return (.escape, length) }
            return (nil, length)
        case UInt8(ascii: "~"):
            switch parameters.first ?? 0 {
            case 1, 7: return (.home, length)
            case 4, 8: return (.end, length)
            case 3: return (.delete, length)
            case 5: return (.pageUp, length)
            case 6: return (.pageDown, length)
            case 27 where parameters.count > 2 && parameters[2] == 13: return (.newline, length)
            default: return (nil, length)
            }
        default: return (nil, length)
        }
    }
}
