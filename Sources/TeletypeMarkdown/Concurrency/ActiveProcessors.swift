import CCmarkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many processors this process may run on: those of its CPU affinity mask, fewer when its
/// cgroup's CPU quota allows fewer (a container limited to two cores on a larger machine).
///
/// Read with a few system calls: Foundation's `activeProcessorCount` reads the same but costs a
/// command a good part of its start.
enum ActiveProcessors {
    static func count() -> Int {
        var count = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #if os(Linux)
            let inMask = Int(teletype_affinity_processors())
            if inMask > 0 { count = inMask }
            if let quota = cgroupQuota() { count = min(count, quota) }
        #endif
        return max(count, 1)
    }

    /// The processors a cgroup (v2) CPU quota allows, rounded up; nil without a quota.
    private static func cgroupQuota() -> Int? {
        let descriptor = open("/sys/fs/cgroup/cpu.max", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard length > 0 else { return nil }
        // "max 100000" (no quota) or "QUOTA PERIOD", in microseconds.
        let fields = buffer[..<length].split(whereSeparator: { $0 == 0x20 || $0 == 0x0A })
        guard fields.count >= 2, let quota = Int(String(decoding: fields[0], as: UTF8.self)),
            let period = Int(String(decoding: fields[1], as: UTF8.self)), quota > 0, period > 0
        else { return nil }
        return (quota + period - 1) / period
    }
}
