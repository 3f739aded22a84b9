/// A source the reply drew on: a web page found by a search, a cited document. Shown with the
/// reply as its sources (title and address).
public struct AISourcePart: Sendable, Hashable {
    /// The part's id, unique in its message.
    public var id: String
    /// The payload version (`v`).
    public var version: Int
    /// Where the source is: a URL, or a document's name.
    public var url: String
    /// Its title, when the agent gave one.
    public var title: String?

    /// Makes a source from its address and, when known, its title.
    public init(id: String, version: Int = 1, url: String, title: String? = nil) {
        self.id = id
        self.version = version
        self.url = url
        self.title = title
    }

    /// Reads an `ai_source` payload leniently.
    public init(id: String, payload: JSONObject) {
        self.init(
            id: id, version: payload["v"]?.integer ?? 1, url: payload["url"]?.string ?? "",
            title: payload["title"]?.string)
    }

    /// The payload in the Stream Chat shape (`ai_source`).
    public var payload: JSONObject {
        var object = JSONObject()
        object["id"] = .string(id)
        object["v"] = .number(Double(version))
        object["url"] = .string(url)
        if let title { object["title"] = .string(title) }
        return object
    }
}
