import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads any conversation file whole: an agent's session log, a chat app's export of one
/// conversation, or a provider's transcript (handed to `TranscriptReader`), its format told by its
/// shape unless given.
public struct ConversationReader: Sendable {
    /// The format to read, or `nil` to detect it.
    public var format: TranscriptFormat?

    /// A reader of `format` (nil: detected from each file).
    public init(format: TranscriptFormat? = nil) {
        self.format = format
    }

    /// Reads a whole conversation.
    public func read(_ data: Data, file: String) throws(TranscriptError) -> Transcript {
        let result: Result<Transcript, TranscriptError> = data.withUnsafeBytes { bytes in
            do throws(TranscriptError) {
                return .success(try read(bytes, file: file))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads a whole conversation from its bytes.
    public func read(_ bytes: UnsafeRawBufferPointer, file: String) throws(TranscriptError) -> Transcript {
        if format == nil, let store = ConversationCollections.store(containing: file) {
            throw ConversationCollections.storeFileError(file, store: store)
        }
        if let agent = format?.sessionAgent ?? (format == nil ? SessionFormats.detect(bytes, name: file) : nil) {
            return try SessionFormats.readWhole(bytes, agent: agent, name: file)
        }
        if let app = format?.chatExportApp ?? (format == nil ? ChatExport.detect(bytes) : nil) {
            return try Self.onlyConversation(of: try ChatExport(bytes: bytes, name: file, app: app))
        }
        if SQLiteDatabase.isDatabase(bytes) {
            // An agent's database is read from its file, where SQLite finds its log beside it.
            guard FileManager.default.fileExists(atPath: file),
                let collection = try ConversationCollections.open(file, name: file, format: format)
            else {
                throw TranscriptError(
                    file: file, line: 0, column: 0,
                    message: "a SQLite database: Teletype reads one from its file, not from standard input")
            }
            return try ConversationCollections.onlyConversation(of: collection)
        }
        return try TranscriptReader(format: format).read(bytes, file: file)
    }

    /// The one conversation of a chat export; an export of many is an error that says how to
    /// choose one.
    public static func onlyConversation(of export: ChatExport) throws(TranscriptError) -> Transcript {
        try ConversationCollections.onlyConversation(of: export)
    }
}
