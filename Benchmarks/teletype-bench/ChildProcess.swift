import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program and reports its wall time, peak memory and standard output.
enum ChildProcess {
    struct Outcome {
        var seconds: Double
        var peakMemoryKB: Int
        /// User and system time of the process, all its threads.
        var cpuSeconds: Double = 0
        var status: Int32
        var output: String
    }

    /// Runs `arguments[0]` (searched in `PATH`) with the rest as its arguments, standard input from
    /// `/dev/null`, standard output captured (or discarded).
    /// GNU time, which reports a program's own peak memory. A program spawned straight from this
    /// process starts in this process's memory (`posix_spawn` shares it until the `exec`), and
    /// Linux counts that in the program's peak: every small program would weigh what the
    /// benchmark weighs. Run under `time`, it starts from `time`'s few megabytes instead.
    static let timeProgram: String? =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil

    static func run(_ arguments: [String], captureOutput: Bool = true) -> Outcome? {
        guard let time = timeProgram else { return spawn(arguments, captureOutput: captureOutput) }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-bench-\(UUID()).time").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        guard var outcome = spawn([time, "-q", "-f", "%M", "-o", report] + arguments, captureOutput: captureOutput)
        else { return nil }
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        if let peak = text.split(whereSeparator: \.isNewline).last.flatMap({
            Int($0.trimmingCharacters(in: .whitespaces))
        }) {
            outcome.peakMemoryKB = peak
        }
        return outcome
    }

    private static func spawn(_ arguments: [String], captureOutput: Bool) -> Outcome? {
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
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Outcome(
            seconds: seconds, peakMemoryKB: usage.ru_maxrss, cpuSeconds: cpu, status: exitStatus, output: output)
    }
}

extension ChildProcess {
    /// Runs `arguments` with standard output into a pipe read as it comes: how long until its
    /// first byte, and until the end.
    static func firstOutput(_ arguments: [String]) -> (first: Double, total: Double)? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawnp(&pid, arguments[0], &actions, nil, &cArguments, environ) == 0 else {
            close(pipeEnds[0])
            close(pipeEnds[1])
            return nil
        }
        close(pipeEnds[1])
        var first: UInt64?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            if first == nil { first = DispatchTime.now().uptimeNanoseconds }
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let end = DispatchTime.now().uptimeNanoseconds
        guard status == 0, let first else { return nil }
        return (Double(first - start) / 1e9, Double(end - start) / 1e9)
    }
}
