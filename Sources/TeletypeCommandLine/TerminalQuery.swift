import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asking the terminal itself: a query written to it, its answer read back, for what no
/// environment variable says (whether it clusters graphemes, whether it draws images, the size of
/// its cells). Every query ends with a device attributes query (`CSI c`), which every terminal
/// answers: once its answer is in, the terminal has said all it will.
enum TerminalQuery {
    /// What the terminal answers to `query` (which must end in `CSI c`), within `milliseconds`;
    /// nil without a terminal.
    static func ask(_ query: String, milliseconds: Int = 150) -> String? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return nil }
        var raw = saved
        cfmakeraw(&raw)
        raw.c_oflag |= tcflag_t(OPOST | ONLCR)
        guard tcsetattr(tty, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(tty, TCSANOW, &saved) }
        _ = query.withCString { write(tty, $0, strlen($0)) }
        var answer: [UInt8] = []
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(milliseconds) * 1_000_000
        var buffer = [UInt8](repeating: 0, count: 256)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            var descriptor = pollfd(fd: tty, events: Int16(POLLIN), revents: 0)
            let left = Int32((deadline - min(deadline, DispatchTime.now().uptimeNanoseconds)) / 1_000_000)
            guard poll(&descriptor, 1, max(left, 1)) > 0 else { break }
            let count = read(tty, &buffer, buffer.count)
            guard count > 0 else { break }
            answer += buffer[0..<count]
            if String(decoding: answer, as: UTF8.self).contains(/\[\?[0-9;]*c/) { break }
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// The size in pixels of one of standard output's cells, where the terminal says (its window's
    /// size in pixels over its size in cells); nil where it does not.
    static func cellPixels() -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
            size.ws_xpixel > 0, size.ws_ypixel > 0
        else { return nil }
        return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
    }
}
