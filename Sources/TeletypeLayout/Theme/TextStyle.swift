/// How a run of text looks: colours and attributes. A `nil` colour keeps the terminal's own.
public struct TextStyle: Sendable, Hashable {
    /// The whole style in one word, so that styles compare, merge and copy as integers: the
    /// attributes in the low byte, then the foreground and the background colour, 26 bits each.
    private var bits: UInt64

    /// The text colour.
    public var foreground: Color? {
        get { Self.color(bits >> Self.foregroundShift) }
        set { bits = bits & ~(Self.colorMask << Self.foregroundShift) | Self.code(newValue) << Self.foregroundShift }
    }
    /// The background colour.
    public var background: Color? {
        get { Self.color(bits >> Self.backgroundShift) }
        set { bits = bits & ~(Self.colorMask << Self.backgroundShift) | Self.code(newValue) << Self.backgroundShift }
    }
    /// Bold (increased intensity).
    public var bold: Bool {
        get { bits & Self.boldBit != 0 }
        set { set(Self.boldBit, newValue) }
    }
    /// Dim (decreased intensity).
    public var dim: Bool {
        get { bits & Self.dimBit != 0 }
        set { set(Self.dimBit, newValue) }
    }
    /// Italic.
    public var italic: Bool {
        get { bits & Self.italicBit != 0 }
        set { set(Self.italicBit, newValue) }
    }
    /// Underlined.
    public var underline: Bool {
        get { bits & Self.underlineBit != 0 }
        set { set(Self.underlineBit, newValue) }
    }
    /// Struck through.
    public var strikethrough: Bool {
        get { bits & Self.strikethroughBit != 0 }
        set { set(Self.strikethroughBit, newValue) }
    }

    /// Creates a style.
    public init(
        foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
        italic: Bool = false, underline: Bool = false, strikethrough: Bool = false
    ) {
        bits =
            Self.code(foreground) << Self.foregroundShift | Self.code(background) << Self.backgroundShift
            | (bold ? Self.boldBit : 0) | (dim ? Self.dimBit : 0) | (italic ? Self.italicBit : 0)
            | (underline ? Self.underlineBit : 0) | (strikethrough ? Self.strikethroughBit : 0)
    }

    /// The terminal's default look.
    public static let plain = TextStyle()

    /// Whether the style changes nothing.
    public var isPlain: Bool { bits == 0 }

    /// This style with `other` laid on top: `other`'s colours win where set, attributes add up.
    public func merged(with other: TextStyle) -> TextStyle {
        var merged = TextStyle()
        merged.bits =
            (bits | other.bits) & Self.attributeMask | Self.layer(other.bits, over: bits, at: Self.foregroundShift)
            | Self.layer(other.bits, over: bits, at: Self.backgroundShift)
        return merged
    }

    /// The colour at `shift` of `top`, or of `bottom` where `top` has none, in place.
    private static func layer(_ top: UInt64, over bottom: UInt64, at shift: UInt64) -> UInt64 {
        let mask = colorMask << shift
        return top & mask != 0 ? top & mask : bottom & mask
    }

    private mutating func set(_ bit: UInt64, _ on: Bool) {
        bits = on ? bits | bit : bits & ~bit
    }

    private static let boldBit: UInt64 = 1
    private static let dimBit: UInt64 = 2
    private static let italicBit: UInt64 = 4
    private static let underlineBit: UInt64 = 8
    private static let strikethroughBit: UInt64 = 16
    private static let attributeMask: UInt64 = 0xFF
    private static let foregroundShift: UInt64 = 8
    private static let backgroundShift: UInt64 = 34
    /// A colour's code: two bits of kind (0 for none) above 24 bits of value.
    private static let colorMask: UInt64 = 0x3FF_FFFF

    private static func code(_ color: Color?) -> UInt64 {
        switch color {
        case nil: 0
        case .basic(let index): 1 << 24 | UInt64(index)
        case .palette(let index): 2 << 24 | UInt64(index)
        case .rgb(let r, let g, let b): 3 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
        }
    }

    private static func color(_ code: UInt64) -> Color? {
        let value = code & 0xFF_FFFF
        switch code >> 24 & 3 {
        case 1: return .basic(UInt8(value))
        case 2: return .palette(UInt8(value))
        case 3: return .rgb(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        default: return nil
        }
    }
}
