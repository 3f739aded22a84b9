import TeletypeLayout

/// Turns a theme colour into what a terminal of a given depth can show.
enum ColorDownsampling {
    /// The standard xterm values of the 16 basic colours.
    static let basicPalette: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// `color` expressed at `depth`, or `nil` when the depth shows no colour.
    static func color(_ color: Color, at depth: TerminalCapabilities.ColorDepth) -> Color? {
        switch depth {
        case .none: return nil
        case .trueColor: return color
        case .ansi256:
            if case .rgb(let r, let g, let b) = color { return .palette(paletteIndex(Int(r), Int(g), Int(b))) }
            return color
        case .ansi16:
            switch color {
            case .basic: return color
            case .palette(let index): return .basic(basicIndex(rgb(ofPalette: Int(index))))
            case .rgb(let r, let g, let b): return .basic(basicIndex((Int(r), Int(g), Int(b))))
            }
        }
    }

    /// The nearest colour of the 6×6×6 cube or the grey ramp of the 256-colour palette.
    static func paletteIndex(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        func level(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40 }
        let (cr, cg, cb) = (level(r), level(g), level(b))
        let steps = [0, 95, 135, 175, 215, 255]
        let cube = (steps[cr], steps[cg], steps[cb])
        let grey = (r + g + b) / 3
        let greyIndex = grey > 238 ? 23 : max(0, (grey - 3) / 10)
        let greyValue = 8 + greyIndex * 10
        if distance((r, g, b), (greyValue, greyValue, greyValue)) < distance((r, g, b), cube) {
            return UInt8(232 + greyIndex)
        }
        return UInt8(16 + 36 * cr + 6 * cg + cb)
    }

    static func rgb(ofPalette index: Int) -> (Int, Int, Int) {
        if index < 16 { return basicPalette[index] }
        if index >= 232 {
            let value = 8 + (index - 232) * 10
            return (value, value, value)
        }
        let steps = [0, 95, 135, 175, 215, 255]
        let cube = index - 16
        return (steps[cube / 36], steps[(cube / 6) % 6], steps[cube % 6])
    }

    /// The basic colour of the same hue: greys by lightness, others by hue, bright when light.
    static func basicIndex(_ rgb: (Int, Int, Int)) -> UInt8 {
        let (r, g, b) = rgb
        let high = max(r, g, b)
        let low = min(r, g, b)
        if high - low < 48 {
            let lightness = (high + low) / 2
            return lightness < 48 ? 0 : lightness < 150 ? 8 : lightness < 220 ? 7 : 15
        }
        let delta = Double(high - low)
        var hue: Double
        if high == r {
            hue = Double(g - b) / delta
        } else if high == g {
            hue = Double(b - r) / delta + 2
        } else {
            hue = Double(r - g) / delta + 4
        }
        hue = (hue * 60).truncatingRemainder(dividingBy: 360)
        if hue < 0 { hue += 360 }
        // red, yellow, green, cyan, blue, magenta around the wheel.
        let sector = Int((hue + 30) / 60) % 6
        let base: [UInt8] = [1, 3, 2, 6, 4, 5]
        return base[sector] + (high > 200 ? 8 : 0)
    }

    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}
