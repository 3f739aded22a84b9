import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program and reports its wall time, peak memory and standard output.
enum ChildProcess {
    struct Outcome {
        var seconds: Double
        var peakMemoryKB: Int
        var status: Int32
        var output: String
    }

    /// Runs `arguments[0]` (searched in `PATH`) with the rest as its arguments, standard input from
    /// `/dev/null`, standard output captured (or discarded).
    static func run(_ arguments: [String], captureOutput: Bool = true) -> Outcome? {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-bench-\(UUID()).out")
            .path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, captureOutput ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawnp(&pid, arguments[0], &actions, nil, &cArguments, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let output = captureOutput ? ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") : ""
        try? FileManager.default.removeItem(atPath: outputPath)
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(seconds: seconds, peakMemoryKB: usage.ru_maxrss, status: exitStatus, output: output)
    }
}
