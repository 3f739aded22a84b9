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
