import TeletypeLayout

/// What an HTML rendering may let through from untrusted Markdown.
///
/// The default is safe for text a model wrote: raw HTML is escaped, only `http`, `https` and
/// `mailto` links stay links, remote images are shown as links instead of being loaded, and links
/// carry `rel="noopener noreferrer nofollow"`.
public struct HTMLRenderOptions: Sendable, Equatable {
    /// Pass raw HTML blocks and inline HTML through (GFM's tag filter still applies).
    public var allowsRawHTML: Bool
    /// Apply GFM's tag filter to raw HTML: `<script>`, `<style>`, `<textarea>` and the like show as text.
    public var filtersTags: Bool
    /// Load images from `http`/`https` URLs with `<img>`; otherwise they are shown as links.
    public var loadsRemoteImages: Bool
    /// Keep every link and image URL, whatever its scheme (for trusted documents only).
    public var allowsAnyURL: Bool
    /// Add `rel="noopener noreferrer nofollow"` to links.
    public var addsLinkRelations: Bool
    /// Mark up code in a language Teletype knows with `<span class="tok-…">` (styled by the page).
    public var highlightsCode: Bool
    /// Draw GitHub alerts (`> [!NOTE]`) as titled callouts rather than quotes.
    public var rendersAlerts: Bool
    /// Read math (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`) in the Markdown this renderer parses, and write
    /// it as MathML.
    public var rendersMath: Bool
    /// The alerts' titles, localized; missing ones are English.
    public var alertTitles: [MarkdownAlert: String] = [:]
    /// Give each task list checkbox an accessible name (`aria-label="Done"` or `"Not done"`), as
    /// exported pages do; off by default, where the HTML is the GFM specification's.
    public var namesTaskCheckboxes = false
    /// The name of a checked task checkbox, localized.
    public var checkedTaskName = "Done"
    /// The name of an unchecked task checkbox, localized.
    public var uncheckedTaskName = "Not done"

    /// Creates options; the defaults are the untrusted policy.
    public init(
        allowsRawHTML: Bool = false, filtersTags: Bool = true, loadsRemoteImages: Bool = false,
        allowsAnyURL: Bool = false,
        addsLinkRelations: Bool = true, highlightsCode: Bool = true, rendersAlerts: Bool = true,
        rendersMath: Bool = true
    ) {
        self.allowsRawHTML = allowsRawHTML
        self.filtersTags = filtersTags
        self.loadsRemoteImages = loadsRemoteImages
        self.allowsAnyURL = allowsAnyURL
        self.addsLinkRelations = addsLinkRelations
        self.highlightsCode = highlightsCode
        self.rendersAlerts = rendersAlerts
        self.rendersMath = rendersMath
    }

    /// The policy for text of unknown origin, such as a model's reply. The default.
    public static let untrusted = HTMLRenderOptions()

    /// Everything passes, exactly as the GFM specification renders it (code not marked up, alerts
    /// left as quotes, dollars left as text): for
    /// documents you wrote.
    public static let trusted = HTMLRenderOptions(
        allowsRawHTML: true, loadsRemoteImages: true, allowsAnyURL: true, addsLinkRelations: false,
        highlightsCode: false, rendersAlerts: false, rendersMath: false)
}
