/// What an image's first bytes say of it: its format and its size in pixels. Only the header is
/// read (PNG's IHDR, GIF's screen descriptor, JPEG's frame header, WebP's VP8, VP8L or VP8X chunk):
/// the image is never decoded, and bytes that are not one of these, or are cut short, read as
/// nothing.
public struct ImageHeader: Sendable, Equatable {
    /// `PNG`, `JPEG`, `GIF` or `WebP`.
    public var format: String
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// Makes a header.
    public init(format: String, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// The header of `bytes`, or `nil` when they are not a PNG, JPEG, GIF or WebP image whose size
    /// can be read.
    public static func read(_ bytes: some Collection<UInt8>) -> ImageHeader? {
        // A JPEG's frame header may follow large metadata: look through the first 256 KB.
        let head = Array(bytes.prefix(262_144))
        let header: ImageHeader?
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            header = png(head)
        } else if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
            header = head.count >= 10 ? ImageHeader(format: "GIF", width: le16(head, 6), height: le16(head, 8)) : nil
        } else if head.starts(with: [0xFF, 0xD8]) {
            header = jpeg(head)
        } else if head.count >= 16, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            header = webp(head)
        } else {
            header = nil
        }
        guard let header, header.width > 0, header.height > 0 else { return nil }
        return header
    }

    /// The header of an image in a `data:` URL (base64), or `nil`; no other URL is ever read.
    public static func read(dataURL url: String) -> ImageHeader? {
        guard url.utf8.starts(with: "data:".utf8), let comma = url.utf8.firstIndex(of: UInt8(ascii: ",")),
            url[..<comma].hasSuffix(";base64")
        else { return nil }
        // Enough of the base64 for the header: 256 KB of bytes, a multiple of 4 characters.
        let encoded = url.utf8[url.utf8.index(after: comma)...].prefix(349_528)
        return read(Base64Prefix.decode(encoded))
    }

    static func be16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    static func le16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    static func be32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    private static func png(_ bytes: [UInt8]) -> ImageHeader? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return ImageHeader(format: "PNG", width: be32(bytes, 16), height: be32(bytes, 20))
    }

    private static func jpeg(_ bytes: [UInt8]) -> ImageHeader? {
        var at = 2
        while at + 9 < bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            if marker == 0xFF {
                at += 1  // fill bytes
                continue
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                at += 2  // markers without a length
                continue
            }
            // A start of frame (not DHT, JPG or DAC): precision, height, width.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return ImageHeader(format: "JPEG", width: be16(bytes, at + 7), height: be16(bytes, at + 5))
            }
            if marker == 0xD9 || marker == 0xDA { return nil }  // the end, or the scan, before a frame
            let length = be16(bytes, at + 2)
            guard length >= 2 else { return nil }
            at += 2 + length
        }
        return nil
    }

    private static func webp(_ bytes: [UInt8]) -> ImageHeader? {
        guard bytes.count >= 30 else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            // A key frame's start code, then 14-bit width and height.
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return ImageHeader(format: "WebP", width: le16(bytes, 26) & 0x3FFF, height: le16(bytes, 28) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
            return ImageHeader(format: "WebP", width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            let width = (Int(bytes[24]) | Int(bytes[25]) << 8 | Int(bytes[26]) << 16) + 1
            let height = (Int(bytes[27]) | Int(bytes[28]) << 8 | Int(bytes[29]) << 16) + 1
            return ImageHeader(format: "WebP", width: width, height: height)
        default:
            return nil
        }
    }
}

/// Base64 decoded as far as it goes: the header of an image needs its first bytes only, and a
/// character that is not base64 ends the reading.
package enum Base64Prefix {
    package static func decode(_ text: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for character in text {
            let value: UInt32
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(character - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(character - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(character - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "): continue
            default: return out  // padding or anything else: the end
            }
            buffer = buffer << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return out
    }
}
