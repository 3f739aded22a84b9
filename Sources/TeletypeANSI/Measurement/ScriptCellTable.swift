/// The cells and cluster joining of U+0300–U+2FFF — combining marks, Greek, Cyrillic, Hebrew,
/// Arabic, the Indic and Southeast Asian scripts, punctuation and symbols — worked out from
/// Unicode properties once per block of 2,048 scalars, the first time text uses the block: a
/// translated README measures its letters by a table lookup instead of property look-ups.
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
        let index = Int(value & 0x7FF)
        switch value >> 11 {
        case 0: return block0[index]
        case 1: return block1[index]
        case 2: return block2[index]
        case 3: return block3[index]
        case 4: return block4[index]
        default: return block5[index]
        }
    }

    // Each block is made once, thread-safely, on first use.
    private static let block0 = block(0x0000)
    private static let block1 = block(0x0800)
    private static let block2 = block(0x1000)
    private static let block3 = block(0x1800)
    private static let block4 = block(0x2000)
    private static let block5 = block(0x2800)

    private static func block(_ start: UInt32) -> [UInt8] {
        (start..<start + 0x800).map { value in
            guard value >= 0x300, let scalar = Unicode.Scalar(value) else { return 1 }
            let width = UInt8(CellWidth.lookedUpWidth(scalar))
            return width | (CellWidth.looksUpJoining(value) ? joinsBit : 0)
        }
    }
}
