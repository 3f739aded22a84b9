/// A terminal colour, as precise as the theme wants it; renderers downsample it to what the
/// terminal can show.
public enum Color: Sendable, Hashable {
    /// One of the 16 basic colours (0–7 normal, 8–15 bright).
    case basic(UInt8)
    /// One of the 256 palette colours.
    case palette(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// Creates a 24-bit colour from a hex value such as `0x61AFEF`.
    public static func hex(_ value: UInt32) -> Color {
        .rgb(UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }
}
