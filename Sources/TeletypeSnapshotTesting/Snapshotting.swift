/// How a value is snapshotted: turned into text, saved in a file with this extension. Make your own
/// from an existing one with ``pullback(_:)``.
public struct Snapshotting<Value>: Sendable {
    /// The extension of the reference file (`txt`, `html`).
    public var pathExtension: String
    /// The text a value is snapshotted as.
    public var snapshot: @Sendable (Value) -> String

    /// A strategy writing `pathExtension` files with the text `snapshot` makes of a value.
    public init(pathExtension: String, snapshot: @escaping @Sendable (Value) -> String) {
        self.pathExtension = pathExtension
        self.snapshot = snapshot
    }

    /// The strategy for another kind of value, turned into this kind first: `.plain(width: 60)
    /// .pullback { (reply: MyReply) in [reply.asMessage] }`.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) -> Value) -> Snapshotting<NewValue> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue>(pathExtension: pathExtension) { snapshot(transform($0)) }
    }
}
