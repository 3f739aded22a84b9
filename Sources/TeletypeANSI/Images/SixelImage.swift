/// Pixels as sixel, the DEC graphics that xterm, foot, mlterm and Windows Terminal draw: a palette
/// of 216 colours (six levels of red, green and blue), a pixel at least half transparent left as
/// the terminal's background, six rows of pixels a band, runs of one colour counted (`!n`).
package enum SixelImage {
    /// The device control string that draws `pixels`.
    package static func encode(_ pixels: PNGPixels) -> [UInt8] {
        let width = pixels.width
        let height = pixels.height
        // Each pixel's colour in the 6×6×6 cube, or 255 where it shows the background.
        var indices = [UInt8](repeating: 255, count: width * height)
        var used = [Bool](repeating: false, count: 216)
        for pixel in 0..<(width * height) {
            let at = pixel * 4
            guard pixels.rgba[at + 3] >= 128 else { continue }
            func level(_ value: UInt8) -> Int { (Int(value) * 5 + 127) / 255 }
            let index = level(pixels.rgba[at]) * 36 + level(pixels.rgba[at + 1]) * 6 + level(pixels.rgba[at + 2])
            indices[pixel] = UInt8(index)
            used[index] = true
        }
        var out = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        for index in 0..<216 where used[index] {
            let (red, green, blue) = (index / 36, index / 6 % 6, index % 6)
            out += Array("#\(index);2;\(red * 20);\(green * 20);\(blue * 20)".utf8)
        }
        var row = [UInt8](repeating: 0, count: width)
        for band in stride(from: 0, to: height, by: 6) {
            var colors = [Bool](repeating: false, count: 216)
            for y in band..<min(band + 6, height) {
                for x in 0..<width where indices[y * width + x] != 255 { colors[Int(indices[y * width + x])] = true }
            }
            var first = true
            for color in 0..<216 where colors[color] {
                if !first { out.append(UInt8(ascii: "$")) }
                first = false
                out += Array("#\(color)".utf8)
                for x in 0..<width {
                    var bits: UInt8 = 0
                    for dy in 0..<min(6, height - band) where indices[(band + dy) * width + x] == UInt8(color) {
                        bits |= 1 << dy
                    }
                    row[x] = 63 + bits
                }
                // Runs of one sixel counted.
                var x = 0
                while x < width {
                    var end = x + 1
                    while end < width, row[end] == row[x] { end += 1 }
                    let count = end - x
                    if count > 3 {
                        out += Array("!\(count)".utf8)
                        out.append(row[x])
                    } else {
                        out += Array(repeating: row[x], count: count)
                    }
                    x = end
                }
            }
            out.append(UInt8(ascii: "-"))
        }
        out += Array("\u{1B}\\".utf8)
        return out
    }
}
