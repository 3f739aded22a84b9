import Foundation
import TeletypeFuzzing
import TeletypeTestSupport
import Testing

/// Every input the fuzzer found a problem with stays fixed: each file under
/// `Tests/Fixtures/fuzz/<target>/` runs through its target with every property holding.
@Suite struct FuzzRegressionTests {
    static let inputs: [(target: FuzzTarget, file: URL)] = {
        let folder = PackageRoot.url.appendingPathComponent("Tests/Fixtures/fuzz")
        return FuzzTarget.allCases.flatMap { target in
            let files =
                (try? FileManager.default.contentsOfDirectory(
                    at: folder.appendingPathComponent(target.rawValue), includingPropertiesForKeys: nil)) ?? []
            return files.sorted { $0.path < $1.path }.map { (target, $0) }
        }
    }()

    /// The fixtures the other tests read hold every property of their targets.
    @Test(arguments: [(FuzzTarget.transcript, "transcripts"), (.recording, "streams")])
    func fixturesHoldEveryProperty(_ target: FuzzTarget, _ folder: String) throws {
        let url = PackageRoot.url.appendingPathComponent("Tests/Fixtures/\(folder)")
        let files = try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
        #expect(!files.isEmpty)
        for file in files {
            #expect(target.problems(in: Array(try Data(contentsOf: file))) == [], "\(file.lastPathComponent)")
        }
    }

    /// Every agent's fixture, as a file on disk, holds the agent-log properties; every database
    /// fixture, built, the agent-database properties.
    @Test func agentFixturesHoldEveryProperty() throws {
        let root = PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions")
        let walker = try #require(FileManager.default.enumerator(atPath: root.path))
        var count = 0
        while let path = walker.nextObject() as? String {
            let full = root.appendingPathComponent(path).path
            let ending = path.split(separator: ".").last.map(String.init) ?? ""
            if ["json", "jsonl", "md", "txt"].contains(ending) {
                count += 1
                let problems = FuzzTarget.agentLog.problems(in: Array(try Data(contentsOf: URL(fileURLWithPath: full))))
                #expect(problems == [], "\(path)")
            } else if ending == "sql" {
                let database = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "fuzz-\(UUID().uuidString).db")
                defer { try? FileManager.default.removeItem(at: database) }
                try SQLiteFixture.make(at: database.path, sql: try String(contentsOfFile: full, encoding: .utf8))
                let problems = FuzzTarget.agentDatabase.problems(in: Array(try Data(contentsOf: database)))
                #expect(problems == [], "\(path)")
            }
        }
        #expect(count > 20)
    }

    @Test(arguments: inputs.indices)
    func savedInputStaysFixed(_ index: Int) throws {
        let (target, file) = Self.inputs[index]
        let bytes = Array(try Data(contentsOf: file))
        #expect(target.problems(in: bytes) == [], "\(target.rawValue)/\(file.lastPathComponent)")
    }

    /// The conformance examples hold every property too (a sample: the fuzzer runs all of them).
    @Test(arguments: SpecExample.all.indices.filter { $0 % 7 == 0 })
    func conformanceExamplesHoldEveryMarkdownProperty(_ index: Int) {
        let bytes = Array(SpecExample.all[index].markdown.utf8)
        #expect(FuzzTarget.markdown.problems(in: bytes) == [], "\(SpecExample.all[index])")
        #expect(FuzzTarget.markdownStream.problems(in: bytes) == [], "\(SpecExample.all[index])")
    }
}
