import Teletype
import TeletypeANSI
import TeletypeArchive
import TeletypeLayout
import TeletypeSessions
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// Set by SIGINT, SIGTERM and SIGHUP while following: the loop draws its last frame and ends.
nonisolated(unsafe) private var followStopped: sig_atomic_t = 0

/// `teletype render --follow`: a session as it stands, then what the agent adds to it, until
/// Ctrl-C. The file is read again whenever it changes (grows, or is replaced: its identity or size
/// changed); a last line the agent is still writing is left for the next read, and a document caught
/// half written keeps the last good reading. In a terminal the view is the live conversation view
/// (settled turns to the scrollback, the open one redrawn); into a pipe, each turn is written once
/// it is settled, and the rest at the end.
enum SessionFollow {
    /// How often the file is looked at, in seconds.
    static let interval = 0.2

    static func run(
        path: String, format: TranscriptFormat?, renderer: ConversationTerminalRenderer, state: ConversationViewState,
        live: Bool
    ) -> Int32 {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Glibc.signal(signal) { _ in followStopped = 1 }
        }
        Signals.unblock([SIGINT, SIGTERM, SIGHUP])
        var view = live ? LiveConversationView(renderer: renderer, height: Console.terminalHeight ?? 24) : nil
        let layout = ConversationLayout(appearance: renderer.appearance, ui: .standard)
        var reading: (messages: [Message], info: SessionInfo?) = ([], nil)
        var seen: FileIdentity?
        var noticed = Set<String>()
        var written = 0
        var nextRead = 0.0
        while true {
            let stopping = followStopped != 0
            let identity = FileIdentity(path)
            if identity != seen, let identity, Clock.seconds() >= nextRead {
                let started = Clock.seconds()
                if let data = FileManager.default.contents(atPath: path),
                    let transcript = try? ConversationReader(format: format).read(data, file: path)
                {
                    reading = (transcript.messages, transcript.info.map(stableHeader))
                    seen = identity
                    for notice in transcript.notices
                    where !notice.contains("cut short") && noticed.insert(notice).inserted {
                        Console.error("teletype: " + notice + "\n")
                    }
                }
                // A big file is read less often: never more than half the time goes to reading.
                nextRead = Clock.seconds() + (Clock.seconds() - started)
            }
            if var drawing = view {
                drawing.header = reading.info.map { SessionHeader.row($0) }
                drawing.draw(reading.messages, state: state, final: stopping)
                view = drawing
            } else {
                // Into a pipe: the rows before the latest question are settled; they are written once.
                var rows = layout.rows(for: reading.messages, state: state)
                if let info = reading.info { rows.insert(SessionHeader.row(info), at: 0) }
                let settled = stopping ? rows.count : (rows.lastIndex { $0.startsTurn } ?? 0)
                if settled > written {
                    let text = renderer.render(Array(rows[written..<settled]))
                    Console.output((written > 0 ? "\n" : "") + text)
                    written = settled
                }
            }
            if stopping { break }
            usleep(useconds_t(interval * 1_000_000))
        }
        view?.end()
        return 0
    }
}

extension SessionFollow {
    /// What the header of a session still being written says: what its start settles (the agent,
    /// the folder, the branch, when it began), not what grows as it goes (the models, the last time,
    /// the tokens), so that a header already in the scrollback stays true.
    static func stableHeader(_ info: SessionInfo) -> SessionInfo {
        var stable = info
        stable.ended = nil
        stable.models = []
        stable.inputTokens = 0
        stable.outputTokens = 0
        stable.cacheReadTokens = 0
        stable.cacheWriteTokens = 0
        return stable
    }
}

/// What tells a file's versions apart: its inode, size and time of last change.
struct FileIdentity: Equatable {
    var inode: UInt64
    var size: Int64
    var modified: Int
    var modifiedNanoseconds: Int

    init?(_ path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    }
}
