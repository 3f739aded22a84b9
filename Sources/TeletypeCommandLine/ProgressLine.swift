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

    /// How long a one-conversation command runs before it shows progress: a second, or
    /// `TELETYPE_PROGRESS_DELAY` seconds.
    package static var defaultDelay: Double {
        getenv("TELETYPE_PROGRESS_DELAY").flatMap { Double(String(cString: $0)) } ?? 1.0
    }

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

/// The stage a long one-conversation command is at (`reading`, `laying out 10,000 messages`, …)
/// with the time it has taken, redrawn on standard error every tenth of a second once the command
/// has run for a second; nothing when standard error is not a terminal.
// Unchecked: the timer is a dispatch source (thread-safe) and only ever cancelled; the rest is in a Mutex.
package final class PhaseProgress: @unchecked Sendable {
    private struct State {
        var phase = ""
        var step = 0
        var steps = 1
        var drawn = false
        var finished = false
    }
    private let state = Mutex(State())
    private let started = DispatchTime.now().uptimeNanoseconds
    private let timer: (any DispatchSourceTimer)?
    private let delay: UInt64

    /// Starts showing progress after `delay` seconds, unless `quiet` or standard error is not a terminal.
    package init(quiet: Bool = false, after delay: Double = ProgressLine.defaultDelay) {
        self.delay = UInt64(max(0, delay) * 1e9)
        guard !quiet, isatty(STDERR_FILENO) == 1 else {
            timer = nil
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        self.timer = timer
        timer.schedule(deadline: .now() + delay, repeating: 0.1)
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    /// The stage now running: `step` of `steps`.
    package func set(_ phase: String, step: Int, of steps: Int) {
        state.withLock {
            $0.phase = phase
            $0.step = step
            $0.steps = steps
        }
        // Past the delay, a new stage shows at once.
        if timer != nil, DispatchTime.now().uptimeNanoseconds - started >= delay { draw() }
    }

    private func draw() {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let line = state.withLock { state -> String? in
            guard !state.finished else { return nil }
            state.drawn = true
            return "[\(state.step)/\(state.steps)] \(state.phase) · \(ProgressLine.clock(seconds))"
        }
        guard let line else { return }
        let width = min(Console.stderrWidth ?? 80, 120)
        Console.write("\r\u{1B}[K" + String(line.prefix(max(1, width - 1))), to: STDERR_FILENO)
    }

    /// Stops and clears the line, before the command writes its output.
    package func finish() {
        timer?.cancel()
        let drawn = state.withLock { state -> Bool in
            state.finished = true
            return state.drawn
        }
        if drawn { Console.write("\r\u{1B}[K", to: STDERR_FILENO) }
    }
}
