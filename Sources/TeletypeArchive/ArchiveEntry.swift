import TeletypeHTML
import TeletypeSessions
import TeletypeTranscripts

/// A page of an archive: the transcript it was made from, the fingerprint of that transcript's
/// bytes and the options, and what the index shows of it.
public struct ArchiveEntry: Sendable, Equatable, Codable {
    /// The transcript, as it was found.
    public var source: String
    /// The page, relative to the archive's folder.
    public var page: String
    /// The input's bytes and the options the page was made with (see ``ArchiveFingerprint``).
    public var fingerprint: String
    /// What the index says of the conversation.
    public var summary: ConversationOverview

    /// An entry.
    public init(source: String, page: String, fingerprint: String, summary: ConversationOverview) {
        self.source = source
        self.page = page
        self.fingerprint = fingerprint
        self.summary = summary
    }

    /// The index's row.
    var row: ArchiveIndexPage.Row {
        // An untitled conversation shows its transcript's path below the archive's folder.
        let name = page.hasPrefix("pages/") && page.hasSuffix(".html") ? String(page.dropFirst(6).dropLast(5)) : page
        var row = ArchiveIndexPage.Row(
            title: summary.title.isEmpty ? name : summary.title, page: page, firstMessageAt: summary.firstMessageAt,
            lastMessageAt: summary.lastMessageAt, messageCount: summary.messageCount, models: summary.models,
            tools: summary.tools)
        row.agent = summary.agent.flatMap { SessionAgent(rawValue: $0)?.displayName ?? $0 }
        row.project = summary.project
        if let pages = summary.pages {
            row.pageCount = pages
            row.firstPage = PageFiles.path(of: 1, destination: page)
        }
        return row
    }
}

/// A transcript an archive could not export, and why: `FILE:LINE:COL: what is wrong` for a
/// malformed one, `cannot read 'FILE': …` or `cannot write 'PAGE': …` otherwise.
public struct ArchiveFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The transcript.
    public var source: String
    /// The page it would have become.
    public var page: String
    /// What went wrong, naming the file (and the line and column, when the transcript is malformed).
    public var message: String
    /// Whether the transcript itself is malformed (rather than unreadable or unwritable).
    public var isMalformed: Bool

    /// A failure.
    public init(source: String, page: String, message: String, isMalformed: Bool) {
        self.source = source
        self.page = page
        self.message = message
        self.isMalformed = isMalformed
    }

    init(input: ArchiveInput, error: any Error) {
        switch error {
        case let error as TranscriptError:
            self.init(source: input.path, page: input.page, message: error.description, isMalformed: true)
        case let error as NoMessagesError:
            self.init(source: input.path, page: input.page, message: error.description, isMalformed: false)
        case let error as FileWriteError:
            self.init(source: input.path, page: input.page, message: error.message, isMalformed: false)
        case let error as ArchiveFingerprint.ReadError:
            self.init(source: input.path, page: input.page, message: error.message, isMalformed: false)
        case is TranscriptStream.CocoaFileError:
            self.init(
                source: input.path, page: input.page, message: "cannot read '\(input.path)'", isMalformed: false)
        default:
            self.init(source: input.path, page: input.page, message: "\(input.path): \(error)", isMalformed: false)
        }
    }

    /// What failed, naming the file.
    public var description: String { message }
}
