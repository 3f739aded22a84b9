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

    /// Where and what: `FILE:LINE:COLUMN: message`, or `FILE: message` for what is wrong with the
    /// file as a whole (line 0: a database, a folder).
    public var description: String { line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)" }
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

    /// The problem of a document with no message of any format in it: the reader, which has the
    /// file's bytes, says what the file looks like instead (``FileShape``).
    static let notAConversation = TranscriptProblem("not a conversation", at: [])

    /// Whether this is ``notAConversation``.
    var isNotAConversation: Bool { path.isEmpty && message == Self.notAConversation.message }
}

/// A file read as some format that holds no message at all: said, never drawn as an empty
/// conversation. `render` warns with its ``description``; `export` writes no page.
public struct NoMessagesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as the warning names it.
    public var file: String
    /// The format it was read as.
    public var format: TranscriptFormat

    /// The error for `file`, read as `format`.
    public init(file: String, format: TranscriptFormat) {
        self.file = file
        self.format = format
    }

    /// `FILE: read as FORMAT, it holds no message …`.
    public var description: String {
        "\(file): read as \(format.displayName), it holds no message (if it is another format, --from names it)"
    }
}
