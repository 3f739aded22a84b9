/// Reading scalars straight from valid UTF-8 bytes (a Swift string's), without building strings.
enum UTF8Scalar {
    /// The scalar that starts at `index` of valid UTF-8 `bytes`, and its length in bytes.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        let value: UInt32
        let length: Int
        if lead < 0x80 {
            return (Unicode.Scalar(UInt8(lead)), 1)
        } else if lead < 0xE0 {
            value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
            length = 2
        } else if lead < 0xF0 {
            value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            length = 3
        } else {
            value =
                (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                | UInt32(bytes[index + 3] & 0x3F)
            length = 4
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}
