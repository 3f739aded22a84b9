import CZstd

/// What the search index keeps of each piece of text, for snippets and previews: the text
/// compressed with Zstandard, after its length (four bytes, little-endian). The word lists of the
/// full-text index are made from the text itself; only this copy is compressed, at about a quarter
/// of its size. Zstandard (level 3) makes it as small as zlib did, three to six times as fast: the
/// first index of a home compresses all of what was said.
package enum CompressedText {
    /// How hard the text is compressed: Zstandard's default level.
    package static let level: Int32 = 3

    /// `text`, compressed (with a context of its own: for many pieces, a ``Compressor`` is faster).
    package static func compress(_ text: String) -> [UInt8] {
        Compressor().compress(text)
    }

    /// A compression context kept for piece after piece, on one thread: set up once, where one
    /// made for each short piece costs more than the compressing.
    package final class Compressor {
        private let context: OpaquePointer?

        /// A context of its own.
        package init() { context = ZSTD_createCCtx() }

        deinit { ZSTD_freeCCtx(context) }

        /// `text`, compressed: its length (four bytes, little-endian), then a Zstandard frame.
        package func compress(_ text: String) -> [UInt8] {
            guard let context else { return [] }
            var text = text
            return text.withUTF8 { source -> [UInt8] in
                let count = source.count
                let bound = ZSTD_compressBound(count)
                var out = [UInt8](repeating: 0, count: 4 + bound)
                out[0] = UInt8(truncatingIfNeeded: count)
                out[1] = UInt8(truncatingIfNeeded: count >> 8)
                out[2] = UInt8(truncatingIfNeeded: count >> 16)
                out[3] = UInt8(truncatingIfNeeded: count >> 24)
                let written = out.withUnsafeMutableBytes { buffer in
                    ZSTD_compressCCtx(context, buffer.baseAddress! + 4, bound, source.baseAddress, count, level)
                }
                guard ZSTD_isError(written) == 0 else { return [] }
                out.removeLast(bound - written)
                return out
            }
        }
    }

    /// A decompression context kept for piece after piece, on one thread (a database connection's).
    package final class Decompressor {
        private let context: OpaquePointer?

        /// A context of its own.
        package init() { context = ZSTD_createDCtx() }

        deinit { ZSTD_freeDCtx(context) }

        /// The text of `bytes` made by ``Compressor/compress(_:)``; `nil` when they are not.
        package func decompress(_ bytes: UnsafeRawBufferPointer) -> String? {
            guard let context, bytes.count >= 4 else { return nil }
            let count = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
            guard count < 1 << 28 else { return nil }
            if count == 0 { return "" }
            var failed = false
            let text = String(unsafeUninitializedCapacity: count) { buffer in
                let written = ZSTD_decompressDCtx(
                    context, buffer.baseAddress, count, bytes.baseAddress! + 4, bytes.count - 4)
                failed = ZSTD_isError(written) != 0 || written != count
                return failed ? 0 : written
            }
            return failed ? nil : text
        }
    }

    /// The text of `bytes` made by ``compress(_:)``; `nil` when they are not.
    package static func decompress(_ bytes: UnsafeRawBufferPointer) -> String? {
        Decompressor().decompress(bytes)
    }
}
