import Dispatch
import TeletypeANSI
import TeletypeLayout
import TeletypeSessions
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// `teletype md` reading standard input as it arrives: a live region in a terminal (typing out the
/// reply), append-only output elsewhere — byte for byte the batch render once the input ends.
package enum MarkdownStreaming {
    /// Fails, before anything is written, when the input's start is not text (``FileShape/isBinary(_:)``).
    package static func run(renderer: TerminalRenderer, live: Bool, typing: Bool, height: Int) throws {
        var stream = MarkdownStreamRenderer(renderer: renderer, showsOpenLines: live)
        var region = LiveRegion(capabilities: renderer.capabilities, height: height)
        // Typing out reveals whole characters at a pace; otherwise bytes go to the parser as read.
        let typesOut = live && typing
        var pacer = TypingPacer()
        var received: [Character] = []
        var decoder = UTF8Buffer()
        var revealed = 0
        var frames = FramePacer()
        var ended = false
        if live {
            GraphemeSetting.askTerminal()
            Console.output(LiveRegion.begin)
            TerminalRestore.install()
            TerminalResize.install()
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var head: [UInt8] = []
        // A model writes a few bytes at a time; waking for each write would cost more than the
        // rendering. After a read the loop lets the pipe fill for a while — a frame's time in a
        // terminal, a quarter of a second into a pipe (where only finished blocks are written) — so
        // each wake-up reads what arrived meanwhile; with nothing to do, it sleeps until input comes.
        // Into a pipe, a wake-up every 0.1 s was a third of the CPU of streaming real text.
        let gather = live ? (typesOut ? 0.005 : 1.0 / 60) : 0.25
        var lastRead = -Double.infinity
        var pending = false
        while !ended || revealed < received.count {
            if !ended {
                // Once the writer has closed the pipe (POLLHUP), nothing more will come to gather:
                // what is left is read at once, and the render ends without a pause.
                var probe = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                let writerClosed = poll(&probe, 1, 0) > 0 && probe.revents & Int16(POLLHUP) != 0
                let waited = Clock.seconds() - lastRead
                if !writerClosed && waited < gather { usleep(UInt32((gather - waited) * 1e6)) }
                // Typing out ticks every 5 ms while text waits to be shown; text received but not
                // drawn waits for its frame; else nothing happens until input comes.
                let timeout: Int32 =
                    typesOut && revealed < received.count
                    ? 5 : pending ? Int32(max(1, (frames.nextFrame - Clock.seconds()) * 1000)) : -1
                var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, timeout)
                if ready > 0 {
                    let count = read(STDIN_FILENO, &buffer, buffer.count)
                    lastRead = Clock.seconds()
                    // The input's start is looked at before any of it is shown: binary data is refused.
                    if head.count < 8192 {
                        head += buffer[0..<max(0, count)]
                        if (count <= 0 || head.count >= 512), head.withUnsafeBytes({ FileShape.isBinary($0) }) {
                            if live { Console.output(LiveRegion.end) }
                            throw CommandError.malformed("<stdin>: binary file, not Markdown")
                        }
                    }
                    if count > 0 {
                        pending = true
                        if typesOut {
                            received += decoder.characters(from: buffer[0..<count])
                        } else {
                            stream.append(utf8: Array(buffer[0..<count]))
                        }
                    } else if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) {
                        if typesOut { received += decoder.finish() }
                        ended = true
                    }
                }
            }
            let now = Clock.seconds()
            if typesOut {
                let target =
                    ended ? pacer.finish(available: received.count) : pacer.advance(to: now, available: received.count)
                if target > revealed {
                    stream.append(String(received[revealed..<target]))
                    revealed = target
                    pending = true
                }
            }
            if ended && revealed == received.count { break }
            if live, TerminalResize.takeResize(), let width = Console.terminalWidth {
                // The terminal was resized: the open part is laid out again at the new width.
                Console.output(region.reset(height: Console.terminalHeight ?? height))
                stream.resize(width: width)
                frames.reset()
            }
            if frames.isDue(at: now) {
                pending = false
                let committed = stream.update()
                if live {
                    Console.output(region.frame(committed: committed, live: stream.liveLines))
                } else if !committed.isEmpty {
                    Console.output(ANSIWriter.bytes(committed, capabilities: renderer.capabilities))
                }
                frames.drew(from: now, to: Clock.seconds())
            }
        }
        let committed = stream.finish()
        if live {
            Console.output(region.frame(committed: committed + Array(stream.liveLines), live: []))
            Console.output(LiveRegion.end)
            Console.output(GraphemeSetting.restoreSequence)
        } else {
            var rest = committed
            rest += stream.liveLines
            Console.output(ANSIWriter.bytes(rest, capabilities: renderer.capabilities))
        }
    }
}

/// Decodes UTF-8 that arrives in pieces into whole characters; a sequence split between reads
/// waits for its end, invalid bytes become U+FFFD.
package struct UTF8Buffer {
    private var pending: [UInt8] = []

    package mutating func characters(from bytes: ArraySlice<UInt8>) -> [Character] {
        pending += bytes
        // Hold back an incomplete sequence at the end, and the last character, which a combining mark
        // in the next read may still join.
        var complete = pending.count
        var back = 0
        while back < min(3, pending.count), pending[pending.count - 1 - back] & 0xC0 == 0x80 { back += 1 }
        if back < pending.count {
            let lead = pending[pending.count - 1 - back]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if back + 1 < length { complete = pending.count - 1 - back }
        }
        let text = String(decoding: pending[..<complete], as: UTF8.self)
        pending.removeFirst(complete)
        var characters = Array(text)
        if let last = characters.popLast() {
            pending.insert(contentsOf: Array(String(last).utf8), at: 0)
        }
        return characters
    }

    package mutating func finish() -> [Character] {
        defer { pending.removeAll() }
        return Array(String(decoding: pending, as: UTF8.self))
    }
}

/// Seconds on a monotonic clock.
package enum Clock {
    package static func seconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}

/// Notes that the terminal was resized (SIGWINCH), for the drawing loop to pick up.
package enum TerminalResize {
    nonisolated(unsafe) private static var resized: sig_atomic_t = 0

    package static func install() {
        Glibc.signal(SIGWINCH) { _ in TerminalResize.resized = 1 }
        Signals.unblock([SIGWINCH])
    }

    /// Whether a resize happened since the last call.
    package static func takeResize() -> Bool {
        guard resized != 0 else { return false }
        resized = 0
        return true
    }
}

/// Shows the cursor again however the program ends: on Ctrl-C and SIGTERM as well as normally.
package enum TerminalRestore {
    package static func install() {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Glibc.signal(signal) { number in
                let show = "\u{1B}[?2026l\u{1B}[?25h\n"
                _ = show.withCString { Glibc.write(STDOUT_FILENO, $0, strlen($0)) }
                if GraphemeSetting.enabledMode {
                    _ = "\u{1B}[?2027l".withCString { Glibc.write(STDOUT_FILENO, $0, strlen($0)) }
                }
                Glibc.signal(number, SIG_DFL)
                Glibc.raise(number)
            }
        }
        Signals.unblock([SIGINT, SIGTERM, SIGHUP])
    }
}

/// The signal mask is inherited from whatever started us (a test runner, a job supervisor), and a
/// blocked signal never reaches its handler: the signals we handle are let through.
package enum Signals {
    package static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
