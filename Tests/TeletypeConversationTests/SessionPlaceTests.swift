import Foundation
import TeletypeTranscripts
import Testing

@testable import TeletypeSessions

/// Which files of an agent's folders are sessions: decided from each file's path below the folder,
/// for every file of every folder each time the folders are looked at.
@Suite struct SessionPlaceTests {
    /// A path's parts as a split would give them, the reference the byte-wise answers must match.
    @Test(arguments: [
        "a", "a/b", "a/b/c.jsonl", "proj/sess/subagents/agent-1.jsonl", "x//y", "/lead", "trail/", "ü/日本/é.json",
        "", "chats/s.json", "p/chats/s.jsonl",
    ])
    func aRelativePathAnswersAsItsPartsDo(_ text: String) {
        let path = RelativePath(text)
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        #expect(path.count == parts.count)
        for index in 0..<parts.count + 2 {
            #expect(path.part(index) == (index < parts.count ? parts[index] : nil), "part \(index) of \(text)")
        }
        #expect(path.last == parts.last!)
        #expect(path.folderName == (parts.count >= 2 ? parts[parts.count - 2] : nil))
        for piece in ["/", "b/", "/subagents/", "日本", "json", "", "a/b/c.jsonl/"] {
            #expect(path.contains(piece) == text.contains(piece), "\(text) contains \(piece)")
        }
        for suffix in [".jsonl", ".json", "", "é.json", "c.jsonl"] {
            #expect(path.hasSuffix(suffix) == text.hasSuffix(suffix), "\(text) ends with \(suffix)")
        }
    }

    /// Every agent's files laid out as the agent lays them out, beside files that are not sessions:
    /// exactly the sessions are found.
    @Test func onlyTheSessionsOfEachFolderAreFound() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-places-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let brain = ".gemini/antigravity-cli/brain/"
        let sessions = [
            ".claude/projects/-home-dev-app/0f1e.jsonl",
            ".codex/sessions/2026/10/02/rollout-2026-10-02T08-30-00-0199.jsonl",
            ".gemini/tmp/hash1/chats/session-2026-10-02.json",
            ".gemini/tmp/hash1/chats/session-2026-10-03.jsonl",
            ".qwen/projects/-home-dev-app/chats/0199.jsonl",
            ".grok/sessions/%2Fhome%2Fdev/019f/chat_history.jsonl",
            ".grok/sessions/%2Fhome%2Fdev/01a0/updates.jsonl",
            ".copilot/session-state/8c1e/events.jsonl",
            ".copilot/session-state/9d2f.jsonl",
            ".config/Code/User/workspaceStorage/ws1/chatSessions/s1.json",
            ".config/Code/User/workspaceStorage/ws1/GitHub.copilot-chat/transcripts/t1.jsonl",
            ".cursor/projects/home-dev-app/agent-transcripts/c1/c1.jsonl",
            ".cursor/projects/home-dev-app/agent-transcripts/c2.txt",
            ".kimi-code/sessions/wd/s1/agents/main/wire.jsonl",
            ".kiro/sessions/cli/k1.jsonl",
            brain + "a1/.system_generated/logs/transcript_full.jsonl",
            brain + "a2/.system_generated/logs/transcript.jsonl",
            brain + "a3/.system_generated/logs/chunks/transcript_full/00000000.jsonl",
        ]
        let others = [
            ".claude/projects/-home-dev-app/agent-1a2b.jsonl",
            ".claude/projects/-home-dev-app/notes.txt",
            ".codex/sessions/2026/10/02/history.jsonl",
            ".gemini/tmp/hash1/logs.json",
            ".qwen/projects/-home-dev-app/0199.jsonl",
            ".grok/sessions/%2Fhome%2Fdev/019f/updates.jsonl",
            ".grok/sessions/%2Fhome%2Fdev/019f/summary.json",
            ".copilot/session-state/8c1e/workspace.yaml",
            ".config/Code/User/workspaceStorage/ws1/state.json",
            ".cursor/projects/home-dev-app/agent-transcripts/c1/subagents/s1.jsonl",
            ".cursor/projects/home-dev-app/notes.jsonl",
            ".kimi-code/sessions/wd/s1/agents/scout/wire.jsonl",
            brain + "a1/.system_generated/logs/transcript.jsonl",
            brain + "a2/.system_generated/logs/overview.txt",
            brain + "a3/.system_generated/logs/chunks/transcript_full/00000001.jsonl",
            brain + "a3/.system_generated/logs/chunks/transcript/00000000.jsonl",
        ]
        for relative in sessions + others {
            let url = home.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{}\n".utf8).write(to: url)
        }
        let found = SessionLocator.candidates(
            agents: SessionAgent.allCases, environment: ["HOME": home.path, "TELETYPE_CACHE_DIR": "off"]
        ).filter { !$0.isStore }.map { String($0.path.dropFirst(home.path.count + 1)) }
        #expect(
            Set(found) == Set(sessions),
            "missing \(Set(sessions).subtracting(found)); extra \(Set(found).subtracting(sessions))")
    }

    /// The walk below a folder: files at every level up to the depth and none below it, hidden
    /// entries only when asked, links followed to the file or folder they name (a dangling one
    /// passed over), each file with its size; an unreadable or missing folder gives nothing.
    @Test func theWalkFindsWhatIsThereToItsDepth() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-walk-\(UUID())")
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-walk-\(UUID())")
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let files = [
            "top.jsonl": 1, "a/one.jsonl": 2, "a/b/two.jsonl": 3, "a/b/c/three.jsonl": 4, ".hidden/h.jsonl": 5,
            "a/.dot.jsonl": 6,
        ]
        for (relative, size) in files {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(repeating: 0x41, count: size).write(to: url)
        }
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: 7).write(to: elsewhere.appendingPathComponent("linked.jsonl"))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("a/file-link.jsonl").path,
            withDestinationPath: elsewhere.appendingPathComponent("linked.jsonl").path)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("folder-link").path, withDestinationPath: elsewhere.path)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("gone.jsonl").path, withDestinationPath: "/nonexistent/teletype")
        func walk(depth: Int, hidden: Bool = false, accepts: @escaping (RelativePath) -> Bool = { _ in true })
            -> [String: Int]
        {
            var found: [String: Int] = [:]
            for file in SessionLocator.files(in: root.path, depth: depth, includesHidden: hidden, accepts: accepts) {
                #expect(file.path.hasPrefix(root.path + "/"))
                found[String(file.path.dropFirst(root.path.count + 1))] = file.size
            }
            return found
        }
        #expect(walk(depth: 0) == ["top.jsonl": 1])
        #expect(
            walk(depth: 1) == ["top.jsonl": 1, "a/one.jsonl": 2, "a/file-link.jsonl": 7, "folder-link/linked.jsonl": 7])
        #expect(
            walk(depth: 3) == [
                "top.jsonl": 1, "a/one.jsonl": 2, "a/b/two.jsonl": 3, "a/b/c/three.jsonl": 4, "a/file-link.jsonl": 7,
                "folder-link/linked.jsonl": 7,
            ])
        #expect(walk(depth: 1, hidden: true)[".hidden/h.jsonl"] == 5)
        #expect(walk(depth: 1, hidden: true)["a/.dot.jsonl"] == 6)
        #expect(
            walk(depth: 3) { $0.contains("/b/") || $0.text == "top.jsonl" } == [
                "top.jsonl": 1, "a/b/two.jsonl": 3, "a/b/c/three.jsonl": 4,
            ])
        #expect(SessionLocator.files(in: root.appendingPathComponent("missing").path, depth: 3).isEmpty)
        #expect(SessionLocator.files(in: root.appendingPathComponent("top.jsonl").path, depth: 3).isEmpty)
    }

    /// A folder whose time and inode are what they were when it was read is not read again: the
    /// walk with kept listings finds what the walk without finds, a file added or a folder removed
    /// is found (its folder's time changed), and a folder changed two seconds or less before the
    /// look began is not kept at all.
    @Test func anUnchangedFolderIsNotReadAgain() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-kept-\(UUID())")
        let cache = root.appendingPathComponent("cache")
        let tree = root.appendingPathComponent("tree")
        defer { try? FileManager.default.removeItem(at: root) }
        for relative in ["s1/events.jsonl", "s2/events.jsonl", "s2/sub/x.jsonl", "s3/.h/y.jsonl", "top.jsonl"] {
            let url = tree.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(relative.utf8).write(to: url)
        }
        let environment = ["TELETYPE_CACHE_DIR": cache.path]
        let hourAgo = Date().addingTimeInterval(-3600)
        func age(_ relative: String) throws {
            try FileManager.default.setAttributes(
                [.modificationDate: hourAgo], ofItemAtPath: tree.appendingPathComponent(relative).path)
        }
        func walk(kept: Bool) -> [String: Int] {
            let listings = kept ? FolderListings(environment: environment) : nil
            defer { listings?.save() }
            var found: [String: Int] = [:]
            for file in SessionLocator.files(in: tree.path, depth: 3, includesHidden: true, listings: listings) {
                found[String(file.path.dropFirst(tree.path.count + 1))] = file.size
            }
            return found
        }
        // Changed just now: nothing is kept.
        #expect(walk(kept: true) == walk(kept: false))
        let none = (try? Data(contentsOf: cache.appendingPathComponent("folders.bin"))).flatMap {
            FolderListings.decode(Array($0))
        }
        #expect(none?.isEmpty ?? true)
        for folder in ["", "s1", "s2", "s2/sub", "s3", "s3/.h"] { try age(folder) }
        #expect(walk(kept: true) == walk(kept: false))
        let listed = FolderListings.decode(Array(try Data(contentsOf: cache.appendingPathComponent("folders.bin"))))
        #expect(listed?.count == 6, "\(listed?.keys.sorted() ?? [])")
        let permissions =
            try FileManager.default.attributesOfItem(
                atPath: cache.appendingPathComponent("folders.bin").path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(walk(kept: true) == walk(kept: false) && walk(kept: false).count == 5)
        // A file added with its folder's time put back is not seen: the kept listing is what is read.
        try Data("new".utf8).write(to: tree.appendingPathComponent("s1/forged.jsonl"))
        try age("s1")
        #expect(walk(kept: true)["s1/forged.jsonl"] == nil && walk(kept: false)["s1/forged.jsonl"] == 3)
        // Added as an agent adds it, it is.
        try Data("four".utf8).write(to: tree.appendingPathComponent("s2/sub/new.jsonl"))
        #expect(walk(kept: true)["s2/sub/new.jsonl"] == 4)
        // A file that grew is seen as it is now (its folder unchanged).
        try Data("s2/events.jsonl and more".utf8).write(to: tree.appendingPathComponent("s2/events.jsonl"))
        try age("s2")
        #expect(walk(kept: true)["s2/events.jsonl"] == 24)
        // A folder removed leaves, and its listing with it.
        try FileManager.default.removeItem(at: tree.appendingPathComponent("s3"))
        #expect(walk(kept: true)["s3/.h/y.jsonl"] == nil)
        let after = FolderListings.decode(Array(try Data(contentsOf: cache.appendingPathComponent("folders.bin"))))
        #expect(after?.keys.contains { $0.hasSuffix("/s3") } == false, "\(after?.keys.sorted() ?? [])")
    }
}
