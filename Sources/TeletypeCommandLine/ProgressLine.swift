import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A progress bar on standard error, redrawn in place at most ten times a second: files done of
/// all, bytes, rate and time left. Drawn only when standard error is a terminal.
package final class ProgressLine: Sendable {
    private struct State {
        var lastDrawn: UInt64 = 0
        var drawn = false
    }
    private let started = DispatchTime.now().uptimeNanoseconds
    private let state = Mutex(State())
    /// Whether anything is drawn at all.
    package let isShown: Bool

    /// Seconds to wait before drawing anything (a quick job shows no bar).
    private let delay: UInt64

    package init(quiet: Bool, after seconds: Double = 0) {
        isShown = !quiet && isatty(STDERR_FILENO) == 1
        delay = UInt64(seconds * 1e9)
    }

    /// Draws the bar for `files` of `totalFiles` and `bytes` of `totalBytes`; `force` draws even
    /// when the last drawing was less than a tenth of a second ago.
    package func update(files: Int, totalFiles: Int, bytes: Int, totalBytes: Int, force: Bool = false) {
        guard isShown else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - started >= delay else { return }
        let shouldDraw = state.withLock { state -> Bool in
            guard force || now - state.lastDrawn >= 100_000_000 else { return false }
            state.lastDrawn = now
            state.drawn = true
            return true
        }
        guard shouldDraw else { return }
        let width = min(Console.stderrWidth ?? 80, 120)
        let line = Self.line(
            files: files, totalFiles: totalFiles, bytes: bytes, totalBytes: totalBytes,
            seconds: Double(now - started) / 1e9, width: width)
        Console.write("\r\u{1B}[K" + line, to: STDERR_FILENO)
    }

    /// Clears the bar, so that what follows starts on a clean line.
    package func clear() {
        guard isShown, state.withLock({ $0.drawn }) else { return }
        Console.write("\r\u{1B}[K", to: STDERR_FILENO)
    }

    /// The bar's text: `[#####·····] 12/40 files · 35.2/80.0 MB · 5.1 MB/s · 0:09 left`, fitted to `width`.
    package static func line(
        files: Int, totalFiles: Int, bytes: Int, totalBytes: Int, seconds: Double, width: Int
    ) -> String {
        let rate = seconds > 0 ? Double(bytes) / seconds : 0
        var parts = ["\(megabytes(bytes))/\(megabytes(totalBytes)) MB"]
        if totalFiles > 1 { parts.insert("\(files)/\(totalFiles) files", at: 0) }
        if seconds >= 0.5 && rate > 0 {
            parts.append("\(megabytes(Int(rate))) MB/s")
            parts.append("\(clock(Double(max(0, totalBytes - bytes)) / rate)) left")
        }
        let text = parts.joined(separator: " · ")
        let barWidth = max(0, min(30, width - text.count - 4))
        guard barWidth >= 5 else { return String(text.prefix(max(0, width - 1))) }
        let fraction = totalBytes > 0 ? Double(bytes) / Double(totalBytes) : Double(files) / Double(max(1, totalFiles))
        let filled = min(barWidth, Int((fraction * Double(barWidth)).rounded(.down)))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "·", count: barWidth - filled) + "] "
            + text
    }

    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10)"
    }

    static func clock(_ seconds: Double) -> String {
        let total = Int(min(seconds, 359_999).rounded(.up))
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let hours = total / 3600
        return hours > 0 ? "\(hours):\(two(total % 3600 / 60)):\(two(total % 60))" : "\(total / 60):\(two(total % 60))"
    }
}
