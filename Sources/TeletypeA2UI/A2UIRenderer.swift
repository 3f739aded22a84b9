import Teletype
import TeletypeLayout

/// Generated UI in A2UI (Agent to UI, v0.9, the basic catalog) for the conversation view: an
/// `AIUIRenderer` for documents of format `a2ui`, whose content is the agent's message stream.
/// Every surface is drawn as far as it is defined; problems show as lines naming them.
public struct A2UIRenderer: AIUIRenderer {
    /// The `ai_ui` format it draws: `a2ui`.
    public var format: String { "a2ui" }
    /// A document being worked in: drawn from its interaction (values given, the focus marked)
    /// rather than from its content alone.
    private var live: (content: String, blocks: [LayoutBlock])?

    /// A renderer of A2UI documents as written.
    public init() {}

    /// A renderer that draws the document whose content is `content` as `interaction` stands
    /// (the values a person gave, the focused control marked), and every other one as written.
    public init(showing interaction: A2UIInteraction, forContent content: String) {
        live = (content, interaction.blocks)
    }

    /// The document's surfaces drawn for a terminal, each problem as a line (the document being worked in, as it stands).
    public func blocks(for document: AIUIDocument) -> [LayoutBlock]? {
        if let live, live.content == document.content { return live.blocks }
        return Self.blocks(A2UIStream(reading: document.content, isComplete: document.status != "streaming"))
    }

    /// The document's surfaces as HTML, each problem as a paragraph, every text escaped.
    public func html(for document: AIUIDocument) -> String? {
        A2UIHTML.html(A2UIStream(reading: document.content, isComplete: document.status != "streaming"))
    }

    /// The HTML of every surface of a stream, and a line for each problem.
    public static func html(_ stream: A2UIStream) -> String {
        A2UIHTML.html(stream)
    }

    /// The blocks of every surface of a stream, and a line for each problem; the control `focus`
    /// names is marked.
    public static func blocks(_ stream: A2UIStream, focus: A2UIFocus? = nil) -> [LayoutBlock] {
        var blocks: [LayoutBlock] = stream.problems.map { A2UIBlocks.fallback("line \($0.line): \($0.message)") }
        for surface in stream.surfaces {
            guard !surface.components.isEmpty else {
                blocks.append(A2UIBlocks.notice("\(surface.id): nothing to show yet"))
                continue
            }
            var resolver = A2UIResolver(surface: surface)
            blocks += A2UIBlocks.blocks(resolver.view(), focus: focus?.surfaceID == surface.id ? focus : nil)
        }
        if stream.surfaces.isEmpty, let closed = stream.deletedSurfaces.last {
            // Silence is never the output: the agent took its interface away.
            blocks.append(A2UIBlocks.notice("\(closed) was closed"))
        }
        blocks += stream.notices.map(A2UIBlocks.notice)
        return blocks
    }
}
