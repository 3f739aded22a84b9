import Dispatch
import Synchronization
import TeletypeANSI
import TeletypeSessions

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

/// One run of `teletype browse` on the terminal: keys read as they come, the screen drawn again
/// only where it changed, the size checked as it goes (a resize is drawn at once), the index
/// brought up to date on a thread of its own while the list is already in use, and a followed
/// session read again when its file changes. The terminal is put back however it ends.
enum BrowseSession {
    /// What the index's update on its own thread has to say.
    final class Indexing: Sendable {
        private struct State {
            var progress: (done: Int, total: Int)?
            var finished = false
            var failure: String?
        }
        private let state = Mutex(State())

        func set(done: Int, total: Int) {
            state.withLock { $0.progress = (done, total) }
        }

        func finish(failure: String?) {
            state.withLock {
                $0.finished = true
                $0.failure = failure
            }
        }

        /// Whether it ended, how it ended, and how far it had got.
        var current: (finished: Bool, failure: String?, progress: (done: Int, total: Int)?) {
            state.withLock { ($0.finished, $0.failure, $0.progress) }
        }
    }

    /// Finds the files (the agents' own and those below the paths `named`) and brings the index at
    /// `path` up to date with them, on a thread of its own.
    static func startUpdate(path: String, named: [String], environment: [String: String]) -> Indexing {
        let indexing = Indexing()
        DispatchQueue.global().async {
            do {
                let (sources, roots) = try IndexedHome.sources(named: named, environment: environment)
                let index = try SearchIndex(path: path)
                let report = try index.update(sources, roots: roots) { indexing.set(done: $0, total: $1) }
                indexing.finish(
                    failure: report.failures.isEmpty ? nil : "\(report.failures.count) files could not be read")
            } catch {
                indexing.finish(failure: "the index could not be updated: \(error)")
            }
        }
        return indexing
    }

    /// Runs `screen` until it quits; the index's update, when there is one, reported as it goes.
    static func run(_ screen: inout BrowseScreen, indexing: Indexing?) -> Int32 {
        guard FullScreenTerminal.enter(mouse: true) else {
            Console.error("teletype: browse needs a terminal: standard input and output are not both one\n")
            return 2
        }
        defer { FullScreenTerminal.leave() }
        var decoder = TerminalKeyDecoder()
        var frame = ScreenFrame()
        var indexingDone = indexing == nil
        var lastFollow = Date()
        var buffer = [UInt8](repeating: 0, count: 4096)
        // The screen is made again only when something happened: a key, a resize, the index, a
        // followed file; idle, the loop only waits.
        var dirty = true
        func draw() {
            let size = (Console.terminalWidth ?? 80, Console.terminalHeight ?? 24)
            if size.0 != screen.width || size.1 != screen.height {
                screen.resize(width: size.0, height: size.1)
                frame.invalidate()
                dirty = true
            }
            guard dirty else { return }
            dirty = false
            Console.output(frame.update(screen.rows(), cursor: screen.cursor))
        }
        draw()
        while true {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, decoder.isWaiting ? 40 : 100)
            var keys: [TerminalKey] = []
            if ready > 0 {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                // The terminal went away (the window closed): end as a quit.
                if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return 0 }
                if count > 0 { keys = decoder.feed(buffer[0..<count]) }
            } else if ready == 0, decoder.isWaiting {
                // A lone ESC: the Escape key, since the rest of a sequence did not follow.
                keys = decoder.flush()
            }
            if !keys.isEmpty { dirty = true }
            for key in keys {
                switch screen.handle(key) {
                case .quit: return 0
                case .output(let bytes): Console.output(bytes)
                case .none: break
                }
            }
            if !indexingDone, let indexing {
                let state = indexing.current
                dirty = true
                if state.finished {
                    indexingDone = true
                    screen.indexing = state.failure
                    screen.reload()
                } else if let progress = state.progress, progress.total > 0 {
                    screen.indexing = "indexing \(progress.done * 100 / progress.total)%"
                } else {
                    screen.indexing = "indexing"
                }
            }
            if screen.following, Date().timeIntervalSince(lastFollow) >= 0.5 {
                lastFollow = Date()
                if screen.follow() { dirty = true }
            }
            draw()
        }
    }
}
