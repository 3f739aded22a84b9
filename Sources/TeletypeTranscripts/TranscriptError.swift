import Teletype

/// Why a transcript could not be read, and where: `FILE:LINE:COLUMN: what is wrong`.
public struct TranscriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as the error names it.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// An error at `line` and `column` of `file`.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// Where and what: `FILE:LINE:COLUMN: message`.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// A problem in a transcript's structure, at a path in its JSON; the reader turns the path into a line
/// and column.
public struct TranscriptProblem: Error, Sendable {
    /// Where in the document the problem is.
    public var path: [JSONParser.PathComponent]
    /// What is wrong.
    public var message: String

    /// A problem at `path`.
    public init(_ message: String, at path: [JSONParser.PathComponent]) {
        self.path = path
        self.message = message
    }
}
