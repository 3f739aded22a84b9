import Foundation
import TeletypeTestSupport
import Testing

/// The `teletype` command starts in a few milliseconds partly because it links no Foundation:
/// CoreFoundation and ICU would double the binary and cost every run a millisecond more. Every
/// module the command is made of imports FoundationEssentials where it exists, and Foundation only
/// where it does not (`#if canImport(FoundationEssentials) … #else import Foundation`).
@Suite struct StartupTests {
    /// The modules linked into the `teletype` command.
    static let modules = [
        "Teletype", "TeletypeMarkdown", "TeletypeLayout", "TeletypeANSI", "TeletypeHTML", "TeletypeTranscripts",
        "TeletypeSessions", "TeletypeA2UI", "TeletypeArchive", "TeletypeCommandLine", "teletype",
    ]

    /// The lines of `source` that import Foundation (or a module built on it) other than as the
    /// fallback of `#if canImport(FoundationEssentials)`.
    static func foundationImports(in source: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var found: [String] = []
        for (number, line) in lines.enumerated() {
            guard ["import Foundation", "import FoundationNetworking", "import FoundationXML"].contains(line)
            else { continue }
            let before = lines[..<number].filter { !$0.isEmpty && !$0.hasPrefix("//") }.suffix(3)
            let isFallback =
                before.count == 3 && before.first == "#if canImport(FoundationEssentials)"
                && before.dropFirst().first == "import FoundationEssentials" && before.last == "#else"
            if !isFallback { found.append("line \(number + 1): \(line)") }
        }
        return found
    }

    @Test(arguments: modules)
    func theCommandsModulesLinkNoFoundation(_ module: String) throws {
        let folder = PackageRoot.url.appendingPathComponent("Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty, "no sources in \(folder.path)")
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = Self.foundationImports(in: source)
            #expect(imports.isEmpty, "\(module)/\(file): \(imports)")
        }
    }

    /// The check finds an import of Foundation that is not a fallback, and passes one that is.
    @Test func anImportOfFoundationIsFound() {
        #expect(Self.foundationImports(in: "import Foundation\n\nlet x = 1\n") == ["line 1: import Foundation"])
        #expect(
            Self.foundationImports(
                in:
                    "#if canImport(FoundationEssentials)\n    import FoundationEssentials\n#else\n    import Foundation\n#endif\n"
            ).isEmpty)
        #expect(Self.foundationImports(in: "#if os(Linux)\n#else\nimport Foundation\n#endif").count == 1)
    }
}
