/// The link reference definitions of the text committed so far, first definition of a label first,
/// as cmark-gfm read them. A piece of text parsed on its own gets the ones it may use written
/// before it (``carrier(for:)``), so that its references resolve as they do in the whole document.
struct ReferenceDefinitions: Sendable {
    /// A definition as cmark-gfm read it: its label as written, its destination and its title.
    struct Definition: Sendable, Equatable {
        var label: [UInt8]
        var destination: String
        var title: String
    }

    private var table: [ReferenceLabel: Definition] = [:]
    /// The labels defined, by their keys (``LabelSpans/key(of:)``): a label is looked up by its key,
    /// found without normalizing it. Labels that share a key are all kept.
    private var labelsByKey: [UInt64: [ReferenceLabel]] = [:]

    /// Whether `label` is defined.
    func defines(_ label: ReferenceLabel) -> Bool { table[label] != nil }

    /// The number of labels defined.
    var count: Int { table.count }

    /// Records definitions found later in the document; a label defined already keeps its first
    /// definition. Returns the labels that were new.
    mutating func add(_ definitions: [Definition]) -> [ReferenceLabel] {
        var added: [ReferenceLabel] = []
        for definition in definitions {
            let label = ReferenceLabel(definition.label[...])
            guard table[label] == nil else { continue }
            table[label] = definition
            labelsByKey[LabelSpans.key(of: definition.label), default: []].append(label)
            added.append(label)
        }
        return added
    }

    /// The defined labels that `bytes` may name: those of its `[…]` spans (as
    /// ``LabelSpans/forEachLabel(in:_:)`` finds them) whose keys are those of defined labels. Labels
    /// that share a key only carry a definition more to a piece, which it does not use.
    func labelsUsed(in bytes: UnsafeRawBufferPointer) -> Set<ReferenceLabel> {
        guard !labelsByKey.isEmpty else { return [] }
        var keys = Set<UInt64>()
        LabelSpans.forEachLabel(in: bytes) { _, _, key in
            if labelsByKey[key] != nil { keys.insert(key) }
        }
        return Set(keys.flatMap { labelsByKey[$0] ?? [] })
    }

    /// Markdown that defines, exactly as the document does, those of `labels` that are defined: one
    /// definition a line, then a blank line; and how many lines it takes. Empty when none is.
    func carrier(for labels: Set<ReferenceLabel>) -> (bytes: [UInt8], lines: Int) {
        guard !table.isEmpty else { return ([], 0) }
        var out: [UInt8] = []
        // In a fixed order, so that the same text always parses from the same bytes.
        for definition in labels.compactMap({ table[$0] }).sorted(by: { $0.label.lexicographicallyPrecedes($1.label) })
        {
            out.append(UInt8(ascii: "["))
            for byte in definition.label { out.append(byte == 0x0A || byte == 0x0D ? 0x20 : byte) }
            out += Array("]: <".utf8)
            Self.appendEscaped(definition.destination, to: &out)
            out.append(UInt8(ascii: ">"))
            if !definition.title.isEmpty {
                out += Array(" \"".utf8)
                Self.appendEscaped(definition.title, to: &out)
                out.append(UInt8(ascii: "\""))
            }
            out.append(0x0A)
        }
        guard !out.isEmpty else { return ([], 0) }
        out.append(0x0A)
        return (out, out.withUnsafeBytes { ByteScan.lineEndings(in: $0) })
    }

    /// `text` with every ASCII punctuation character backslash-escaped: cmark-gfm reads it back as
    /// `text`, entities and all, and no line of it can start a block.
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            if (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
                || (0x7B...0x7E).contains(byte)
            {
                out.append(UInt8(ascii: "\\"))
            }
            out.append(byte)
        }
    }

    /// The link reference definitions `source` (a run of whole top-level blocks) makes, as
    /// cmark-gfm reads them: each candidate label is looked up by a reference to it placed after
    /// the text. `nil` when the text does not end where a reference could follow (the probes were
    /// swallowed by an open block), so the caller cannot know.
    ///
    /// Text of plain definition lines only is read without a parse (see ``PlainDefinitions``).
    static func probe(_ source: ArraySlice<UInt8>, options: MarkdownParseOptions, bytesParsed: inout Int)
        -> [Definition]?
    {
        if let plain = PlainDefinitions.read(source) { return plain }
        return probeByParsing(source, options: options, bytesParsed: &bytesParsed)
    }

    /// ``probe(_:options:bytesParsed:)`` by a cmark-gfm parse, whatever the text.
    static func probeByParsing(_ source: ArraySlice<UInt8>, options: MarkdownParseOptions, bytesParsed: inout Int)
        -> [Definition]?
    {
        let labels = LabelScanner.definitionLabels(in: source)
        guard !labels.isEmpty else { return [] }
        var text = Array(source)
        if text.last != 0x0A { text.append(0x0A) }
        text.append(0x0A)
        let firstProbeLine = text.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        for label in labels {
            text.append(UInt8(ascii: "["))
            text += label
            text += Array("]\n\n".utf8)
        }
        var parser = MarkdownParser(options: options)
        parser.maximumPieces = 1
        bytesParsed += text.count
        let blocks = text.withUnsafeBytes { parser.parse(utf8: $0) }.blocks.filter { !$0.isFootnoteDefinition }
        guard blocks.count >= labels.count else { return nil }
        var definitions: [Definition] = []
        var line = firstProbeLine
        for (offset, block) in blocks.suffix(labels.count).enumerated() {
            guard case .paragraph(let paragraph) = block, paragraph.sourceRange.start.line == line else { return nil }
            line += labels[labels.startIndex + offset].reduce(2) { $0 + ($1 == 0x0A ? 1 : 0) }
            if paragraph.inlines.count == 1, case .link(let link) = paragraph.inlines[0] {
                definitions.append(
                    Definition(
                        label: Array(labels[labels.startIndex + offset]), destination: link.destination,
                        title: link.title))
            }
        }
        return definitions
    }
}
