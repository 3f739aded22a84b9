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

    /// The processors the process's cgroup CPU quota allows, rounded up; nil without a quota. The
    /// cgroup is read from `/proc/self/cgroup`: `cpu.max` under a cgroup v2 (unified) hierarchy,
    /// `cpu.cfs_quota_us` and `cpu.cfs_period_us` under the v1 `cpu` controller.
    static func cgroupQuota(reading contents: (String) -> String? = contents(of:)) -> Int? {
        guard let membership = contents("/proc/self/cgroup") else { return nil }
        for line in membership.split(separator: "\n") {
            // "ID:CONTROLLERS:PATH"; the unified hierarchy has ID 0 and no controllers.
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let path = fields[2] == "/" ? "" : String(fields[2])
            if fields[0] == "0", fields[1].isEmpty {
                // "max 100000" (no quota) or "QUOTA PERIOD", in microseconds.
                if let limit = contents("/sys/fs/cgroup\(path)/cpu.max") {
                    let values = limit.split(whereSeparator: { $0 == " " || $0 == "\n" })
                    if values.count >= 2, let quota = Int(values[0]), let period = Int(values[1]) {
                        return processors(quota: quota, period: period)
                    }
                }
            } else if fields[1].split(separator: ",").contains("cpu") {
                if let quota = contents("/sys/fs/cgroup/cpu\(path)/cpu.cfs_quota_us").flatMap(number),
                    let period = contents("/sys/fs/cgroup/cpu\(path)/cpu.cfs_period_us").flatMap(number)
                {
                    return processors(quota: quota, period: period)
                }
            }
        }
        return nil
    }

    /// The processors a quota of `quota` microseconds every `period` allows, rounded up; nil for no
    /// quota (-1, or nonsense).
    private static func processors(quota: Int, period: Int) -> Int? {
        guard quota > 0, period > 0 else { return nil }
        return (quota + period - 1) / period
    }

    private static func number(_ text: String) -> Int? {
        text.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
    }

    /// The text of a small file (a few kilobytes at most), read with system calls.
    private static func contents(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length], as: UTF8.self)
    }
}
