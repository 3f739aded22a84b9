import CZlib
import Foundation
import Testing

@testable import TeletypeANSI

/// A terminal that speaks sixel gets a PNG's pixels: PNG read in every colour type and bit depth
/// (checked against the pixels a PNG was made of, each row under a filter of its own), and sixel
/// that a sixel reader turns back into those pixels in the 216-colour cube.
@Suite struct SixelImageTests {
    /// A PNG of `pixels` (RGBA, 8 bits) written as colour type `color` at `depth` bits, each row
    /// filtered by a filter picked at random.
    static func png(_ pixels: PNGPixels, color: Int, depth: Int, palette: [[UInt8]] = []) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be32(body.count) + typed
                + be32(Int(typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }))
        }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][color]!
        let rowBytes = (pixels.width * channels * depth + 7) / 8
        let step = max(1, channels * depth / 8)
        var raw: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<pixels.height {
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<pixels.width {
                let at = (y * pixels.width + x) * 4
                let rgba = Array(pixels.rgba[at..<(at + 4)])
                var samples: [Int]
                switch color {
                case 0: samples = [Int(rgba[0])]
                case 2: samples = rgba[0..<3].map(Int.init)
                case 3: samples = [palette.firstIndex(of: rgba)!]
                case 4: samples = [Int(rgba[0]), Int(rgba[3])]
                default: samples = rgba.map(Int.init)
                }
                for (index, sample) in samples.enumerated() {
                    switch depth {
                    case 16:
                        row[(x * channels + index) * 2] = UInt8(sample)
                        row[(x * channels + index) * 2 + 1] = UInt8(sample)
                    case 8: row[x * channels + index] = UInt8(sample)
                    default:
                        let value = color == 3 ? sample : sample * ((1 << depth) - 1) / 255
                        let bit = (x * channels + index) * depth
                        row[bit / 8] |= UInt8(value << (8 - depth - bit % 8))
                    }
                }
            }
            let filter = UInt8.random(in: 0...4)
            var filtered = [UInt8](repeating: 0, count: rowBytes)
            for index in 0..<rowBytes {
                let left = index >= step ? Int(row[index - step]) : 0
                let up = y > 0 ? Int(previous[index]) : 0
                let corner = y > 0 && index >= step ? Int(previous[index - step]) : 0
                let estimate = left + up - corner
                let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
                let predicted = [0, left, up, (left + up) / 2, a <= b && a <= c ? left : b <= c ? up : corner][
                    Int(filter)]
                filtered[index] = row[index] &- UInt8(truncatingIfNeeded: predicted)
            }
            raw += [filter] + filtered
            previous = row
        }
        var compressed = [UInt8](repeating: 0, count: raw.count + raw.count / 100 + 64)
        var length = uLongf(compressed.count)
        _ = compressed.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeBufferPointer { compress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be32(pixels.width) + be32(pixels.height) + [UInt8(depth), UInt8(color), 0, 0, 0])
        if color == 3 {
            png += chunk("PLTE", palette.flatMap { $0[0..<3] })
            png += chunk("tRNS", palette.map { $0[3] })
        }
        // The data split over two chunks, as writers do.
        let half = Int(length) / 2
        png += chunk("IDAT", Array(compressed[0..<half])) + chunk("IDAT", Array(compressed[half..<Int(length)]))
        return png + chunk("IEND", [])
    }

    /// Random pixels that colour type `color` at `depth` bits holds exactly.
    static func pixels(width: Int, height: Int, color: Int, depth: Int, palette: [[UInt8]]) -> PNGPixels {
        let levels = depth >= 8 ? 256 : 1 << depth
        func sample() -> UInt8 {
            let level = Int.random(in: 0..<levels)
            return UInt8(depth >= 8 ? level : level * 255 / (levels - 1))
        }
        var rgba: [UInt8] = []
        for _ in 0..<(width * height) {
            switch color {
            case 0:
                let gray = sample()
                rgba += [gray, gray, gray, 255]
            case 2: rgba += [sample(), sample(), sample(), 255]
            case 3: rgba += palette[Int.random(in: 0..<min(palette.count, levels))]
            case 4:
                let gray = sample()
                rgba += [gray, gray, gray, sample()]
            default: rgba += [sample(), sample(), sample(), sample()]
            }
        }
        return PNGPixels(width: width, height: height, rgba: rgba)
    }

    static let shapes: [(color: Int, depth: Int)] = [
        (0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16), (3, 1), (3, 2), (3, 4), (3, 8), (4, 8), (4, 16),
        (6, 8), (6, 16),
    ]

    @Test func everyColourTypeAndDepthReadsAsItsPixels() throws {
        for shape in Self.shapes {
            for _ in 0..<6 {
                let palette = (0..<256).map { _ in (0..<4).map { _ in UInt8.random(in: 0...255) } }
                let width = Int.random(in: 1...37)
                let height = Int.random(in: 1...23)
                let pixels = Self.pixels(
                    width: width, height: height, color: shape.color, depth: shape.depth, palette: palette)
                let png = Self.png(pixels, color: shape.color, depth: shape.depth, palette: palette)
                let read = try #require(PNGPixels(png), "\(shape) \(width)×\(height)")
                #expect(read == pixels, "\(shape) \(width)×\(height)")
                // Cut short or changed, it is nothing or some pixels: never a crash.
                _ = PNGPixels(Array(png.prefix(png.count / 2)))
                var changed = png
                changed[Int.random(in: 8..<changed.count)] ^= 0xFF
                _ = PNGPixels(changed)
            }
        }
    }

    /// What a sixel reader draws of `sixel`: each pixel's colour register, nil where nothing is drawn.
    static func drawn(_ sixel: [UInt8]) -> (width: Int, height: Int, registers: [Int: [Int]], pixels: [[Int?]])? {
        let text = String(decoding: sixel, as: UTF8.self)
        guard text.hasPrefix("\u{1B}P0;1;0q\"1;1;"), text.hasSuffix("\u{1B}\\") else { return nil }
        let body = Array(text.dropFirst("\u{1B}P0;1;0q\"1;1;".count).dropLast(2).utf8)
        var index = 0
        func number() -> Int {
            var value = 0
            while index < body.count, (48...57).contains(body[index]) {
                value = value * 10 + Int(body[index] - 48)
                index += 1
            }
            return value
        }
        let width = number()
        index += 1
        let height = number()
        var pixels = [[Int?]](repeating: [Int?](repeating: nil, count: width), count: height)
        var registers: [Int: [Int]] = [:]
        var color = 0
        var x = 0
        var band = 0
        while index < body.count {
            let byte = body[index]
            switch byte {
            case UInt8(ascii: "#"):
                index += 1
                color = number()
                if index < body.count, body[index] == UInt8(ascii: ";") {
                    var values: [Int] = []
                    while index < body.count, body[index] == UInt8(ascii: ";") {
                        index += 1
                        values.append(number())
                    }
                    registers[color] = Array(values.dropFirst())
                }
            case UInt8(ascii: "$"):
                x = 0
                index += 1
            case UInt8(ascii: "-"):
                x = 0
                band += 6
                index += 1
            case UInt8(ascii: "!"):
                index += 1
                let count = number()
                let bits = Int(body[index]) - 63
                for _ in 0..<count {
                    for dy in 0..<6 where bits & (1 << dy) != 0 && band + dy < height { pixels[band + dy][x] = color }
                    x += 1
                }
                index += 1
            default:
                let bits = Int(byte) - 63
                for dy in 0..<6 where bits & (1 << dy) != 0 && band + dy < height { pixels[band + dy][x] = color }
                x += 1
                index += 1
            }
        }
        return (width, height, registers, pixels)
    }

    @Test func sixelDrawsEachPixelInTheCube() throws {
        for _ in 0..<20 {
            let width = Int.random(in: 1...50)
            let height = Int.random(in: 1...30)
            // Few colours, in runs, as screenshots have them.
            let colours = (0..<Int.random(in: 1...6)).map { _ in (0..<4).map { _ in UInt8.random(in: 0...255) } }
            var rgba: [UInt8] = []
            var colour = colours[0]
            for _ in 0..<(width * height) {
                if Int.random(in: 0..<5) == 0 { colour = colours.randomElement()! }
                rgba += colour
            }
            let pixels = PNGPixels(width: width, height: height, rgba: rgba)
            let shown = try #require(Self.drawn(SixelImage.encode(pixels)))
            #expect(shown.width == width && shown.height == height)
            for y in 0..<height {
                for x in 0..<width {
                    let at = (y * width + x) * 4
                    guard rgba[at + 3] >= 128 else {
                        #expect(shown.pixels[y][x] == nil, "a transparent pixel shows the background")
                        continue
                    }
                    let register = try #require(shown.pixels[y][x])
                    let percent = try #require(shown.registers[register])
                    for channel in 0..<3 {
                        let level = (Int(rgba[at + channel]) * 5 + 127) / 255
                        #expect(percent[channel] == level * 20)
                    }
                }
            }
        }
    }

    /// The PNGs of this machine (outside the project) read as pixels of the size their header
    /// says, or (interlaced) as nothing.
    @Test func thePNGsOfThisMachineRead() throws {
        let finder = Process()
        finder.executableURL = URL(fileURLWithPath: "/usr/bin/find")
        finder.arguments = ["/usr/share", "-xdev", "-name", "*.png", "-size", "+1k", "-size", "-400k"]
        let pipe = Pipe()
        finder.standardOutput = pipe
        finder.standardError = FileHandle.nullDevice
        try finder.run()
        let paths = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init).sorted()
        finder.waitUntilExit()
        var read = 0
        for path in stride(from: 0, to: paths.count, by: max(1, paths.count / 40)).map({ paths[$0] }) {
            guard let data = FileManager.default.contents(atPath: path), data.count > 24 else { continue }
            let bytes = [UInt8](data)
            let width = Int(bytes[16]) << 24 | Int(bytes[17]) << 16 | Int(bytes[18]) << 8 | Int(bytes[19])
            let height = Int(bytes[20]) << 24 | Int(bytes[21]) << 16 | Int(bytes[22]) << 8 | Int(bytes[23])
            let interlaced = bytes[28] != 0
            let pixels = PNGPixels(bytes)
            #expect((pixels == nil) == interlaced, "\(path)")
            if let pixels {
                #expect(pixels.width == width && pixels.height == height && pixels.rgba.count == width * height * 4)
                read += 1
            }
        }
        if !paths.isEmpty { #expect(read > 0) }
    }

    @Test func aTerminalSaysWhichImagesItDraws() {
        #expect(TerminalImageProtocol.fromAnswers("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c") == .kitty)
        #expect(TerminalImageProtocol.fromAnswers("\u{1B}[?62;4;6;22c") == .sixel)
        #expect(TerminalImageProtocol.fromAnswers("\u{1B}[?64;1;2;6;9;15;18;21;22c") == nil)
        #expect(TerminalImageProtocol.fromAnswers("\u{1B}[?4c") == nil, "4 as the class, not an attribute")
        #expect(TerminalImageProtocol.fromAnswers("") == nil)
        #expect(TerminalImageProtocol.detect(environment: { ["TERM": "foot"][$0] }) == .sixel)
        #expect(TerminalImageProtocol.detect(environment: { ["TERM": "mlterm"][$0] }) == .sixel)
        #expect(TerminalImageProtocol.sixel.draws("PNG") && !TerminalImageProtocol.sixel.draws("JPEG"))
    }

    @Test func aPNGDrawnAsSixelFitsItsCells() throws {
        let pixels = Self.pixels(width: 300, height: 120, color: 2, depth: 8, palette: [])
        let png = Self.png(pixels, color: 2, depth: 8)
        let image = try #require(
            TerminalImage.drawn(
                base64: TerminalImage.base64(png), byteCount: png.count, columns: 30, rows: 6, protocol: .sixel))
        let text = String(decoding: image.sequence, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[5A\u{1B}7\u{1B}P0;1;0q\"1;1;300;120"))
        #expect(text.hasSuffix("\u{1B}\\\u{1B}8\u{1B}[5B"))
        // Not a PNG, or not one Teletype reads: nothing.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0, 0x11, 8, 0, 10, 0, 10]
        #expect(
            TerminalImage.drawn(
                base64: TerminalImage.base64(jpeg), byteCount: 11, columns: 3, rows: 2, protocol: .sixel) == nil)
    }
}
