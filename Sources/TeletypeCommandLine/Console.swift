import Dispatch
import TeletypeLayout

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

/// Standard output, standard error and the terminal they may be attached to.
package enum Console {
    package static func output(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// Writes bytes to standard output.
    package static func output(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in write(UnsafeRawBufferPointer(buffer), to: STDOUT_FILENO) }
    }

    /// Writes a message to standard error with its control characters shown as pictures: a file
    /// name or a server's message that holds escape sequences cannot drive the terminal.
    package static func error(_ text: String) {
        write(TerminalSafeText.sanitize(text), to: STDERR_FILENO)
    }

    /// Writes all of `text`, retrying short writes.
    package static func write(_ text: String, to descriptor: Int32) {
        var copy = text
        copy.withUTF8 { buffer in write(UnsafeRawBufferPointer(buffer), to: descriptor) }
    }

    /// Writes all of `bytes`, retrying short writes.
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    /// Ends the process with status 0 while `value` is still alive: a large document's tree is not
    /// torn down piece by piece when the process is about to end anyway.
    package static func exitSuccessfully<Value>(keeping value: Value) -> Never {
        withExtendedLifetime(value) { exit(0) }
    }

    /// Whether standard output is a terminal (or goes to a pager on one).
    package static var outputIsTerminal: Bool { Pager.terminal != nil || isatty(STDOUT_FILENO) == 1 }

    /// The terminal's width in columns, when standard output is one.
    package static var terminalWidth: Int? {
        if let terminal = Pager.terminal { return terminal.width }
        guard outputIsTerminal else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The width of the terminal standard error shows on, when it is one (for progress bars).
    package static var stderrWidth: Int? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The terminal's height in rows, when standard output is one.
    package static var terminalHeight: Int? {
        if let terminal = Pager.terminal { return terminal.height }
        guard outputIsTerminal else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }

    /// Whether standard input is a regular file (read at once) rather than a pipe or terminal.
    package static var inputIsRegularFile: Bool {
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Reads the whole of standard input.
    package static func readStandardInput() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Runs `body` on the main actor and exits with its status; the main thread serves the main
    /// actor meanwhile.
    package static func runOnMainActor(_ body: @escaping @MainActor () async -> Int32) -> Never {
        Task { @MainActor in exit(await body()) }
        dispatchMain()
    }
}
