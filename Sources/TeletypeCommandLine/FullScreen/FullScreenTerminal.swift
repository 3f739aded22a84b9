#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal while a full-screen command runs (`teletype chat`, `teletype browse`): raw input
/// (keys arrive as bytes, Ctrl-C included), the alternate screen, bracketed paste, and the mouse
/// wheel where asked for. It is always put back — on a normal end, on SIGTERM, SIGHUP,
/// SIGINT or SIGQUIT from outside, and on a crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT) — and
/// the signal then takes its usual course.
package enum FullScreenTerminal {
    /// The settings before raw mode, for the signal handlers (they cannot take a lock).
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var isRaw = false

    static let enterSequence = "\u{1B}[?1049h\u{1B}[?2004h\u{1B}[H\u{1B}[2J"
    /// Mouse reports of presses and the wheel (1000), in SGR's form (1006).
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1000l"
    static let leaveSequence = "\u{1B}[?2026l\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    /// Whether mouse reports were turned on (and are to be turned off).
    nonisolated(unsafe) private static var mouseIsOn = false

    /// Raw mode and the alternate screen (with the wheel's reports when `mouse`); false when
    /// standard input or output is not a terminal.
    package static func enter(mouse: Bool = false) -> Bool {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else {
            return false
        }
        var raw = saved
        cfmakeraw(&raw)
        // Keep output processing so that a stray "\n" from elsewhere still returns the carriage.
        raw.c_oflag |= tcflag_t(OPOST | ONLCR)
        // TCSANOW, not TCSAFLUSH: keys typed while the program started are kept, and read as typed.
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return false }
        isRaw = true
        mouseIsOn = mouse
        Console.output(enterSequence + (mouse ? mouseOn : ""))
        installSignalHandlers()
        atexit { FullScreenTerminal.restoreFromAnywhere() }
        return true
    }

    /// Puts the terminal back as it was; safe to call more than once.
    package static func leave() {
        restoreFromAnywhere()
    }

    /// The restoring itself: only async-signal-safe calls (write, tcsetattr).
    private static func restoreFromAnywhere() {
        guard isRaw else { return }
        isRaw = false
        if mouseIsOn { _ = mouseOff.withCString { write(STDOUT_FILENO, $0, strlen($0)) } }
        _ = leaveSequence.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    }

    private static func installSignalHandlers() {
        let signals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT]
        for number in signals {
            signal(number) { received in
                FullScreenTerminal.restoreFromAnywhere()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
        Signals.unblock(signals)
    }
}
