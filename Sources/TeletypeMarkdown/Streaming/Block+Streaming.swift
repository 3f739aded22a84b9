extension Block {
    var isFootnoteDefinition: Bool {
        if case .footnoteDefinition = self { return true }
        return false
    }

    /// Whether some text in the block holds a bracket: what a later definition could turn into a
    /// link or a footnote reference.
    var hasBracketText: Bool {
        switch self {
        case .footnoteDefinition(let node): return node.children.contains(where: \.hasBracketText)
        case .htmlBlock, .codeBlock, .thematicBreak: return false
        case .paragraph(let node): return Inline.hasBracketText(node.inlines)
        case .heading(let node): return Inline.hasBracketText(node.inlines)
        case .blockQuote(let node): return node.children.contains(where: \.hasBracketText)
        case .list(let node): return node.items.contains { $0.children.contains(where: \.hasBracketText) }
        case .table(let node):
            return ([node.header] + node.rows).contains { $0.cells.contains { Inline.hasBracketText($0.inlines) } }
        }
    }

    /// Whether the block holds a footnote reference, or text that reads like one (`[^`).
    var hasFootnoteReference: Bool {
        switch self {
        case .footnoteDefinition: return true
        case .htmlBlock, .codeBlock, .thematicBreak: return false
        case .paragraph(let node): return Inline.hasFootnoteReference(node.inlines)
        case .heading(let node): return Inline.hasFootnoteReference(node.inlines)
        case .blockQuote(let node): return node.children.contains(where: \.hasFootnoteReference)
        case .list(let node): return node.items.contains { $0.children.contains(where: \.hasFootnoteReference) }
        case .table(let node):
            return ([node.header] + node.rows).contains {
                $0.cells.contains { Inline.hasFootnoteReference($0.inlines) }
            }
        }
    }

    /// The block with its source lines moved down by `lines` (up when negative).
    func shifted(byLines lines: Int) -> Block {
        guard lines != 0 else { return self }
        func move(_ range: SourceRange) -> SourceRange {
            SourceRange(
                start: SourcePosition(line: range.start.line + lines, column: range.start.column),
                end: SourcePosition(line: range.end.line + lines, column: range.end.column))
        }
        switch self {
        case .paragraph(var node):
            node.sourceRange = move(node.sourceRange)
            return .paragraph(node)
        case .heading(var node):
            node.sourceRange = move(node.sourceRange)
            return .heading(node)
        case .blockQuote(var node):
            node.sourceRange = move(node.sourceRange)
            node.children = node.children.map { $0.shifted(byLines: lines) }
            return .blockQuote(node)
        case .list(var node):
            node.sourceRange = move(node.sourceRange)
            node.items = node.items.map { item in
                var item = item
                item.sourceRange = move(item.sourceRange)
                item.children = item.children.map { $0.shifted(byLines: lines) }
                return item
            }
            return .list(node)
        case .codeBlock(var node):
            node.sourceRange = move(node.sourceRange)
            return .codeBlock(node)
        case .htmlBlock(var node):
            node.sourceRange = move(node.sourceRange)
            return .htmlBlock(node)
        case .thematicBreak(var node):
            node.sourceRange = move(node.sourceRange)
            return .thematicBreak(node)
        case .table(var node):
            node.sourceRange = move(node.sourceRange)
            return .table(node)
        case .footnoteDefinition(var node):
            node.sourceRange = move(node.sourceRange)
            node.children = node.children.map { $0.shifted(byLines: lines) }
            return .footnoteDefinition(node)
        }
    }

    /// The block with its last link (the one a healed partial link became) shown as its text.
    func unlinkingLastLink() -> Block {
        var done = false
        func unlink(_ list: [Inline]) -> [Inline] {
            var result = list
            for index in result.indices.reversed() where !done {
                switch result[index] {
                case .link(let link):
                    done = true
                    result.replaceSubrange(index...index, with: link.children)
                    result = Inline.mergingTexts(result)
                case .emphasis(let children): result[index] = .emphasis(unlink(children))
                case .strong(let children): result[index] = .strong(unlink(children))
                case .strikethrough(let children): result[index] = .strikethrough(unlink(children))
                default: continue
                }
            }
            return result
        }
        func walk(_ block: Block) -> Block {
            switch block {
            case .paragraph(var node):
                node.inlines = unlink(node.inlines)
                return .paragraph(node)
            case .heading(var node):
                node.inlines = unlink(node.inlines)
                return .heading(node)
            case .blockQuote(var node):
                node.children = node.children.reversed().map(walk).reversed()
                return .blockQuote(node)
            case .list(var node):
                node.items = node.items.reversed().map { item in
                    var item = item
                    item.children = item.children.reversed().map(walk).reversed()
                    return item
                }.reversed()
                return .list(node)
            default: return block
            }
        }
        return walk(self)
    }
}

extension Inline {
    /// Neighbouring texts joined into one, as the parser gives them.
    static func mergingTexts(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        for inline in inlines {
            if case .text(let next) = inline, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + next)
            } else {
                result.append(inline)
            }
        }
        return result
    }

    /// Whether some text in `inlines` holds a bracket.
    static func hasBracketText(_ inlines: [Inline]) -> Bool {
        inlines.contains { inline in
            switch inline {
            case .text(let text):
                return text.utf8.contains(UInt8(ascii: "[")) || text.utf8.contains(UInt8(ascii: "]"))
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                return hasBracketText(children)
            case .link(let link): return hasBracketText(link.children)
            case .image(let image): return hasBracketText(image.children)
            case .footnoteReference, .softBreak, .lineBreak, .code, .html, .math: return false
            }
        }
    }

    /// Whether `inlines` hold a footnote reference, or text with `[^`.
    static func hasFootnoteReference(_ inlines: [Inline]) -> Bool {
        inlines.contains { inline in
            switch inline {
            case .footnoteReference: return true
            case .text(let text): return LabelScanner.containsFootnoteMark(text.utf8[...])
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                return hasFootnoteReference(children)
            case .link(let link): return hasFootnoteReference(link.children)
            case .image(let image): return hasFootnoteReference(image.children)
            case .softBreak, .lineBreak, .code, .html, .math: return false
            }
        }
    }
}
