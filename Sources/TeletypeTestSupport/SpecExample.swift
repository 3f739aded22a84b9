import Foundation

/// One example of a GFM specification file: Markdown and the HTML it must become.
public struct SpecExample: Sendable, CustomStringConvertible {
    /// The file the example comes from (`gfm-spec.txt`, `gfm-extensions.txt`).
    public var file: String
    /// The example's number within its file, from 1.
    public var number: Int
    /// The line of the file where the example starts.
    public var line: Int
    /// The section heading the example sits under.
    public var section: String
    /// The extension named after `example`, if any (`table`, `autolink`, `disabled`, …).
    public var tag: String
    /// The Markdown input, tabs restored.
    public var markdown: String
    /// The expected HTML, tabs restored.
    public var html: String

    public var description: String { "\(file) #\(number) (line \(line), \(section))" }

    /// Every example of the conformance files shipped in `Tests/Fixtures/conformance/`.
    public static let all: [SpecExample] = {
        ["gfm-spec.txt", "gfm-extensions.txt"].flatMap { name in
            let url = PackageRoot.url.appendingPathComponent("Tests/Fixtures/conformance/\(name)")
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                fatalError("cannot read conformance file \(url.path)")
            }
            return parse(text, file: name)
        }
    }()

    /// Splits a specification file into its examples.
    public static func parse(_ text: String, file: String) -> [SpecExample] {
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var section = ""
        var state = 0  // 0 outside, 1 markdown, 2 html
        var markdown = ""
        var html = ""
        var tag = ""
        var startLine = 0
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            switch state {
            case 0:
                if line.hasPrefix(fence + " example") {
                    state = 1
                    tag = line.dropFirst(fence.count + 8).trimmingCharacters(in: .whitespaces)
                    markdown = ""
                    html = ""
                    startLine = offset + 1
                } else if line.hasPrefix("#") {
                    section = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
                }
            case 1:
                if line == "." { state = 2 } else { markdown += line + "\n" }
            default:
                if line == fence {
                    state = 0
                    examples.append(
                        SpecExample(
                            file: file, number: examples.count + 1, line: startLine, section: section, tag: tag,
                            markdown: markdown.replacingOccurrences(of: "→", with: "\t"),
                            html: html.replacingOccurrences(of: "→", with: "\t")))
                } else {
                    html += line + "\n"
                }
            }
        }
        return examples
    }
}

/// The root folder of the package, found from this source file's path.
public enum PackageRoot {
    /// The folder holding `Package.swift`. Finding it also sets the tests' time zone to UTC, so
    /// that the times snapshots show are the same on every machine (see ``TestTimeZone``).
    public static let url: URL = {
        TestTimeZone.useUTC()
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()
}

/// The time zone of the tests: UTC, whatever the machine's, since times show in the local zone.
public enum TestTimeZone {
    private static let applied: Bool = {
        setenv("TZ", "UTC0", 1)
        tzset()
        return true
    }()

    /// Sets `TZ` to UTC for this process and the processes it starts (once).
    public static func useUTC() { _ = applied }
}
