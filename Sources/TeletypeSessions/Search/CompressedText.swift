import CZstd

/// How the search index keeps its copy of what was said compressed: a text (the pieces of a
/// ``TextBlock``, one after another) compressed with Zstandard, after its length (four bytes,
/// little-endian). The word lists of the full-text index are made from the text itself; only this
/// copy is compressed. Zstandard (level 3) makes it as small as zlib did, three to six times as
/// fast: the first index of a home compresses all of what was said.
///
/// Most pieces are short (a prompt, a line of output: half are under 200 bytes), and even a block
/// of them starts with little to refer back to: a ``Dictionary`` trained on the index's first
/// pieces gives each the words and shapes they share. A text compressed with it says so in the
/// top bit of its length.
package enum CompressedText {
    /// How hard the text is compressed: Zstandard's default level.
    package static let level: Int32 = 3

    /// The top bit of a piece's length: set when it is compressed with the index's dictionary.
    static let usesDictionary: UInt32 = 1 << 31

    /// `text`, compressed (with a context of its own: for many pieces, a ``Compressor`` is faster).
    package static func compress(_ text: String) -> [UInt8] {
        Compressor().compress(text)
    }

    /// Words and shapes the pieces of an index share, trained on its first pieces and kept in it:
    /// each piece refers to it instead of carrying them. Read-only once made, used on every core.
    package final class Dictionary: @unchecked Sendable {
        /// The dictionary as Zstandard trained it, as the index keeps it.
        package let bytes: [UInt8]
        fileprivate let forCompressing: OpaquePointer
        fileprivate let forDecompressing: OpaquePointer

        /// The dictionary of `bytes` (as ``train(on:)`` made them); nil when Zstandard refuses them.
        package init?(_ bytes: [UInt8]) {
            guard !bytes.isEmpty,
                let compressing = bytes.withUnsafeBytes({ ZSTD_createCDict($0.baseAddress, $0.count, level) })
            else { return nil }
            guard let decompressing = bytes.withUnsafeBytes({ ZSTD_createDDict($0.baseAddress, $0.count) }) else {
                ZSTD_freeCDict(compressing)
                return nil
            }
            self.bytes = bytes
            forCompressing = compressing
            forDecompressing = decompressing
        }

        deinit {
            ZSTD_freeCDict(forCompressing)
            ZSTD_freeDDict(forDecompressing)
        }

        /// How large a dictionary is trained: a larger one made the pieces no smaller.
        package static let size = 32 * 1024
        /// How much text it is trained on at least (less teaches it too little), and at most.
        package static let trainingBytes = (least: 256 * 1024, most: 2 << 20)

        /// A dictionary trained on `samples` (the first of them, up to ``trainingBytes``); nil when
        /// they are too few or Zstandard cannot learn from them.
        package static func train(on samples: some Sequence<String>) -> Dictionary? {
            var joined: [UInt8] = []
            var sizes: [Int] = []
            for sample in samples where !sample.isEmpty {
                let utf8 = sample.utf8.prefix(64 * 1024)
                guard joined.count + utf8.count <= trainingBytes.most else { break }
                joined += utf8
                sizes.append(utf8.count)
            }
            guard joined.count >= trainingBytes.least, sizes.count >= 8 else { return nil }
            var trained = [UInt8](repeating: 0, count: size)
            // Trained once with the parameters ZDICT_trainFromBuffer's search settled on for
            // session text (fastCover, k 537 of 50-2000, d 8): the search trained five and
            // compressed a quarter of the samples with each, 0.2 s on one core at the start of a
            // home's first index with the other idle; once, 0.03 s, the index 0.05% larger.
            var parameters = ZDICT_fastCover_params_t()
            parameters.k = 537
            parameters.d = 8
            parameters.f = 20
            parameters.accel = 1
            parameters.zParams.compressionLevel = level
            let made = trained.withUnsafeMutableBytes { out in
                joined.withUnsafeBytes { source in
                    ZDICT_trainFromBuffer_fastCover(
                        out.baseAddress, out.count, source.baseAddress, sizes, UInt32(sizes.count), parameters)
                }
            }
            guard ZDICT_isError(made) == 0, made > 0 else { return nil }
            return Dictionary(Array(trained[..<made]))
        }
    }

    /// A compression context kept for piece after piece, on one thread: set up once, where one
    /// made for each short piece costs more than the compressing.
    package final class Compressor {
        private let context: OpaquePointer?
        private let dictionary: Dictionary?

        /// A context of its own, compressing with `dictionary` when there is one.
        package init(dictionary: Dictionary? = nil) {
            context = ZSTD_createCCtx()
            self.dictionary = dictionary
            guard let context, let dictionary else { return }
            // The length is written before the frame, and the dictionary is the index's own: the
            // frame needs to say neither.
            ZSTD_CCtx_refCDict(context, dictionary.forCompressing)
            ZSTD_CCtx_setParameter(context, ZSTD_c_contentSizeFlag, 0)
            ZSTD_CCtx_setParameter(context, ZSTD_c_dictIDFlag, 0)
            // Frames refer to the dictionary's tables instead of copying them into the context
            // (`ZSTD_c_forceAttachDict`: a macro, which Swift does not see, for this name): a
            // block of 16 KB is above the size where Zstandard stops attaching by itself, and
            // copying the tables for each made compressing a third slower (120 against 188 MB/s
            // on the generated home's text, the same bytes out).
            ZSTD_CCtx_setParameter(context, ZSTD_c_experimentalParam4, Int32(ZSTD_dictForceAttach.rawValue))
        }

        deinit { ZSTD_freeCCtx(context) }

        /// `text`, compressed: its length (four bytes, little-endian; the top bit set when the
        /// dictionary is used), then a Zstandard frame.
        package func compress(_ text: String) -> [UInt8] {
            guard let context else { return [] }
            var text = text
            return text.withUTF8 { source -> [UInt8] in
                let count = source.count
                let bound = ZSTD_compressBound(count)
                var out = [UInt8](repeating: 0, count: 4 + bound)
                let header = UInt32(truncatingIfNeeded: count) | (dictionary == nil ? 0 : usesDictionary)
                for byte in 0..<4 { out[byte] = UInt8(truncatingIfNeeded: header >> (8 * UInt32(byte))) }
                let written = out.withUnsafeMutableBytes { buffer in
                    dictionary == nil
                        ? ZSTD_compressCCtx(context, buffer.baseAddress! + 4, bound, source.baseAddress, count, level)
                        : ZSTD_compress2(context, buffer.baseAddress! + 4, bound, source.baseAddress, count)
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
        /// The index's dictionary, for the pieces compressed with it.
        package var dictionary: Dictionary?
        /// Finds the dictionary when a piece needs it and none is at hand (another process made it
        /// after this one opened the index).
        package var findDictionary: () -> Dictionary? = { nil }

        /// A context of its own.
        package init(dictionary: Dictionary? = nil) {
            context = ZSTD_createDCtx()
            self.dictionary = dictionary
        }

        deinit { ZSTD_freeDCtx(context) }

        /// The text of `bytes` made by ``Compressor/compress(_:)``; `nil` when they are not.
        package func decompress(_ bytes: UnsafeRawBufferPointer) -> String? {
            guard let context, bytes.count >= 4 else { return nil }
            let header = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
            let count = Int(header & ~usesDictionary)
            guard count < 1 << 28 else { return nil }
            if count == 0 { return "" }
            var ddict: OpaquePointer?
            if header & usesDictionary != 0 {
                if dictionary == nil { dictionary = findDictionary() }
                guard let dictionary else { return nil }
                ddict = dictionary.forDecompressing
            }
            var failed = false
            let text = String(unsafeUninitializedCapacity: count) { buffer in
                let written =
                    ddict.map {
                        ZSTD_decompress_usingDDict(
                            context, buffer.baseAddress, count, bytes.baseAddress! + 4, bytes.count - 4, $0)
                    }
                    ?? ZSTD_decompressDCtx(context, buffer.baseAddress, count, bytes.baseAddress! + 4, bytes.count - 4)
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

    /// Whether `bytes` (made by ``Compressor/compress(_:)``) were compressed with a dictionary.
    package static func usesDictionary(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 4 && bytes[3] & 0x80 != 0
    }

    /// How long the text of `bytes` (made by ``Compressor/compress(_:)``) is, without reading it.
    package static func length(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 4 else { return nil }
        let header = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        return Int(header & ~usesDictionary)
    }
}
