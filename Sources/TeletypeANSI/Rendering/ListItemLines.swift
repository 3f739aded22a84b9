import TeletypeLayout

/// The lines of a list's items as an earlier frame laid them out: a stream whose open tail is a long
/// list lays out only the items that changed (the last, mostly), not the whole list on every frame.
public struct ListItemLines: Sendable {
    /// What an item's lines depend on.
    struct Key: Equatable, Sendable {
        var item: LayoutListItem
        var marker: StyledLine
        var labelWidth: Int
        var width: Int
        var indent: Int
        var tight: Bool
    }

    private var entries: [(key: Key, lines: [StyledLine])] = []

    /// An empty cache.
    public init() {}

    /// The lines of the item at `index`, if it was laid out with `key`.
    func lines(at index: Int, for key: Key) -> [StyledLine]? {
        index < entries.count && entries[index].key == key ? entries[index].lines : nil
    }

    mutating func store(_ lines: [StyledLine], at index: Int, for key: Key) {
        if index < entries.count {
            entries[index] = (key, lines)
        } else if index == entries.count {
            entries.append((key, lines))
        }
    }

    /// Forgets items past the first `count`.
    mutating func keep(_ count: Int) {
        if entries.count > count { entries.removeLast(entries.count - count) }
    }
}

/// The lines of the blocks of a stream's open tail as the last frame laid them out: a block that is
/// the same again keeps its lines, and a list at the end keeps those of its items that are the same.
public struct TailLines: Sendable {
    var width = 0
    var blocks: [(block: LayoutBlock, lines: [StyledLine])] = []
    var listItems: ListItemLines? = ListItemLines()

    /// An empty cache.
    public init() {}
}
