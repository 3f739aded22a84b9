#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a conversation too long to scroll comfortably is cut into pages, each ending before a
/// prompt.
public enum ConversationPaging: Sendable, Equatable {
    /// One page, however long.
    case single
    /// Pages of this many prompts.
    case prompts(Int)
    /// One page for a conversation a reader scrolls comfortably; past 50 prompts or 2 MB of page,
    /// pages of 50 prompts (fewer where a page would pass 2 MB).
    case automatic

    /// The prompts of a page of `.automatic`.
    public static let automaticPrompts = 50
    /// The size past which `.automatic` starts a page at the next prompt.
    public static let automaticBytes = 2 << 20

    /// Whether a page holding `prompts` prompts and `bytes` bytes ends before the next prompt.
    func ends(prompts: Int, bytes: Int) -> Bool {
        guard prompts > 0 else { return false }
        switch self {
        case .single: return false
        case .prompts(let size): return prompts >= max(size, 1)
        case .automatic: return prompts >= Self.automaticPrompts || bytes >= Self.automaticBytes
        }
    }

    /// What makes pages cut this way differ from others (an archive's pages are written again
    /// when it changes).
    var key: String {
        switch self {
        case .single: "single"
        case .prompts(let size): "prompts \(size)"
        case .automatic: "automatic"
        }
    }
}

/// The files of a conversation's pages, written one after another and moved into place together
/// once all are written, so that a failure leaves none. One page is written to its destination
/// (`out.html`); pages are written beside it (`out-1.html`, `out-2.html`, …) and the destination
/// becomes the list of their prompts. Pages of an earlier export that this one no longer makes are
/// removed (only pages Teletype wrote).
package final class PageFiles {
    private var files: [AtomicFile]
    /// The bytes written to the page being written.
    private(set) var bytesOnPage = 0
    /// Where each page goes when finished, if it does not wait until it is on its disk
    /// (``AtomicFile/writeBehind``).
    private let writeBehind: WriteBehind?

    /// The page files of a conversation to be written to `path`.
    init(path: String, writeBehind: WriteBehind? = nil) throws {
        self.writeBehind = writeBehind
        files = [try Self.file(path, writeBehind: writeBehind)]
    }

    private static func file(_ path: String, tag: String? = nil, writeBehind: WriteBehind?) throws -> AtomicFile {
        let file = try AtomicFile(path: path, tag: tag)
        file.writeBehind = writeBehind
        return file
    }

    /// The destination: the one page, or the list of prompts.
    var destination: String { files[0].destination }
    /// Whether the conversation can be cut into pages (not when written to a device or a pipe).
    var canPage: Bool { files[0].replacesDestination }
    /// The number of the page being written, from 1.
    var pageNumber: Int { files.count }

    /// Writes `text` to the page being written.
    func write(_ text: String) throws {
        bytesOnPage += text.utf8.count
        try files[files.count - 1].write(text)
    }

    /// Writes `bytes` (UTF-8) to the page being written.
    func write(bytes: [UInt8]) throws {
        bytesOnPage += bytes.count
        try files[files.count - 1].write(bytes: bytes)
    }

    /// Ends the page being written and starts the next.
    func startNextPage() throws {
        try files[files.count - 1].finish()
        files.append(
            try Self.file(Self.path(of: files.count + 1, destination: destination), writeBehind: writeBehind))
        bytesOnPage = 0
    }

    /// The file name of page `number` beside `destination`: `out-2.html` beside `out.html`.
    package static func name(of number: Int, destination: String) -> String {
        // The file's name: what follows the last slash (looked for by byte: a path is long).
        let utf8 = destination.utf8
        let file = Substring(
            utf8[(utf8.lastIndex(of: UInt8(ascii: "/")).map(utf8.index(after:)) ?? utf8.startIndex)...])
        let stem = file.lowercased().hasSuffix(".html") ? file.dropLast(5) : file
        return "\(stem)-\(number).html"
    }

    /// The path of page `number` beside `destination`.
    static func path(of number: Int, destination: String) -> String {
        let folder = destination.lastIndex(of: "/").map { String(destination[...$0]) } ?? ""
        return folder + name(of: number, destination: destination)
    }

    /// Moves every page into place: one page to the destination, `notice` put under its heading
    /// (what was redacted, known once it is written); several beside it, with `index` (the list of
    /// prompts) written to the destination.
    func commit(index: [UInt8]?, notice: String? = nil) throws {
        do {
            try files[files.count - 1].finish()
            if files.count == 1 {
                if let notice { _ = try files[0].insert(notice, after: "</h1>\n") }
                try files[0].moveIntoPlace()
            } else {
                let list = try Self.file(destination, tag: "prompts", writeBehind: writeBehind)
                do {
                    try list.write(bytes: index ?? [])
                    try list.finish()
                } catch {
                    list.discard()
                    throw error
                }
                for (offset, file) in files.enumerated() {
                    try file.moveIntoPlace(as: Self.path(of: offset + 1, destination: destination))
                }
                try list.moveIntoPlace()
            }
        } catch {
            discard()
            throw error
        }
        removeStalePages(after: files.count == 1 ? 0 : files.count)
    }

    /// Removes every page not yet moved into place.
    func discard() {
        for file in files { file.discard() }
    }

    /// Removes the pages past `count` that an earlier export of the same destination wrote.
    private func removeStalePages(after count: Int) {
        Self.removePages(of: destination, after: count)
    }

    /// Removes the pages beside `destination` (past the first `count`) that Teletype wrote.
    package static func removePages(of destination: String, after count: Int = 0) {
        var number = count + 1
        while true {
            let path = Self.path(of: number, destination: destination)
            guard isTeletypePage(path) else { return }
            unlink(path)
            number += 1
        }
    }

    /// Whether the file at `path` is a page Teletype wrote (its head names Teletype as its
    /// generator).
    static func isTeletypePage(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 2048)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        return String(decoding: head[..<count], as: UTF8.self).contains(
            "<meta name=\"generator\" content=\"Teletype\">")
    }
}
