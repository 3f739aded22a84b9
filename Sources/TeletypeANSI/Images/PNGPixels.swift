import CZlib

/// The pixels of a PNG, for a terminal that draws sixel (the only protocol Teletype sends pixels
/// to, not the file): every colour type and bit depth PNG allows, not interlaced. The chunks are
/// read within their bounds, the image data inflated by zlib to exactly the size the header says,
/// and anything else — a bad chunk, a size past 16 million pixels, an interlaced image — is nil,
/// never a crash.
package struct PNGPixels: Equatable {
    package var width: Int
    package var height: Int
    /// Red, green, blue and alpha of each pixel, row after row.
    package var rgba: [UInt8]

    static let maximumPixels = 16 << 20

    init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    package init?(_ bytes: [UInt8]) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else { return nil }
        func be32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        var at = 8
        var header: (width: Int, height: Int, depth: Int, color: Int)?
        var palette: [UInt8] = []
        var transparency: [UInt8] = []
        var data: [UInt8] = []
        while at + 12 <= bytes.count {
            let length = be32(at)
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let start = at + 8
            guard length >= 0, start + length + 4 <= bytes.count else { return nil }
            let body = bytes[start..<(start + length)]
            switch type {
            case "IHDR":
                guard length == 13 else { return nil }
                let interlaced = bytes[start + 12] != 0
                guard !interlaced, bytes[start + 10] == 0, bytes[start + 11] == 0 else { return nil }
                header = (be32(start), be32(start + 4), Int(bytes[start + 8]), Int(bytes[start + 9]))
            case "PLTE": palette = Array(body)
            case "tRNS": transparency = Array(body)
            case "IDAT": data += body
            case "IEND": at = bytes.count
            default: break
            }
            at = start + length + 4
        }
        guard let header, header.width > 0, header.height > 0, header.width * header.height <= Self.maximumPixels
        else { return nil }
        let channels: Int
        switch (header.color, header.depth) {
        case (0, 1), (0, 2), (0, 4), (0, 8), (0, 16): channels = 1
        case (2, 8), (2, 16): channels = 3
        case (3, 1), (3, 2), (3, 4), (3, 8): channels = 1
        case (4, 8), (4, 16): channels = 2
        case (6, 8), (6, 16): channels = 4
        default: return nil
        }
        if header.color == 3, palette.isEmpty { return nil }
        let rowBytes = (header.width * channels * header.depth + 7) / 8
        let expected = header.height * (rowBytes + 1)
        var raw = [UInt8](repeating: 0, count: expected)
        var produced = uLongf(expected)
        let status = raw.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { compressed in
                uncompress(out.baseAddress, &produced, compressed.baseAddress, uLong(compressed.count))
            }
        }
        guard status == Z_OK, Int(produced) == expected else { return nil }
        guard Self.unfilter(&raw, rowBytes: rowBytes, rows: header.height, step: max(1, channels * header.depth / 8))
        else { return nil }
        width = header.width
        height = header.height
        rgba = [UInt8](repeating: 0, count: width * height * 4)
        let depth = header.depth
        let maximum = (1 << min(depth, 8)) - 1
        for y in 0..<height {
            let row = y * (rowBytes + 1) + 1
            for x in 0..<width {
                // The sample at `index` (0 … channels - 1) of pixel x, to 8 bits.
                func sample(_ index: Int) -> Int {
                    if depth == 16 { return Int(raw[row + (x * channels + index) * 2]) }
                    if depth == 8 { return Int(raw[row + x * channels + index]) }
                    let bit = x * depth
                    let value = Int(raw[row + bit / 8]) >> (8 - depth - bit % 8) & maximum
                    return header.color == 3 ? value : value * 255 / maximum
                }
                let out = (y * width + x) * 4
                switch header.color {
                case 0:
                    let gray = UInt8(sample(0))
                    rgba[out] = gray
                    rgba[out + 1] = gray
                    rgba[out + 2] = gray
                    rgba[out + 3] = 255
                case 2:
                    for index in 0..<3 { rgba[out + index] = UInt8(sample(index)) }
                    rgba[out + 3] = 255
                case 3:
                    let entry = sample(0)
                    guard entry * 3 + 2 < palette.count else { return nil }
                    for index in 0..<3 { rgba[out + index] = palette[entry * 3 + index] }
                    rgba[out + 3] = entry < transparency.count ? transparency[entry] : 255
                case 4:
                    let gray = UInt8(sample(0))
                    rgba[out] = gray
                    rgba[out + 1] = gray
                    rgba[out + 2] = gray
                    rgba[out + 3] = UInt8(sample(1))
                default:
                    for index in 0..<4 { rgba[out + index] = UInt8(sample(index)) }
                }
            }
        }
    }

    /// Undoes each row's filter (none, sub, up, average, Paeth) in place; false for a filter PNG
    /// does not have.
    static func unfilter(_ raw: inout [UInt8], rowBytes: Int, rows: Int, step: Int) -> Bool {
        raw.withUnsafeMutableBufferPointer { bytes in
            for y in 0..<rows {
                let row = y * (rowBytes + 1)
                let filter = bytes[row]
                let start = row + 1
                let previous = y > 0 ? start - (rowBytes + 1) : -1
                for index in 0..<rowBytes {
                    let left = index >= step ? Int(bytes[start + index - step]) : 0
                    let up = previous >= 0 ? Int(bytes[previous + index]) : 0
                    let corner = previous >= 0 && index >= step ? Int(bytes[previous + index - step]) : 0
                    let predicted: Int
                    switch filter {
                    case 0: predicted = 0
                    case 1: predicted = left
                    case 2: predicted = up
                    case 3: predicted = (left + up) / 2
                    case 4:
                        let estimate = left + up - corner
                        let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
                        predicted = a <= b && a <= c ? left : b <= c ? up : corner
                    default: return false
                    }
                    bytes[start + index] = bytes[start + index] &+ UInt8(truncatingIfNeeded: predicted)
                }
            }
            return true
        }
    }

    /// The image scaled (nearest pixel) to fit `width`×`height`, its proportions kept.
    package func fitted(width boxWidth: Int, height boxHeight: Int) -> PNGPixels {
        let scale = min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
        let newWidth = max(1, Int(Double(width) * scale))
        let newHeight = max(1, Int(Double(height) * scale))
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for y in 0..<newHeight {
            let source = min(height - 1, y * height / newHeight)
            for x in 0..<newWidth {
                let from = (source * width + min(width - 1, x * width / newWidth)) * 4
                let to = (y * newWidth + x) * 4
                for channel in 0..<4 { out[to + channel] = rgba[from + channel] }
            }
        }
        return PNGPixels(width: newWidth, height: newHeight, rgba: out)
    }
}
