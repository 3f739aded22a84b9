import Teletype

/// Teletype's transcript format: each message carries every field of the model, with parts and UI
/// documents in the Stream Chat payload shapes. See `Schemas/teletype-transcript.schema.json`.
public enum TeletypeTranscript {
    /// Reads one message.
    static func message(_ value: JSONValue, at path: [JSONParser.PathComponent], position: Int)
        throws(TranscriptProblem)
        -> Message
    {
        do throws(Message.DecodingFailure) {
            return try Message(transcriptJSON: value, position: position)
        } catch {
            throw TranscriptProblem(error.message, at: path)
        }
    }

    /// A message as a transcript JSON object.
    public static func json(_ message: some AIMessage) -> JSONValue {
        Message.transcriptJSON(of: message)
    }
}
