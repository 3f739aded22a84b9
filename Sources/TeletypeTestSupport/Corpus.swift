import Foundation

/// The real material of `../shared/corpus` (see its SOURCES.md): public documents and recorded
/// provider streams. Tests read it where it is; a clone without it skips the tests that need it,
/// saying so once (``skipMessage``).
public enum Corpus {
    /// The corpus folder: `$TELETYPE_CORPUS`, else `../shared/corpus` beside the package; nil when
    /// neither holds the corpus (each of ``folders``): an empty or partial folder is no corpus, and
    /// its tests are skipped rather than failed.
    public static let root: URL? = {
        let url: URL
        if let path = ProcessInfo.processInfo.environment["TELETYPE_CORPUS"], !path.isEmpty {
            url = URL(fileURLWithPath: path)
        } else {
            url = PackageRoot.url.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        }
        return holdsCorpus(url) ? url : nil
    }()

    /// The folders a corpus holds, each with files in it.
    public static let folders = ["markdown", "streams", "sessions", "a2ui"]

    /// Whether `url` is a corpus: a folder holding each of ``folders``, none of them empty.
    public static func holdsCorpus(_ url: URL) -> Bool {
        folders.allSatisfy { folder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(folder).path))
            return !(names ?? []).isEmpty
        }
    }

    /// Whether the corpus is here.
    public static var isAvailable: Bool { root != nil }

    /// Why corpus tests did not run.
    public static let skipMessage =
        "the corpus (../shared/corpus or $TELETYPE_CORPUS) is not here: tests on real documents and streams are skipped"

    /// A file of the corpus: its name and its bytes.
    public struct File: Sendable, CustomStringConvertible {
        /// The file's name within its folder.
        public var name: String
        /// The file's bytes, exactly.
        public var bytes: [UInt8]
        /// The file's text (invalid UTF-8 replaced).
        public var text: String { String(decoding: bytes, as: UTF8.self) }
        public var description: String { name }
    }

    /// The files of one folder of the corpus (`markdown`, `streams`, …), by name; empty without
    /// the corpus.
    public static func files(in folder: String) -> [File] {
        guard let root else { return [] }
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: url.appendingPathComponent(name).path) else {
                return nil
            }
            return File(name: name, bytes: Array(data))
        }
    }

    /// The real Markdown documents.
    public static let markdown: [File] = files(in: "markdown")

    /// The names of the real Markdown documents, to parameterise tests by (empty without the corpus).
    public static var markdownNames: [String] { markdown.map(\.name) }

    /// The Markdown document named `name`.
    public static func markdown(named name: String) -> File {
        guard let file = markdown.first(where: { $0.name == name }) else { fatalError("no corpus document \(name)") }
        return file
    }

    /// The recorded provider streams.
    public static let streams: [File] = files(in: "streams").filter { !$0.name.hasSuffix(".md") }

    /// The names of the recorded streams, to parameterise tests by (empty without the corpus).
    public static var streamNames: [String] { streams.map(\.name) }

    /// The recorded stream named `name`.
    public static func stream(named name: String) -> File {
        guard let file = streams.first(where: { $0.name == name }) else { fatalError("no corpus stream \(name)") }
        return file
    }

    /// The v0.8 examples of `a2ui/` (its standard and minimal catalogs'), by path within `a2ui/`.
    public static var a2uiVersion08Examples: [String] {
        guard let root else { return [] }
        let folder = root.appendingPathComponent("a2ui")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var paths: [String] = []
        while let path = walker.nextObject() as? String {
            if path.contains("v0_8/"), path.contains("/examples/"), path.hasSuffix(".json") { paths.append(path) }
        }
        return paths.sorted()
    }

    /// The A2UI v0.9 material that holds message streams: the catalogs' examples, the
    /// specification's test cases and the samples' messages, by path within `a2ui/` (empty without
    /// the corpus). Schemas, catalog definitions and the v0.10 draft are left out.
    public static var a2uiStreams: [String] {
        guard let root else { return [] }
        let folder = root.appendingPathComponent("a2ui")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var paths: [String] = []
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".json") || path.hasSuffix(".jsonl") else { continue }
            if path.contains("v0_10") || path.contains("/json/") || path.hasSuffix("catalog.json")
                || path.contains("catalog_definition") || path.contains("simplified_")
                || path.contains("catalog_schemas")
            {
                continue
            }
            paths.append(path)
        }
        return paths.sorted()
    }

    /// The agents' session logs (`sessions/` of the corpus: Claude Code, Claude Code for web, Codex,
    /// Gemini CLI, aider), by path within `sessions/`, subagents' files and their sidecars left out;
    /// empty without the corpus.
    public static var agentSessions: [String] {
        guard let root else { return [] }
        let folder = root.appendingPathComponent("sessions")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var paths: [String] = []
        while let path = walker.nextObject() as? String {
            let agent = path.split(separator: "/").first.map(String.init) ?? ""
            guard ["claude-code", "claude-code-web", "codex", "gemini-cli", "aider"].contains(agent),
                path.hasSuffix(".jsonl") || path.hasSuffix(".json") || path.hasSuffix(".md"),
                !path.hasSuffix(".meta.json"), !path.contains("/subagents/"),
                !(path.split(separator: "/").last?.hasPrefix("agent-") ?? false)
            else { continue }
            paths.append(path)
        }
        return paths.sorted()
    }

    /// The folders of `sessions/` added with the agents read since Claude Code, Codex, Gemini CLI and
    /// aider (the SOURCES.md section "More agents").
    public static let moreAgentFolders = [
        "cursor", "copilot-cli", "vscode-copilot", "cline", "opencode", "antigravity", "exported-markdown",
        "qwen-code", "kimi", "grok", "kiro", "gemini-cli", "claude-code", "codex",
    ]

    /// Every file of ``moreAgentFolders`` that may be a conversation (JSON, JSONL, Markdown, text)
    /// and every database, by path within `sessions/`; a caller leaves out the sidecars. Empty
    /// without the corpus.
    public static var moreAgentFiles: [String] {
        guard let root else { return [] }
        let folder = root.appendingPathComponent("sessions")
        var paths: [String] = []
        for agent in moreAgentFolders {
            guard let walker = FileManager.default.enumerator(atPath: folder.appendingPathComponent(agent).path) else {
                continue
            }
            while let path = walker.nextObject() as? String {
                let ending = path.split(separator: ".").last.map(String.init) ?? ""
                guard ["json", "jsonl", "md", "txt", "db", "vscdb"].contains(ending) else { continue }
                paths.append(agent + "/" + path)
            }
        }
        return paths.sorted()
    }

    /// The folders of ``moreAgentFolders`` that are stores of many conversations (OpenCode's
    /// `storage/` trees), by path within `sessions/`.
    public static var storeFolders: [String] {
        guard let root else { return [] }
        let folder = root.appendingPathComponent("sessions/opencode")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0 + "/session").path)
        }.sorted().map { "opencode/" + $0 }
    }

    /// The chat apps' data exports of `sessions/` (`chatgpt/`, `claude-ai/`), as paths below it.
    public static var chatExports: [String] {
        guard let root else { return [] }
        let folder = root.appendingPathComponent("sessions")
        return ["chatgpt", "claude-ai"].flatMap { app in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(app).path)) ?? [])
                .filter { $0.hasSuffix(".json") }.sorted().map { app + "/" + $0 }
        }
    }

    /// The full path of `sessions/<path>`.
    public static func sessionPath(_ path: String) -> String {
        root?.appendingPathComponent("sessions/" + path).path ?? path
    }

    /// The text of `a2ui/<path>`.
    public static func a2ui(_ path: String) -> String {
        guard let root,
            let data = FileManager.default.contents(atPath: root.appendingPathComponent("a2ui/" + path).path)
        else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}
