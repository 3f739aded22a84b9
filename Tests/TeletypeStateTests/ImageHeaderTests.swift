import Foundation
import Teletype
import TeletypeLayout
import TeletypeTestSupport
import Testing

/// An image's format and size, read from its header only: what `file` says of the images on this
/// machine, what hand-made headers of each format say, and nothing (never a crash) for bytes cut
/// short or made up.
@Suite struct ImageHeaderTests {
    /// Images found on this machine (outside the project), with what `file` reads of their size.
    static let machineImages: [(path: String, width: Int, height: Int)] = {
        let finder = Process()
        finder.executableURL = URL(fileURLWithPath: "/usr/bin/find")
        finder.arguments = [
            "/usr/share", "-xdev", "(", "-name", "*.png", "-o", "-name", "*.jpg", "-o", "-name", "*.gif", ")",
            "-size", "+1k",
        ]
        let pipe = Pipe()
        finder.standardOutput = pipe
        finder.standardError = FileHandle.nullDevice
        guard (try? finder.run()) != nil else { return [] }
        let found = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        finder.waitUntilExit()
        let paths = found.split(separator: "\n").map(String.init).sorted()
        // A sample spread over all of them, with `file`'s reading of each.
        let sample = stride(from: 0, to: paths.count, by: max(1, paths.count / 60)).map { paths[$0] }
        return sample.compactMap { path in
            let file = Process()
            file.executableURL = URL(fileURLWithPath: "/usr/bin/file")
            file.arguments = ["-b", path]
            let out = Pipe()
            file.standardOutput = out
            guard (try? file.run()) != nil else { return nil }
            let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            file.waitUntilExit()
            // "PNG image data, 16 x 16, …", "GIF image data, version 89a, 48 x 60", "JPEG …, 493x58, …"
            let size = said.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.first { part in
                let sides = part.replacingOccurrences(of: " ", with: "").split(separator: "x")
                return sides.count == 2 && sides.allSatisfy { Int($0) != nil }
            }
            guard let size else { return nil }
            let sides = size.replacingOccurrences(of: " ", with: "").split(separator: "x").compactMap { Int($0) }
            return (path, sides[0], sides[1])
        }
    }()

    @Test func theImagesOnThisMachineReadAsFileReadsThem() throws {
        let images = Self.machineImages
        guard !images.isEmpty else { return }  // a machine without images or `file`: nothing to compare
        for image in images {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: image.path)))
            let header = ImageHeader.read(bytes)
            #expect(header?.width == image.width && header?.height == image.height, "\(image.path)")
            // Cut anywhere, an image reads as itself or as nothing.
            for length in [0, 1, 7, 8, 16, 23, 24, 100, bytes.count / 2] where length < bytes.count {
                let cut = ImageHeader.read(bytes.prefix(length))
                #expect(cut == nil || cut == header, "\(image.path) cut at \(length)")
            }
        }
    }

    @Test func eachFormatsHeaderIsRead() {
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 5, 0, 0, 0, 3, 0x20, 8, 6, 0, 0, 0]
        #expect(ImageHeader.read(png) == ImageHeader(format: "PNG", width: 1280, height: 800))
        let gif = Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0, 0, 0]
        #expect(ImageHeader.read(gif) == ImageHeader(format: "GIF", width: 320, height: 240))
        // A JPEG with an APP0 segment before its frame header (SOF2, progressive).
        let jpeg: [UInt8] =
            [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
            + [0xFF, 0xC2, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03, 0x20, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        #expect(ImageHeader.read(jpeg) == ImageHeader(format: "JPEG", width: 800, height: 600))
        func riff(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPchunk".utf8.prefix(4)) + Array(chunk.utf8) + [0, 0, 0, 0]
                + payload
        }
        let vp8x = riff("VP8X", [0, 0, 0, 0] + [0x7F, 0x02, 0x00] + [0xDF, 0x01, 0x00])
        #expect(ImageHeader.read(vp8x) == ImageHeader(format: "WebP", width: 640, height: 480))
        // VP8L: 14-bit width − 1 and height − 1 after the signature byte 0x2F.
        let bits = (99 & 0x3FFF) | ((49 & 0x3FFF) << 14)
        let vp8l = riff(
            "VP8L", [0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), 0, 0, 0, 0, 0, 0, 0])
        #expect(ImageHeader.read(vp8l) == ImageHeader(format: "WebP", width: 100, height: 50))
        let vp8 = riff("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A, 0x2C, 0x01, 0xC8, 0x00])
        #expect(ImageHeader.read(vp8) == ImageHeader(format: "WebP", width: 300, height: 200))
    }

    @Test func aDataURLIsReadAndNoOtherURL() {
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0, 64, 0, 0, 0, 32, 8, 6, 0, 0, 0]
        let url = "data:image/png;base64," + Data(png).base64EncodedString()
        #expect(ImageHeader.read(dataURL: url) == ImageHeader(format: "PNG", width: 64, height: 32))
        #expect(ImageHeader.read(dataURL: "https://example.com/a.png") == nil)
        #expect(ImageHeader.read(dataURL: "data:image/png," + String(decoding: png, as: UTF8.self)) == nil)
        // The card says what the header says.
        let view = ConversationViews.attachment(
            AIMessageAttachment(kind: .image, url: url), isFromUser: true, appearance: .plain)
        #expect(view.details.contains("PNG") && view.details.contains("64×32"), "\(view.details)")
    }

    @Test func madeUpAndCutBytesReadAsNothingAndNeverCrash() {
        var random = SeededGenerator(seed: 3)
        let starts: [[UInt8]] = [
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8], Array("GIF89a".utf8),
            Array("RIFF\0\0\0\0WEBPVP8X".utf8), Array("RIFF\0\0\0\0WEBPVP8L".utf8), [],
        ]
        for _ in 0..<3000 {
            let start = starts.randomElement(using: &random)!
            let bytes =
                start
                + (0..<Int.random(in: 0..<64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            if let header = ImageHeader.read(bytes) { #expect(header.width > 0 && header.height > 0) }
        }
        #expect(ImageHeader.read([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00, 0xFF, 0xC0]) == nil)
    }
}
