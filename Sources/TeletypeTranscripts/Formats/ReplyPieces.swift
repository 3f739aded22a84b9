import Teletype

/// A reply's text and steps in the order the agent produced them, as every reader collects them: text
/// pieces and parts appended as they come, then written into the message as its text, parts and
/// ``AITextRun``s. Text that comes only after every step needs no runs (the default layout already
/// puts it last).
package struct ReplyPieces {
    package private(set) var parts: [AIMessagePart] = []
    private var texts: [(afterParts: Int, text: String)] = []

    /// No pieces yet.
    package init() {}

    /// The pieces of a message already written, to go on adding to it.
    package init(_ message: Message) {
        parts = message.parts
        if let pieces = AITextRun.pieces(of: message.text, runs: message.textRuns) {
            texts = pieces.map { ($0.afterParts, String($0.text)) }
        } else if !message.text.isEmpty {
            texts = [(parts.count, message.text)]
        }
    }

    /// Adds a piece of text after the parts so far; text right after text joins it, as a new
    /// paragraph unless `joining` says otherwise (streamed fragments join with nothing between).
    package mutating func addText(_ text: String, joining: String = AITextRun.separator) {
        guard !text.isEmpty else { return }
        if let last = texts.last, last.afterParts == parts.count {
            texts[texts.count - 1].text += joining + text
        } else {
            texts.append((parts.count, text))
        }
    }

    /// Adds a step; returns its index among the parts.
    @discardableResult
    package mutating func addPart(_ part: AIMessagePart) -> Int {
        parts.append(part)
        return parts.count - 1
    }

    /// Replaces the step at `index`.
    package mutating func replacePart(at index: Int, with part: AIMessagePart) {
        parts[index] = part
    }

    /// Whether any text was added.
    package var hasText: Bool { !texts.isEmpty }

    /// Writes the text, the parts and (where text comes before a step) the runs into `message`.
    package func write(into message: inout Message) {
        message.parts = parts
        let (text, runs) = AITextRun.joined(texts)
        message.text = text
        message.textRuns = texts.allSatisfy({ $0.afterParts == parts.count }) ? [] : runs
    }
}
