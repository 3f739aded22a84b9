#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether bytes are well-formed UTF-8, as cmark-gfm's own check reads them (no overlong forms, no
/// surrogates, nothing past U+10FFFF): text that is needs no check, nor any repair, from cmark-gfm.
enum UTF8Validity {
    /// Whether `bytes` is well-formed UTF-8; ASCII is passed over eight bytes at a time.
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        while index < count {
            if index + 8 <= count,
                base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let lead = base.load(fromByteOffset: index, as: UInt8.self)
            if lead < 0x80 {
                index += 1
                continue
            }
            // The second byte's range depends on the lead byte; the others are 0x80–0xBF.
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = base.load(fromByteOffset: index + 1, as: UInt8.self)
            guard second >= low && second <= high else { return false }
            for offset in 2..<length {
                guard base.load(fromByteOffset: index + offset, as: UInt8.self) & 0xC0 == 0x80 else { return false }
            }
            index += length
        }
        return true
    }
}

extension String {
    /// A string of the C string at `pointer`: checked by ``UTF8Validity/isValid(_:)`` and copied
    /// without the standard library's second check (`String(cString:)` cost 760 instructions a
    /// text node of a reply); repaired as `String(cString:)` repairs it when it is not well-formed.
    init(checkedCString pointer: UnsafePointer<CChar>) {
        let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
        #if compiler(>=6.2)
            if #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *), UTF8Validity.isValid(bytes) {
                self = String(
                    copying: unsafe UTF8Span(
                        unchecked: bytes.assumingMemoryBound(to: UInt8.self).span, isKnownASCII: false))
                return
            }
        #endif
        self = String(decoding: bytes, as: UTF8.self)
    }
}
