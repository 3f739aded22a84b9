/// The cells and cluster joining of U+0300–U+2FFF — combining marks, Greek, Cyrillic, Hebrew,
/// Arabic, the Indic and Southeast Asian scripts, punctuation and symbols — read from a table
/// (``ScriptCellData``) made from Unicode's properties: a translated README measures its letters by
/// a table lookup instead of property look-ups, and no run pays for making the table.
enum ScriptCellTable {
    /// The first scalar past the table.
    static let end: UInt32 = 0x3000
    /// The bits of an entry that hold the cells (0, 1 or 2).
    static let widthMask: UInt8 = 0b11
    /// The bit of an entry set when the scalar joins the cluster before it (``CellWidth/joinsCluster(_:)``).
    static let joinsBit: UInt8 = 0b100

    /// The entry of `value`, which must lie in U+0300..<``end``.
    @inline(__always)
    static func entry(_ value: UInt32) -> UInt8 {
        // A line of the data holds 128 scalars and its line feed.
        ScriptCellData.digits.utf8Start[Int(value + value >> 7)] &- 0x30
    }

    /// The entry of `value` worked out from Unicode's properties: what ``ScriptCellData`` holds.
    static func computedEntry(_ value: UInt32) -> UInt8 {
        guard value >= 0x300, let scalar = Unicode.Scalar(value) else { return 1 }
        let width = UInt8(CellWidth.lookedUpWidth(scalar))
        return width | (CellWidth.looksUpJoining(value) ? joinsBit : 0)
    }
}
