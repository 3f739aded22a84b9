import Teletype
import TeletypeLayout

/// Generated UI in A2UI (Agent to UI, v0.9, the basic catalog) for the conversation view: an
/// ``AIUIRenderer`` for documents of format `a2ui`, whose content is the agent's message stream.
/// Every surface is drawn as far as it is defined; problems show as lines naming them.
public struct A2UIRenderer: AIUIRenderer {
    public var format: String { "a2ui" }

    public init() {}

    public func blocks(for document: AIUIDocument) -> [LayoutBlock]? {
        Self.blocks(A2UIStream(reading: document.content))
    }

    public func html(for document: AIUIDocument) -> String? {
        A2UIHTML.html(A2UIStream(reading: document.content))
    }

    /// The HTML of every surface of a stream, and a line for each problem.
    public static func html(_ stream: A2UIStream) -> String {
        A2UIHTML.html(stream)
    }

    /// The blocks of every surface of a stream, and a line for each problem.
    public static func blocks(_ stream: A2UIStream) -> [LayoutBlock] {
        var blocks: [LayoutBlock] = stream.problems.map { A2UIBlocks.fallback("line \($0.line): \($0.message)") }
        for surface in stream.surfaces {
            guard !surface.components.isEmpty else {
                blocks.append(A2UIBlocks.notice("\(surface.id): nothing to show yet"))
                continue
            }
            var resolver = A2UIResolver(surface: surface)
            blocks += A2UIBlocks.blocks(resolver.view())
        }
        if stream.surfaces.isEmpty, let closed = stream.deletedSurfaces.last {
            // Silence is never the output: the agent took its interface away.
            blocks.append(A2UIBlocks.notice("\(closed) was closed"))
        }
        return blocks
    }
}
