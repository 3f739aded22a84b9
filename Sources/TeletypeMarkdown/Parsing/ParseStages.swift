import Dispatch

/// The stages of one whole parse, timed on their own on one thread (for `teletype-bench --stages`).
package enum ParseStages {
    /// Seconds each stage of parsing `bytes` took: planning the pieces, finding long lines, cmark-gfm's
    /// block pass and inline pass, writing math as code spans and checking the result, converting to the Swift tree, releasing the cmark tree and the
    /// Swift tree.
    /// The sizes in bytes of the pieces a parse on every core cuts `bytes` into (one piece when it
    /// is parsed whole), to see why a document keeps a core idle.
    package static func pieceSizes(_ bytes: UnsafeRawBufferPointer) -> [Int] {
        let cuts = ChunkPlanner.cuts(in: bytes, pieces: MarkdownParser().maximumPieces(for: bytes.count))
        return zip([0] + cuts, cuts + [bytes.count]).map { $1 - $0 }
    }

    package static func measure(_ bytes: UnsafeRawBufferPointer) -> [(String, Double)] {
        func time<Result>(_ body: () -> Result) -> (Result, Double) {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = body()
            return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let (_, labels) = time { LabelSpans(bytes) }
        let (_, headings) = time { ChunkPlanner.blockStarts(in: bytes) }
        let (_, planning) = time { ChunkPlanner.cuts(in: bytes, pieces: 4 * ParallelWork.cores) }
        let (_, longLines) = time { LongLineGuard(bytes) }
        let (_, mathPass) = time { MathSpans.rewrite(bytes) }
        let session = CmarkSession(options: MarkdownParseOptions(), validated: false)
        let (parser, blockPass) = time { session.feed(bytes) }
        let (root, inlinePass) = time { session.finish(parser) }
        let (document, conversion) = time { () -> MarkdownDocument in
            var converter = TreeConverter(kinds: session.kinds)
            return converter.convert(root.pointer)
        }
        let (_, strayCheck) = time { MathSpans.hasStrayMarker(document.blocks) }
        let (_, cmarkRelease) = time { root.free() }
        var kept: [MarkdownDocument]? = [document]
        let (_, swiftRelease) = time { kept = nil }
        _ = kept
        return [
            ("planning pieces", planning), ("  of which labels", labels), ("  and block starts", headings),
            ("finding long lines", longLines), ("writing math as code spans", mathPass),
            ("cmark block pass", blockPass),
            ("cmark inline pass", inlinePass), ("conversion to the Swift tree", conversion),
            ("checking for math markers outside math", strayCheck),
            ("releasing the cmark tree", cmarkRelease), ("releasing the Swift tree", swiftRelease),
        ]
    }
}
