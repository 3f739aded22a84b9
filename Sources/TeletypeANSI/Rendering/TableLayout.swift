import TeletypeLayout

/// Draws a table with box-drawing borders, GFM column alignment and wrapped cells; when its columns
/// cannot fit the width, each row is shown as a record of `header: value` lines instead.
struct TableLayout {
    let context: BlockContext
    let table: LayoutTable
    let base: TextStyle

    /// Columns narrower than their longest word are allowed down to this many cells.
    static let shortestColumn = 6

    private var columnCount: Int { max(table.alignments.count, table.header.count) }
    private var headerStyle: TextStyle { base.merged(with: context.theme.tableHeader) }
    private var borderStyle: TextStyle { context.theme.tableBorder }

    func lines(width: Int) -> [StyledLine] {
        let columns = columnCount
        guard columns > 0 else { return [] }
        let allRows = [table.header] + table.rows
        var natural = [Int](repeating: 1, count: columns)
        var shortest = [Int](repeating: 1, count: columns)
        for (rowIndex, row) in allRows.enumerated() {
            for column in 0..<columns where column < row.count {
                var wrapper = TextWrapper.measuring()
                context.feed(row[column], into: &wrapper, base: rowIndex == 0 ? headerStyle : base)
                _ = wrapper.finish()
                natural[column] = max(natural[column], wrapper.widestLine)
                shortest[column] = max(shortest[column], min(wrapper.longestWord, Self.shortestColumn))
            }
        }
        let overhead = 3 * columns + 1
        let available = width - overhead
        if natural.reduce(0, +) <= available {
            return grid(allRows, widths: natural)
        }
        let minimum = zip(natural, shortest).map { min($0, $1) }
        guard minimum.reduce(0, +) <= available else { return records(width: width) }
        // Share the room beyond each column's minimum in proportion to what it would like.
        var widths = minimum
        var spare = available - minimum.reduce(0, +)
        let wants = zip(natural, minimum).map { $0 - $1 }
        let totalWant = wants.reduce(0, +)
        if totalWant > 0 {
            for column in 0..<columns {
                let share = wants[column] * spare / totalWant
                widths[column] += share
            }
            spare = available - widths.reduce(0, +)
            var column = 0
            while spare > 0 {
                if widths[column] < natural[column] {
                    widths[column] += 1
                    spare -= 1
                }
                column = (column + 1) % columns
            }
        }
        return grid(allRows, widths: widths)
    }

    // MARK: Grid

    private func grid(_ rows: [[[Span]]], widths: [Int]) -> [StyledLine] {
        let g = context.glyphs
        var out = [border(widths, left: g.topLeft, join: g.topJoin, right: g.topRight)]
        var bodies: [[StyledLine]] = []
        for (rowIndex, row) in rows.enumerated() {
            bodies.append(rowLines(row, widths: widths, style: rowIndex == 0 ? headerStyle : base))
        }
        let separateRows = bodies.dropFirst().contains { $0.count > 1 }
        for (rowIndex, lines) in bodies.enumerated() {
            if rowIndex == 1 || (rowIndex > 1 && separateRows) {
                out.append(border(widths, left: g.midLeft, join: g.midJoin, right: g.midRight))
            }
            out.append(contentsOf: lines)
        }
        out.append(border(widths, left: g.bottomLeft, join: g.bottomJoin, right: g.bottomRight))
        return out
    }

    private func border(_ widths: [Int], left: String, join: String, right: String) -> StyledLine {
        let h = context.glyphs.horizontal
        var text = left
        for (column, width) in widths.enumerated() {
            text += Repetition.of(h, count: width + 2)
            text += column == widths.count - 1 ? right : join
        }
        var line = StyledLine()
        line.append(text, style: borderStyle, width: widths.reduce(0, +) + 3 * widths.count + 1)
        return line
    }

    private func rowLines(_ row: [[Span]], widths: [Int], style: TextStyle) -> [StyledLine] {
        var cells: [[StyledLine]] = []
        for column in 0..<widths.count {
            let spans = column < row.count ? row[column] : []
            cells.append(context.wrap(spans, width: widths[column], base: style))
        }
        let height = cells.map(\.count).max() ?? 1
        var out: [StyledLine] = []
        let bar = context.glyphs.vertical
        var line = LineBuilder()
        for lineIndex in 0..<height {
            line.append(bar, style: borderStyle, width: 1)
            for column in 0..<widths.count {
                line.pad(1)
                let content = lineIndex < cells[column].count ? cells[column][lineIndex] : StyledLine()
                let room = widths[column] - content.width
                let alignment = column < table.alignments.count ? table.alignments[column] : .left
                switch alignment {
                case .left:
                    line.append(content)
                    line.pad(room + 1)
                case .right:
                    line.pad(room)
                    line.append(content)
                    line.pad(1)
                case .center:
                    line.pad(room / 2)
                    line.append(content)
                    line.pad(room - room / 2 + 1)
                }
                line.append(bar, style: borderStyle, width: 1)
            }
            out.append(line.take())
        }
        return out
    }

    // MARK: Records

    /// One record per row: each header with its cell, records separated by rules.
    private func records(width: Int) -> [StyledLine] {
        let rows = table.rows.isEmpty ? [table.header] : table.rows
        let labels: [[Span]] = (0..<columnCount).map { $0 < table.header.count ? table.header[$0] : [] }
        let labelWidths = labels.map { spans -> Int in
            var wrapper = TextWrapper.measuring()
            context.feed(spans, into: &wrapper, base: headerStyle)
            _ = wrapper.finish()
            return wrapper.widestLine
        }
        let labelColumn = (labelWidths.max() ?? 0) + 2
        let sideBySide = labelColumn <= width / 3 && width - labelColumn >= BlockContext.minimumContentWidth
        let rule = StyledLine(rule: context.glyphs.horizontal, count: width, style: borderStyle)
        var out: [StyledLine] = [rule]
        for row in rows {
            for column in 0..<columnCount {
                let value = column < row.count ? row[column] : []
                if sideBySide {
                    var label =
                        context.wrap(labels[column], width: labelColumn - 2, base: headerStyle).first ?? StyledLine()
                    label.append(":", style: headerStyle, width: 1)
                    label.pad(labelColumn - label.width)
                    let lines = context.wrap(value, width: width - labelColumn, base: base)
                    out.append(
                        contentsOf: context.prefixed(
                            lines, first: label, rest: StyledLine(Repetition.spaces(labelColumn))))
                } else {
                    out.append(contentsOf: context.wrap(labels[column], width: width, base: headerStyle))
                    let indent = width - 2 >= BlockContext.minimumContentWidth ? 2 : 0
                    let lines = context.wrap(value, width: width - indent, base: base)
                    out.append(
                        contentsOf: context.prefixed(
                            lines, first: StyledLine(Repetition.spaces(indent)),
                            rest: StyledLine(Repetition.spaces(indent))))
                }
            }
            out.append(rule)
        }
        return out
    }
}
