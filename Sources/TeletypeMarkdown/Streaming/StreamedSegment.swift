/// A run of top-level blocks of a stream whose text is complete: parsed once, when it ended, and
/// parsed again only if a link reference definition it may use arrives later.
///
/// A segment is *settled* when nothing still to come can change how it reads: it holds no
/// bracketed text that a later definition could turn into a link, and no footnote. Settled
/// segments at the front of the stream are committed for output; the others are held.
public struct StreamedSegment: Sendable, Equatable {
    /// Identifies the segment for as long as the stream lasts; later segments have larger ids.
    public let id: Int
    /// The segment's blocks, as they read now.
    public internal(set) var blocks: [Block]
    /// Counts the times the blocks changed (a definition arrived), from 0.
    public internal(set) var revision: Int
    /// Whether nothing still to come can change the blocks.
    public internal(set) var isSettled: Bool
}

/// What the parser keeps of a segment besides what it shows.
struct SegmentSource: Sendable {
    /// The segment's bytes in the received text.
    var range: Range<Int>
    /// The lines of text before it.
    var linesBefore: Int
    /// Every label its text may name (see ``LabelScanner/labels(in:)``).
    var labels: Set<ReferenceLabel>
    /// Labels its bracketed text may name that no definition so far defines.
    var pending: Set<ReferenceLabel>
    /// Whether it holds a footnote reference or definition.
    var hasFootnotes: Bool
    /// Whether a definition it uses arrived since its blocks were parsed, and they are to be parsed
    /// again before they are committed (when nothing shows held segments, that waits until
    /// nothing else is pending).
    var isStale = false
}
