/// A fenced or indented code block; its text is kept exactly.
public struct CodeBlock: Sendable, Equatable {
    /// Whether the block was fenced (three backticks or `~~~`) rather than indented.
    public var isFenced: Bool
    /// The whole info string after the opening fence (empty when absent).
    public var info: String
    /// The code, each line ending in a newline.
    public var code: String
    /// Where the block was parsed from.
    public var sourceRange: SourceRange

    /// Creates a code block.
    public init(isFenced: Bool, info: String, code: String, sourceRange: SourceRange) {
        self.isFenced = isFenced
        self.info = info
        self.code = code
        self.sourceRange = sourceRange
    }

    /// The language named by the info string: its first word, or `nil`.
    public var language: String? {
        let word = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        return word?.isEmpty == false ? word : nil
    }
}
