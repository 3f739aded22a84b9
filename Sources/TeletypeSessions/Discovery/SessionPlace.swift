import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A folder where an agent keeps its sessions, and which files in it are sessions.
struct SessionPlace: Sendable {
    /// The folder.
    var folder: String
    /// How many folders down its sessions are found (0: in the folder itself).
    var depth: Int
    /// Whether a file (its path below the folder) is a session.
    var isSession: @Sendable (RelativePath) -> Bool
    /// Whether hidden folders are looked in (Antigravity keeps its logs in `.system_generated`).
    var includesHidden: Bool

    init(
        _ folder: String, depth: Int, includesHidden: Bool = false,
        isSession: @escaping @Sendable (RelativePath) -> Bool
    ) {
        self.folder = folder
        self.depth = depth
        self.includesHidden = includesHidden
        self.isSession = isSession
    }

    /// The files named `name` (or ending in `suffix`) at any depth up to `depth`.
    static func files(
        _ folder: String, depth: Int, named name: String? = nil, suffix: String? = nil,
        excluding excluded: @escaping @Sendable (RelativePath) -> Bool = { _ in false }
    ) -> SessionPlace {
        SessionPlace(folder, depth: depth) { path in
            if let name, path.last != name { return false }
            if let suffix, !path.hasSuffix(suffix) { return false }
            return !excluded(path)
        }
    }
}

/// The folders agents keep their sessions in, from the environment: the home folder, the
/// configuration and data folders of Linux (XDG), macOS and Windows, and the user folders of VS
/// Code and the editors built on it (Code, Code - Insiders, VSCodium, Cursor, Windsurf), on each.
struct SessionHome: Sendable {
    /// The home folder.
    var home: String
    /// The environment the folders are read from.
    var environment: [String: String]
    /// The working folder (aider and SpecStory keep their histories in the project).
    var workingFolder: String

    init(environment: [String: String], workingFolder: String = FileManager.default.currentDirectoryPath) {
        self.environment = environment
        home = environment["HOME"] ?? environment["USERPROFILE"] ?? "/"
        self.workingFolder = workingFolder
    }

    /// `~/…`.
    func inHome(_ path: String) -> String { home + "/" + path }

    /// The configuration folders apps write under: `$XDG_CONFIG_HOME` (or `~/.config`), macOS's
    /// `~/Library/Application Support`, Windows's `%APPDATA%`.
    var configurationFolders: [String] {
        var folders = [environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? inHome(".config")]
        folders.append(inHome("Library/Application Support"))
        if let appData = environment["APPDATA"], !appData.isEmpty { folders.append(appData) }
        return folders
    }

    /// The data folders: `$XDG_DATA_HOME` (or `~/.local/share`), macOS's Application Support,
    /// Windows's `%LOCALAPPDATA%`.
    var dataFolders: [String] {
        var folders = [environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? inHome(".local/share")]
        folders.append(inHome("Library/Application Support"))
        if let local = environment["LOCALAPPDATA"], !local.isEmpty { folders.append(local) }
        return folders
    }

    /// The editors built on VS Code, by their folders' names.
    static let editors = ["Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf"]

    /// The `User` folders of `apps` (VS Code's family by default), under every configuration folder.
    func editorUserFolders(_ apps: [String] = editors) -> [String] {
        configurationFolders.flatMap { base in apps.map { base + "/" + $0 + "/User" } }
    }
}
