import CCmarkSupport
import Teletype
import TeletypeTranscripts

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the session readers share: how a bad line is reported, how a line is searched.
enum SessionReading {
    /// The error for a line that is not JSON: `FILE:LINE:COLUMN: what is wrong`.
    static func error(in line: SessionSource.Line, name: String) -> TranscriptError {
        do throws(JSONParser.Failure) {
            _ = try JSONParser.parse(line.bytes)
            return TranscriptError(file: name, line: line.number, column: 1, message: "expected a JSON object")
        } catch {
            return TranscriptError(
                file: name, line: line.number + error.line - 1, column: error.column, message: error.message)
        }
    }

    /// The whole of a source's bytes, its lines joined again: for the formats that are one JSON
    /// document, which is read whole.
    static func bytes(of source: SessionSource) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try source.forEachLine { line in append(line, to: &bytes) }
        return bytes
    }

    /// Adds a line to the bytes of a document read whole, with its line break where the file has
    /// one: an error at the end of a file that ends without one is on its last line, not after it.
    static func append(_ line: SessionSource.Line, to bytes: inout [UInt8]) {
        bytes += line.bytes
        if line.isTerminated { bytes.append(0x0A) }
    }

    /// The JSON document a source holds, or the error naming where it goes wrong.
    static func document(of source: SessionSource, name: String) throws -> JSONValue {
        try document(try bytes(of: source), name: name)
    }

    /// A whole JSON document, or the error naming where it goes wrong.
    static func document(_ bytes: [UInt8], name: String) throws(TranscriptError) -> JSONValue {
        let result: Result<JSONValue, JSONParser.Failure> = bytes.withUnsafeBytes { raw in
            do throws(JSONParser.Failure) {
                return .success(try JSONParser.parse(raw))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error):
            throw TranscriptError(file: name, line: error.line, column: error.column, message: error.message)
        }
    }

    /// Whether `bytes` hold `needle`.
    static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: String) -> Bool {
        guard let base = bytes.baseAddress else { return needle.isEmpty }
        let pattern = Array(needle.utf8)
        return pattern.withUnsafeBytes { pattern in
            teletype_memmem(base, bytes.count, pattern.baseAddress, pattern.count) != nil
        }
    }

    /// The notice for a last line cut short.
    static func truncationNotice(name: String, line: Int) -> String {
        "\(name):\(line): the last line is cut short (the agent may still be writing it); it was skipped"
    }
}
