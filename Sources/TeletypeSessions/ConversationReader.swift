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
        if let agent = format?.sessionAgent ?? (format == nil ? SessionFormats.detect(bytes, name: file) : nil) {
            return try SessionFormats.readWhole(bytes, agent: agent, name: file)
        }
        if let app = format?.chatExportApp ?? (format == nil ? ChatExport.detect(bytes) : nil) {
            return try Self.onlyConversation(of: try ChatExport(bytes: bytes, name: file, app: app))
        }
        return try TranscriptReader(format: format).read(bytes, file: file)
    }

    /// The one conversation of a chat export; an export of many is an error that says how to
    /// choose one.
    public static func onlyConversation(of export: ChatExport) throws(TranscriptError) -> Transcript {
        guard export.conversations.count == 1 else {
            throw TranscriptError(
                file: export.name, line: 1, column: 1,
                message: "a \(export.app.displayName) export of \(export.conversations.count) conversations: "
                    + "choose one (teletype render FILE --conversation N|ID|TITLE), or export them all "
                    + "(teletype export FILE -o FOLDER)")
        }
        return try export.read(export.conversations[0])
    }
}
