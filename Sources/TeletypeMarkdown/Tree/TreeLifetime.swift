/// When the trees a render is done with are freed: at once (a library's default), or at the
/// process's exit, for a command that renders one document and ends. Freeing a long page's tree
/// node by node is a few percent of `teletype md`'s instructions (3.6% for Node's 229 KB n-api.md),
/// and an exit gives the memory back at once.
package enum TreeLifetime {
    /// The largest document (in bytes) whose tree is worth keeping to the exit: about three times
    /// as much memory for its tree, where a larger one's pieces are freed as they are drawn.
    package static let documentsLeftToExit = 4 << 20

    /// Whether trees are left to the exit; set once, before any render starts.
    nonisolated(unsafe) private static var leavesToExit = false

    /// From now on, the trees handed to ``done(with:)`` are never freed. Call it before any render
    /// starts, in a process that ends after its render.
    package static func leaveToExit() {
        leavesToExit = true
    }

    /// A render is done with `blocks`: they are freed as usual, or kept until the exit.
    @inline(__always)
    package static func done(with blocks: [Block]) {
        guard leavesToExit else { return }
        _ = Unmanaged.passRetained(Kept(blocks))
    }

    /// A tree never let go of.
    private final class Kept {
        let blocks: [Block]
        init(_ blocks: [Block]) { self.blocks = blocks }
    }
}
