import Foundation
import Testing

@testable import TeletypeArchive

// What the queue does with a file it drops (wait for it, advise it out of the cache) is Linux's.
#if os(Linux)
    import Glibc

    /// An archive's finished pages are kept a few files deep, then waited for, dropped from the
    /// system's cache and closed: their bytes intact on the file system, the newest still open.
    @Suite struct WriteBehindTests {
        /// Writes `bytes` to a new file at `path` and returns its open descriptor, its writing to the
        /// disk started, as a finished page hands it over.
        static func finishedFile(_ path: String, _ bytes: [UInt8]) -> Int32 {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            precondition(descriptor >= 0)
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            precondition(written == bytes.count)
            return descriptor
        }

        /// The names of the files in `folder` this process holds open. Asked by path, not by
        /// descriptor: the tests running beside this one open files too, and a number closed here
        /// may be theirs a moment later.
        static func openFiles(in folder: URL) -> Set<String> {
            let prefix = folder.resolvingSymlinksInPath().path + "/"
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return Set(
                descriptors.compactMap {
                    try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
                }
                .filter { $0.hasPrefix(prefix) }
                .map { String($0.dropFirst(prefix.count)) })
        }

        /// How many of the file's pages are in the system's cache (nil where that cannot be asked).
        static func cachedPages(of path: String) -> Int? {
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
            let length = Int(status.st_size)
            guard let map = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0), map != MAP_FAILED else {
                return nil
            }
            defer { munmap(map, length) }
            let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
            var resident = [UInt8](repeating: 0, count: (length + pageSize - 1) / pageSize)
            guard mincore(map, length, &resident) == 0 else { return nil }
            return resident.filter { $0 & 1 != 0 }.count
        }

        /// Whether the file system of `folder` lets a file's pages leave the cache once they are on
        /// its disk (not tmpfs, whose pages are the file): a file written there, synced and advised
        /// away by hand, is no longer cached.
        static func dropsCachedPages(in folder: URL) -> Bool {
            let path = folder.appendingPathComponent("control").path
            let descriptor = finishedFile(path, [UInt8](repeating: 1, count: 1 << 20))
            defer { close(descriptor) }
            guard fsync(descriptor) == 0, posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED) == 0 else {
                return false
            }
            return cachedPages(of: path) == 0
        }

        @Test func theFilesPastItsDepthAreOnTheirDiskClosedAndOutOfTheCache() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "teletype-write-behind-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let drops = Self.dropsCachedPages(in: folder)
            let queue = WriteBehind(depth: 2)
            let contents = (0..<4).map { file in (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 * 7 + file) } }
            let paths = (0..<4).map { folder.appendingPathComponent("page-\($0).html").path }
            var descriptors: [Int32] = []
            for (path, bytes) in zip(paths, contents) {
                let descriptor = Self.finishedFile(path, bytes)
                descriptors.append(descriptor)
                queue.take(descriptor)
                // Each file past the depth closes the oldest (asked before its number can be reused).
                let index = descriptors.count - 1
                let open = Self.openFiles(in: folder)
                if index >= 2 { #expect(!open.contains("page-\(index - 2).html")) }
                #expect(open.isSuperset(of: (max(0, index - 1)...index).map { "page-\($0).html" }))
            }
            if drops {
                #expect(Self.cachedPages(of: paths[0]) == 0, "the oldest file's pages left the cache")
                #expect(Self.cachedPages(of: paths[1]) == 0)
                #expect((Self.cachedPages(of: paths[3]) ?? 0) > 0, "the newest file's pages are still in the cache")
            }
            queue.closeAll()
            #expect(Self.openFiles(in: folder).isEmpty)
            for (path, bytes) in zip(paths, contents) {
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes), "\(path)")
            }
        }

        /// What the archive guide promises: an archive's early pages leave the cache once newer
        /// ones are written, the last ones stay, and every page is whole.
        @Test func anArchiveLeavesItsEarlyPagesOutOfTheCacheAndItsLastIn() throws {
            try ConversationArchiveTests.withFolder { folder in
                let input = folder.appendingPathComponent("in")
                try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
                for index in 0..<40 {
                    try ConversationArchiveTests.generated(count: 30, start: 1_780_000_000, model: "m").write(
                        to: input.appendingPathComponent(String(format: "chat-%02d.jsonl", index)), atomically: true,
                        encoding: .utf8)
                }
                let inputs = ArchiveInput.find([input.path]).inputs
                let output = folder.appendingPathComponent("out")
                let report = try ConversationArchive(jobs: 1).export(inputs, to: output.path)
                #expect(report.written.count == 40)
                let pages = inputs.map { output.appendingPathComponent($0.page).path }
                // Asked before the pages are read below (reading brings a page back).
                if Self.dropsCachedPages(in: folder) {
                    #expect(Self.cachedPages(of: pages[0]) == 0, "the first page left the cache")
                    #expect(Self.cachedPages(of: pages[20]) == 0)
                    #expect((Self.cachedPages(of: pages[39]) ?? 0) > 0, "the last page is still in the cache")
                }
                for page in pages {
                    let text = try String(contentsOfFile: page, encoding: .utf8)
                    #expect(text.hasSuffix("</html>\n"), "\(page)")
                }
            }
        }
    }
#endif
