import CCmarkSupport

/// The run of a JSON string's bytes that need no attention: neither its closing quote, an escape's
/// backslash, nor a control character (which JSON refuses in a string). Found sixteen bytes at a time:
/// a session log's strings are a tool's whole output, and most of a parse is spent walking them.
package enum JSONStringScan {
    /// Where the first byte at or after `start` is a quote, a backslash or a control character;
    /// `bytes.count` when none is.
    @inline(__always)
    package static func plainEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        end(bytes, from: start, stoppingPastASCII: false)
    }

    /// Where the first byte at or after `start` is a quote, a backslash, a control character or
    /// not ASCII (the start of a character that must be checked as UTF-8); `bytes.count` when none is.
    @inline(__always)
    package static func asciiEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        end(bytes, from: start, stoppingPastASCII: true)
    }

    /// ``plainEnd(_:from:)``, and past ASCII too when `stoppingPastASCII`: sixteen bytes at a time
    /// in C where the processor can (`teletype_json_string_end`).
    @inline(__always)
    private static func end(_ bytes: UnsafeRawBufferPointer, from start: Int, stoppingPastASCII: Bool) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        return teletype_json_string_end(
            base.assumingMemoryBound(to: UInt8.self), bytes.count, start, stoppingPastASCII ? 1 : 0)
    }
}
