/// The footnote definitions of a document parsed in pieces, put together as a whole parse gives
/// them: for each label referenced, the definition of the first piece that defines it, numbered in
/// the document's order, its references counted as ``TreeConverter`` counts them in a whole parse
/// (every reference of the body, then those inside the definitions, in number order).
enum PieceFootnoteAssembly {
    /// The footnotes one piece gave.
    struct Piece: Sendable {
        /// Its footnote definitions, in the order of its own numbers.
        var definitions: [Block]
        /// The label of each of its own numbers, and whether its definition is a stand-in.
        var labels: [ReferenceLabel]
        var isStandIn: [Bool]
        /// The labels of its `[^label]` texts that are no reference.
        var unresolved: [ReferenceLabel]
    }

    /// The document's definitions, in number order; nil when the pieces do not add up to what the
    /// whole would give (a label referenced and not defined, or defined and left as text).
    static func definitions(_ pieces: [Piece], tally: FootnoteTally) -> [Block]? {
        var kept = [(definition: FootnoteDefinition, piece: Int)?](repeating: nil, count: tally.numbers.count)
        for (index, piece) in pieces.enumerated() {
            if piece.unresolved.contains(where: { tally.definingPiece[$0] != nil }) { return nil }
            guard piece.definitions.count == piece.labels.count else { return nil }
            for (local, block) in piece.definitions.enumerated() {
                guard case .footnoteDefinition(let definition) = block else { return nil }
                let label = piece.labels[local]
                guard !piece.isStandIn[local], tally.definingPiece[label] == index, let number = tally.numbers[label]
                else { continue }
                kept[number - 1] = (definition, index)
            }
        }
        // The references of the body first, then those of each definition in number order.
        var counts: [Int: Int] = [:]
        for (label, count) in tally.counts {
            guard let number = tally.numbers[label] else { return nil }
            counts[number] = count
        }
        var definitions: [Block] = []
        definitions.reserveCapacity(kept.count)
        for (offset, entry) in kept.enumerated() {
            guard let entry else { return nil }
            var definition = entry.definition
            var failed = false
            definition.children = definition.children.map { block in
                numbering(block) { local in
                    let labels = pieces[entry.piece].labels
                    guard labels.indices.contains(local - 1), let number = tally.numbers[labels[local - 1]] else {
                        failed = true
                        return FootnoteReference(index: 0, occurrence: 0)
                    }
                    let occurrence = (counts[number] ?? 0) + 1
                    counts[number] = occurrence
                    return FootnoteReference(index: number, occurrence: occurrence)
                }
            }
            if failed { return nil }
            definition.index = offset + 1
            definition.referenceCount = counts[offset + 1] ?? 0
            definitions.append(.footnoteDefinition(definition))
        }
        return definitions
    }

    /// `block` with each reference of a piece's own number (negated, see ``TreeConverter``) made
    /// the document's by `reference`, in the order of the text.
    private static func numbering(_ block: Block, _ reference: (Int) -> FootnoteReference) -> Block {
        switch block {
        case .paragraph(var node):
            node.inlines = numbering(node.inlines, reference)
            return .paragraph(node)
        case .heading(var node):
            node.inlines = numbering(node.inlines, reference)
            return .heading(node)
        case .blockQuote(var node):
            node.children = node.children.map { numbering($0, reference) }
            return .blockQuote(node)
        case .list(var node):
            for item in node.items.indices {
                node.items[item].children = node.items[item].children.map { numbering($0, reference) }
            }
            return .list(node)
        case .table(var node):
            for cell in node.header.cells.indices {
                node.header.cells[cell].inlines = numbering(node.header.cells[cell].inlines, reference)
            }
            for row in node.rows.indices {
                for cell in node.rows[row].cells.indices {
                    node.rows[row].cells[cell].inlines = numbering(node.rows[row].cells[cell].inlines, reference)
                }
            }
            return .table(node)
        case .footnoteDefinition(var node):
            node.children = node.children.map { numbering($0, reference) }
            return .footnoteDefinition(node)
        case .codeBlock, .htmlBlock, .thematicBreak:
            return block
        }
    }

    private static func numbering(_ inlines: [Inline], _ reference: (Int) -> FootnoteReference) -> [Inline] {
        inlines.map { inline in
            switch inline {
            case .footnoteReference(let node) where node.index < 0:
                return .footnoteReference(reference(-node.index))
            case .emphasis(let children): return .emphasis(numbering(children, reference))
            case .strong(let children): return .strong(numbering(children, reference))
            case .strikethrough(let children): return .strikethrough(numbering(children, reference))
            case .link(var node):
                node.children = numbering(node.children, reference)
                return .link(node)
            case .image(var node):
                node.children = numbering(node.children, reference)
                return .image(node)
            default: return inline
            }
        }
    }
}
