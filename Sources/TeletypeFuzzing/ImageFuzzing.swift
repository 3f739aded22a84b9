import Teletype
import TeletypeANSI

/// Bytes as an image a conversation holds: its header read, its pixels read (for a sixel
/// terminal) and drawn for every kind of terminal. Never a crash; pixels read are as many as the
/// header says; what reaches the terminal is the image's base64 or sixel, nothing of the input's
/// own escapes.
enum ImageFuzzing {
    static func problems(in bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let header = ImageHeader.read(bytes)
        if let pixels = PNGPixels(bytes) {
            if header?.format != "PNG" || header?.width != pixels.width || header?.height != pixels.height {
                problems.append(
                    "pixels \(pixels.width)×\(pixels.height) where the header says \(String(describing: header))")
            }
            if pixels.rgba.count != pixels.width * pixels.height * 4 { problems.append("pixels of the wrong count") }
            let fitted = pixels.fitted(width: 1 + Int(bytes.last ?? 0) % 300, height: 1 + Int(bytes.first ?? 0) % 200)
            let sixel = SixelImage.encode(fitted)
            // ESC only where the device control string opens and ends.
            if sixel.filter({ $0 == 0x1B }).count != 2 || sixel.contains(where: { $0 < 0x20 && $0 != 0x1B }) {
                problems.append("sixel carries control bytes")
            }
        }
        let base64 = TerminalImage.base64(bytes)
        for kind in TerminalImageProtocol.allCases {
            guard
                let image = TerminalImage.drawn(
                    base64: base64, byteCount: bytes.count, columns: 1 + Int(bytes.first ?? 0) % 80,
                    rows: 1 + Int(bytes.last ?? 0) % 24, protocol: kind)
            else { continue }
            if image.sequence.contains(where: { $0 < 0x20 && $0 != 0x1B && $0 != 0x07 }) {
                problems.append("\(kind) carries control bytes")
            }
        }
        // The raw bytes themselves, as if a data URL held them: nothing but base64 is drawn.
        let raw = String(decoding: bytes, as: UTF8.self)
        for kind in TerminalImageProtocol.allCases where raw.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            if TerminalImage.drawn(base64: raw, byteCount: bytes.count, columns: 4, rows: 2, protocol: kind) != nil {
                problems.append("\(kind) drew text that is not base64")
            }
        }
        return problems
    }
}
