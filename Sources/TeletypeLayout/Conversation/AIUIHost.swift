import Teletype

/// Draws generated UI of one format: a terminal form (layout blocks) and an HTML form.
public protocol AIUIRenderer: Sendable {
    /// The format it reads, such as `openui`.
    var format: String { get }
    /// The document drawn for terminals and plain text, or `nil` when it can't read this one.
    func blocks(for document: AIUIDocument) -> [LayoutBlock]?
    /// The document as an HTML fragment, or `nil`. Escape every text you write (``HTMLText``).
    func html(for document: AIUIDocument) -> String?
}

/// The UI renderers an app installs, one per format. A reply whose document no renderer reads
/// shows its text.
public struct AIUIHost: Sendable {
    private var renderers: [String: any AIUIRenderer] = [:]

    /// A host with `renderers`.
    public init(renderers: [any AIUIRenderer] = []) {
        for renderer in renderers { self.renderers[renderer.format] = renderer }
    }

    /// Installs a renderer, replacing one of the same format.
    public mutating func install(_ renderer: any AIUIRenderer) {
        renderers[renderer.format] = renderer
    }

    /// The document drawn by its format's renderer, or `nil`.
    public func view(for document: AIUIDocument) -> GeneratedUIView? {
        guard let renderer = renderers[document.format], let blocks = renderer.blocks(for: document),
            let html = renderer.html(for: document)
        else { return nil }
        return GeneratedUIView(format: document.format, blocks: blocks, html: html)
    }
}
