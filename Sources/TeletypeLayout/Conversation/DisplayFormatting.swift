/// How durations and sizes read in a conversation.
public enum DisplayFormatting {
    /// A reasoning duration: whole seconds, at least 1 ("8s"), minutes when long ("2m 5s").
    public static func thoughtDuration(_ seconds: Double) -> String {
        let whole = max(1, seconds.rounded().clampedToInt)
        if whole < 60 { return "\(whole)s" }
        let minutes = whole / 60
        let rest = whole % 60
        return rest == 0 ? "\(minutes)m" : "\(minutes)m \(rest)s"
    }

    /// A tool call duration: "0.4s" under a second, else whole units ("3s", "2m", "1h").
    public static func toolDuration(_ seconds: Double) -> String {
        if seconds < 1 {
            let tenths = max(1, (seconds * 10).rounded().clampedToInt)
            return tenths >= 10 ? "1s" : "0.\(tenths)s"
        }
        if seconds < 60 { return "\(seconds.rounded().clampedToInt)s" }
        if seconds < 3600 { return "\((seconds / 60).rounded().clampedToInt)m" }
        return "\((seconds / 3600).rounded().clampedToInt)h"
    }

    /// A file size in decimal units: "512 bytes", "2.4 MB".
    public static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return bytes == 1 ? "1 byte" : "\(max(bytes, 0)) bytes" }
        let units = ["kB", "MB", "GB", "TB", "PB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let rounded = (value * 10).rounded() / 10
        let text = rounded >= 100 || rounded == rounded.rounded() ? String(Int(rounded.rounded())) : String(rounded)
        return "\(text) \(units[unit])"
    }
}
