import Teletype

/// Why a transcript could not be read, and where: `FILE:LINE:COLUMN: what is wrong`.
public struct TranscriptError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// A problem in a transcript's structure, at a path in its JSON; the reader turns the path into a line
/// and column.
public struct TranscriptProblem: Error, Sendable {
    public var path: [JSONParser.PathComponent]
    public var message: String

    public init(_ message: String, at path: [JSONParser.PathComponent]) {
        self.path = path
        self.message = message
    }
}
