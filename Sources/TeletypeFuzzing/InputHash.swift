/// A stable hash of a fuzz input: where a target needs a width or split sizes, it takes them from
/// the input itself, so that the same bytes always run the same way and a saved crash reproduces.
enum InputHash {
    /// FNV-1a over the bytes.
    static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
