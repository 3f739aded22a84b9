import Foundation
import Testing

@testable import TeletypeMarkdown

@Suite struct ActiveProcessorsTests {
    /// The count read with system calls is Foundation's, which reads the affinity mask and the
    /// cgroup quota too.
    @Test func matchesFoundation() {
        #expect(ActiveProcessors.count() == ProcessInfo.processInfo.activeProcessorCount)
        #expect(ParallelWork.cores == ProcessInfo.processInfo.activeProcessorCount)
    }

    /// A container's CPU quota is read as Linux gives it, under either cgroup hierarchy.
    @Test(
        arguments: [
            (["/proc/self/cgroup": "0::/\n", "/sys/fs/cgroup/cpu.max": "max 100000\n"], nil),
            (["/proc/self/cgroup": "0::/job\n", "/sys/fs/cgroup/job/cpu.max": "150000 100000\n"], 2),
            (["/proc/self/cgroup": "0::/\n", "/sys/fs/cgroup/cpu.max": "100000 100000\n"], 1),
            (
                [
                    "/proc/self/cgroup": "2:cpuacct:/\n1:cpu:/docker/abc\n0::/\n",
                    "/sys/fs/cgroup/cpu/docker/abc/cpu.cfs_quota_us": "50000\n",
                    "/sys/fs/cgroup/cpu/docker/abc/cpu.cfs_period_us": "100000\n",
                ], 1
            ),
            (
                [
                    "/proc/self/cgroup": "3:cpu,cpuacct:/\n0::/\n", "/sys/fs/cgroup/cpu/cpu.cfs_quota_us": "-1\n",
                    "/sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000\n",
                ], nil
            ),
            ([:], nil),
        ] as [([String: String], Int?)])
    func cgroupQuota(_ files: [String: String], _ expected: Int?) {
        #expect(ActiveProcessors.cgroupQuota(reading: { files[$0] }) == expected)
    }
}
