/// A bullet or ordered list.
public struct ListBlock: Sendable, Equatable {
    /// Whether items are marked by bullets or by numbers.
    public enum Kind: Sendable, Equatable {
        /// Items marked `-`, `+` or `*`.
        case bullet
        /// Items marked by numbers.
        case ordered
    }

    /// What follows the number of an ordered item.
    public enum Delimiter: Sendable, Equatable {
        /// No delimiter (bullet lists).
        case none
        /// `1.`
        case period
        /// `1)`
        case parenthesis
    }

    /// Bullet or ordered.
    public var kind: Kind
    /// The number of the first item (1 for bullet lists).
    public var start: Int
    /// The delimiter after item numbers.
    public var delimiter: Delimiter
    /// Whether the list is tight (no blank lines between items).
    public var isTight: Bool
    /// The list's items.
    public var items: [ListItem]
    /// Where the list was parsed from.
    public var sourceRange: SourceRange

    /// Creates a list.
    public init(
        kind: Kind, start: Int, delimiter: Delimiter, isTight: Bool, items: [ListItem],
        sourceRange: SourceRange
    ) {
        self.kind = kind
        self.start = start
        self.delimiter = delimiter
        self.isTight = isTight
        self.items = items
        self.sourceRange = sourceRange
    }
}

/// One item of a list, possibly a task (`- [ ]`, `- [x]`).
public struct ListItem: Sendable, Equatable {
    /// The state of a task item's checkbox.
    public enum Checkbox: Sendable, Equatable {
        /// `[ ]`
        case unchecked
        /// `[x]`
        case checked
    }

    /// The checkbox of a task item, `nil` for an ordinary item.
    public var checkbox: Checkbox?
    /// The item's blocks.
    public var children: [Block]
    /// Where the item was parsed from.
    public var sourceRange: SourceRange

    /// Creates a list item.
    public init(checkbox: Checkbox?, children: [Block], sourceRange: SourceRange) {
        self.checkbox = checkbox
        self.children = children
        self.sourceRange = sourceRange
    }
}
