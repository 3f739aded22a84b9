/// Escape sequences written visibly and readably, so a snapshot diff of styled output can be read:
/// `\u{1B}[0;1;31m` becomes `⟪bold red⟫`, a hyperlink `⟪link https://…⟫ … ⟪/link⟫`, a reset `⟪reset⟫`.
public enum VisibleEscapes {
    /// `text` with each escape sequence written as a readable tag.
    public static func describe(_ text: String) -> String {
        var out = ""
        var scalars = Substring(text).unicodeScalars[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            guard scalar == "\u{1B}" else {
                out.unicodeScalars.append(scalar)
                continue
            }
            guard let kind = scalars.first else {
                out += "⟪ESC⟫"
                break
            }
            scalars = scalars.dropFirst()
            if kind == "[" {
                var body = ""
                var final: Unicode.Scalar = " "
                while let next = scalars.first {
                    scalars = scalars.dropFirst()
                    if (0x40...0x7E).contains(next.value) {
                        final = next
                        break
                    }
                    body.unicodeScalars.append(next)
                }
                out += "⟪" + csi(body, final) + "⟫"
            } else if kind == "]" {
                var body = ""
                while let next = scalars.first {
                    scalars = scalars.dropFirst()
                    if next == "\u{07}" { break }
                    if next == "\u{1B}" {
                        if scalars.first == "\\" { scalars = scalars.dropFirst() }
                        break
                    }
                    body.unicodeScalars.append(next)
                }
                out += "⟪" + osc(body) + "⟫"
            } else if kind == "_" || kind == "P" {
                // An application program command (kitty's graphics) or a device control string
                // (sixel), up to its string terminator.
                var body = ""
                while let next = scalars.first {
                    scalars = scalars.dropFirst()
                    if next == "\u{1B}" {
                        if scalars.first == "\\" { scalars = scalars.dropFirst() }
                        break
                    }
                    body.unicodeScalars.append(next)
                }
                out += "⟪" + (kind == "_" ? apc(body) : dcs(body)) + "⟫"
            } else {
                out += "⟪ESC \(kind)⟫"
            }
        }
        return out
    }

    static let colorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    static func csi(_ body: String, _ final: Unicode.Scalar) -> String {
        switch final {
        case "m": return sgr(body)
        case "A": return "up \(body.isEmpty ? "1" : body)"
        case "B": return "down \(body.isEmpty ? "1" : body)"
        case "C": return "right \(body.isEmpty ? "1" : body)"
        case "D": return "left \(body.isEmpty ? "1" : body)"
        case "E": return "next-line \(body.isEmpty ? "1" : body)"
        case "F": return "previous-line \(body.isEmpty ? "1" : body)"
        case "G": return "column \(body.isEmpty ? "1" : body)"
        case "K": return body == "2" ? "erase-line" : body == "1" ? "erase-line-start" : "erase-line-end"
        case "J": return body == "2" ? "erase-screen" : body == "1" ? "erase-screen-start" : "erase-screen-end"
        case "h", "l":
            let on = final == "h"
            switch body {
            case "?25": return on ? "show-cursor" : "hide-cursor"
            case "?2026": return on ? "begin-frame" : "end-frame"
            default: return "mode \(body) \(on ? "on" : "off")"
            }
        default: return "CSI \(body)\(final)"
        }
    }

    static func sgr(_ body: String) -> String {
        var codes = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if codes.isEmpty { codes = [0] }
        var words: [String] = []
        while let code = codes.first {
            codes = codes.dropFirst()
            switch code {
            case 0: words.append("reset")
            case 1: words.append("bold")
            case 2: words.append("dim")
            case 3: words.append("italic")
            case 4: words.append("underline")
            case 7: words.append("inverse")
            case 9: words.append("strike")
            case 30...37: words.append(colorNames[code - 30])
            case 90...97: words.append("bright-" + colorNames[code - 90])
            case 40...47: words.append("on-" + colorNames[code - 40])
            case 100...107: words.append("on-bright-" + colorNames[code - 100])
            case 38, 48:
                let prefix = code == 38 ? "" : "on-"
                if codes.first == 5, codes.count >= 2 {
                    words.append("\(prefix)color\(codes[codes.startIndex + 1])")
                    codes = codes.dropFirst(2)
                } else if codes.first == 2, codes.count >= 4 {
                    let rgb = codes.dropFirst().prefix(3).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
                    words.append("\(prefix)#\(rgb)")
                    codes = codes.dropFirst(4)
                }
            default: words.append("sgr\(code)")
            }
        }
        // A reset followed by what is set reads as just what is set.
        if words.count > 1, words.first == "reset" { words.removeFirst() }
        return words.joined(separator: " ")
    }

    static func osc(_ body: String) -> String {
        if body.hasPrefix("8;") {
            let target =
                body.split(separator: ";", maxSplits: 2, omittingEmptySubsequences: false).dropFirst(2).first ?? ""
            return target.isEmpty ? "/link" : "link \(target)"
        }
        // iTerm2's inline image: its arguments, and how much data.
        if body.hasPrefix("1337;File="), let colon = body.firstIndex(of: ":") {
            return "iTerm2 image \(body[body.index(body.startIndex, offsetBy: 10)..<colon]), "
                + "\(body[body.index(after: colon)...].utf8.count) bytes of base64"
        }
        return "OSC \(body)"
    }

    /// kitty's graphics command: its keys, and how much data.
    static func apc(_ body: String) -> String {
        guard body.hasPrefix("G") else { return "APC \(body)" }
        let parts = body.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        return "kitty image \(parts[0])" + (parts.count > 1 ? ", \(parts[1].utf8.count) bytes of base64" : "")
    }

    /// A sixel image: its raster attributes, colours and size.
    static func dcs(_ body: String) -> String {
        guard let q = body.firstIndex(of: "q") else { return "DCS \(body)" }
        let rest = body[body.index(after: q)...]
        let raster = rest.hasPrefix("\"") ? rest.dropFirst().prefix { $0.isNumber || $0 == ";" } : ""
        let colours = rest.split(separator: "#").filter { $0.contains(";2;") }.count
        return "sixel \(body[..<q]) raster \(raster), \(colours) colours, \(rest.utf8.count) bytes"
    }
}
