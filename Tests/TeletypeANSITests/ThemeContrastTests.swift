import Foundation
import TeletypeLayout
import Testing

/// The light and dark themes meet WCAG AA on the backgrounds they are drawn on, in the terminal and
/// in exported pages (which use the same palette): text 4.5:1, frames and rules 3:1. Light is
/// checked on white and on the code background of pages (#f6f8fa), inline code on its own
/// background; dark on the page's background (#0d1117) and its code background (#161b22).
@Suite struct ThemeContrastTests {
    /// WCAG's relative luminance of a 24-bit colour.
    static func luminance(_ color: Color) -> Double? {
        guard case .rgb(let red, let green, let blue) = color else { return nil }
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    static func contrast(_ a: Color, _ b: Color) -> Double {
        guard let x = luminance(a), let y = luminance(b) else { return 21 }
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Every coloured style of a theme by name, and whether it is a frame or rule rather than text.
    static func styles(_ appearance: AIAppearance) -> [(name: String, style: TextStyle, isFrame: Bool)] {
        let frames: Set<String> = ["codeFrame", "quoteBar", "rule", "tableBorder", "userBubble", "approvalFrame"]
        var found: [(String, TextStyle, Bool)] = []
        for (label, value) in Array(Mirror(reflecting: appearance.theme).children)
            + Array(Mirror(reflecting: appearance.styles).children)
        {
            let name = label ?? ""
            if let style = value as? TextStyle {
                found.append((name, style, frames.contains(name)))
            } else if let list = value as? [TextStyle] {
                for (index, style) in list.enumerated() { found.append(("\(name)[\(index)]", style, false)) }
            } else if let alerts = value as? [MarkdownAlert: TextStyle] {
                for (alert, style) in alerts { found.append(("alert \(alert)", style, false)) }
            }
        }
        for (kind, style) in appearance.theme.syntax.styles { found.append(("syntax \(kind)", style, false)) }
        return found.filter { $0.1.foreground != nil }
    }

    @Test(arguments: [
        ("light", [Color.hex(0xFFFFFF), .hex(0xF6F8FA)]), ("dark", [Color.hex(0x0D1117), .hex(0x161B22)]),
    ])
    func everyColourMeetsAA(_ name: String, _ backgrounds: [Color]) {
        let appearance = AIAppearance.named(name)!
        for (label, style, isFrame) in Self.styles(appearance) {
            let foreground = style.foreground!
            let on = style.background.map { [$0] } ?? backgrounds
            let least = on.map { Self.contrast(foreground, $0) }.min()!
            #expect(least >= (isFrame ? 3 : 4.5), "\(label) in \(name): \(least)")
        }
    }
}
