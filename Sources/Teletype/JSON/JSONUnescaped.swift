/// The bytes of a JSON string being unescaped: an array kept longer than what is written, each
/// run of plain bytes and each escaped byte copied straight into its room (appended to an array,
/// each cost about a hundred instructions: a line of a tool's output is a run and an escape).
struct JSONUnescaped {
    /// The bytes written, then room for more (never read).
    private var storage: [UInt8] = []
    /// How many bytes of `storage` are written.
    var count = 0

    /// Makes room for `capacity` bytes in all.
    mutating func reserve(_ capacity: Int) {
        if capacity > storage.count { grow(to: capacity) }
    }

    private mutating func grow(to size: Int) {
        let count = self.count
        storage = storage.withUnsafeBytes {
            [UInt8].room(size, keeping: UnsafeRawBufferPointer(rebasing: $0[..<count]))
        }
    }

    /// Appends `bytes`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > storage.count { grow(to: max(count + bytes.count, storage.count * 2)) }
        let at = count
        storage.withUnsafeMutableBytes { ($0.baseAddress! + at).copyMemory(from: source, byteCount: bytes.count) }
        count += bytes.count
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == storage.count { grow(to: max(64, storage.count * 2)) }
        storage[count] = byte
        count += 1
    }

    /// Calls `body` with the bytes written.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }
}

extension Array where Element == UInt8 {
    /// An array of `size` bytes beginning with `kept`, the rest left as the memory was: room for
    /// bytes to be written into, which nothing reads before they are (a buffer growing by
    /// doubling, which clearing and copying its room would cost as much as its writing).
    package static func room(_ size: Int, keeping kept: UnsafeRawBufferPointer) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            if let from = kept.baseAddress, !kept.isEmpty {
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: from, byteCount: kept.count)
            }
            // Bytes have no state to set up: the room is counted as the array's, to be written.
            initialized = size
        }
    }
}
