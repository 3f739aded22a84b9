/// A value's fields kept in one storage shared by its copies, and copied when a copy that shares
/// it is changed (as an array's elements are): a value of many fields (``Message``,
/// ``AIToolCallPart``) is then copied with one retain instead of one a field, and fits in the
/// inline room of an existential (`any AIMessage`) instead of being boxed on the heap.
///
/// A storage is changed only through the `_modify` of `fields`, by the one value that holds it, never
/// while it is shared: its fields need no check of exclusive access at run time (checked, the
/// accesses cost more than the copies saved), and it is sendable as its fields are.
package struct SharedFields<Fields: Sendable & Hashable>: @unchecked Sendable, Hashable {
    private final class Storage {
        @exclusivity(unchecked) var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    /// Fields held by a storage of their own.
    package init(_ fields: Fields) { storage = Storage(fields) }

    /// The fields: read from the shared storage, changed in a storage made this value's own first.
    package var fields: Fields {
        get { storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            yield &storage.fields
        }
    }

    /// Whether both hold the same fields (the same storage, at once).
    package static func == (lhs: SharedFields, rhs: SharedFields) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes the fields, as `==` compares them.
    package func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }
}
