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
}
