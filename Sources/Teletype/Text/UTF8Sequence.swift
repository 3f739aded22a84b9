/// Checks UTF-8 a character at a time where a scan already walks the bytes, so that the text it
/// cuts out can become a `String` without the standard library checking every byte again.
package enum UTF8Sequence {
    /// The length of the well-formed UTF-8 character that starts at `position` (a byte of 0x80 or
    /// more), or 0 when the bytes there are not one (a stray continuation byte, an overlong form, a
    /// surrogate, past U+10FFFF, or cut short): Unicode's table 3-7, byte by byte.
    @inline(__always)
    package static func length(_ bytes: UnsafeRawBufferPointer, at position: Int) -> Int {
        let lead = bytes[position]
        let count = bytes.count
        @inline(__always) func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            position + offset < count && (low...high).contains(bytes[position + offset])
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0:
            return continuation(1, 0xA0) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : 0
        case 0xED:
            return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
        case 0xF0:
            return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4:
            return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }
}

extension String {
    /// The string of `utf8`, which the caller has checked is well-formed UTF-8 (by
    /// ``UTF8Sequence``), copied without the standard library checking it again; `isASCII` says
    /// whether every byte is below 0x80. Where the toolchain has no such copy, checked as usual.
    @inline(__always)
    package init(checkedUTF8 utf8: UnsafeRawBufferPointer, isASCII: Bool) {
        #if compiler(>=6.2)
            if #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *) {
                let bytes = utf8.assumingMemoryBound(to: UInt8.self)
                self = String(copying: unsafe UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
                return
            }
        #endif
        self = String(decoding: utf8, as: UTF8.self)
    }
}
