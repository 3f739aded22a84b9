import Teletype

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The archive's memory of its pages (`.teletype-archive.json` beside the index): which
/// transcript and options each was made from, and its summary for the index.
///
/// Written and read with Teletype's own JSON (``JSONValue``, ``JSONParser``), in the shape
/// `JSONEncoder` gave it before (keys sorted, absent values left out), so a manifest of either
/// reads the same: Foundation's coders took 170 million instructions each way for the manifest of
/// 2,100 conversations (1 MB), a tenth of a second at the end of every export, on one core.
struct ArchiveManifest {
    var entries: [String: ArchiveEntry] = [:]

    /// The version written, and the only one read.
    static let version = 1

    /// The manifest at `path`; empty when there is none or it cannot be read (every page is then
    /// written again).
    static func read(from path: String) -> ArchiveManifest {
        guard let data = FileManager.default.contents(atPath: path),
            let value = data.withUnsafeBytes({ bytes in try? JSONParser.parse(bytes) })
        else { return ArchiveManifest() }
        return ArchiveManifest(value) ?? ArchiveManifest()
    }

    /// The manifest `value` holds; nil when it is not one (another version, or a page without a
    /// field every page has).
    init?(_ value: JSONValue) {
        guard value["version"]?.integer == Self.version, let pages = value["pages"]?.array else { return nil }
        for page in pages {
            guard let entry = ArchiveEntry(manifest: page) else { return nil }
            entries[entry.page] = entry
        }
    }

    /// An empty manifest.
    init() {}

    /// The manifest as JSON: its pages in order of their paths.
    var json: JSONValue {
        let pages = entries.values.sorted { $0.page < $1.page }.map(\.manifestJSON)
        return .object(JSONObject([("pages", .array(pages)), ("version", .number(Double(Self.version)))]))
    }

    func write(to path: String) throws {
        let output = try AtomicFile(path: path)
        try output.write(json.jsonText)
        try output.commit()
    }
}

extension ArchiveEntry {
    /// The entry a manifest's page holds; nil when a field every entry has is missing.
    init?(manifest value: JSONValue) {
        guard let source = value["source"]?.text, let page = value["page"]?.text,
            let fingerprint = value["fingerprint"]?.text, let summary = value["summary"],
            let title = summary["title"]?.text, let messageCount = summary["messageCount"]?.integer,
            let models = summary["models"]?.texts, let tools = summary["tools"]?.texts
        else { return nil }
        var overview = ConversationOverview(
            title: title, firstMessageAt: summary["firstMessageAt"]?.number,
            lastMessageAt: summary["lastMessageAt"]?.number, messageCount: messageCount, models: models, tools: tools)
        overview.agent = summary["agent"]?.text
        overview.project = summary["project"]?.text
        overview.pages = summary["pages"]?.integer
        if let redactions = summary["redactions"]?.object {
            var counts: [String: Int] = [:]
            for position in 0..<redactions.count {
                let (kind, count) = redactions.pair(at: position)
                guard let count = count.integer else { return nil }
                counts[kind] = count
            }
            overview.redactions = counts
        }
        self.init(source: source, page: page, fingerprint: fingerprint, summary: overview)
    }

    /// The entry as a manifest's page: keys in order, absent values left out.
    var manifestJSON: JSONValue {
        var fields: [(String, JSONValue)] = []
        if let agent = summary.agent { fields.append(("agent", .string(agent))) }
        if let first = summary.firstMessageAt { fields.append(("firstMessageAt", .number(first))) }
        if let last = summary.lastMessageAt { fields.append(("lastMessageAt", .number(last))) }
        fields.append(("messageCount", .number(Double(summary.messageCount))))
        fields.append(("models", .array(summary.models.map { .string($0) })))
        if let pages = summary.pages { fields.append(("pages", .number(Double(pages)))) }
        if let project = summary.project { fields.append(("project", .string(project))) }
        if let redactions = summary.redactions {
            let counts = redactions.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.number(Double($0.value))) }
            fields.append(("redactions", .object(JSONObject(counts))))
        }
        fields.append(("title", .string(summary.title)))
        fields.append(("tools", .array(summary.tools.map { .string($0) })))
        return .object(
            JSONObject([
                ("fingerprint", .string(fingerprint)), ("page", .string(page)), ("source", .string(source)),
                ("summary", .object(JSONObject(fields))),
            ]))
    }
}

extension JSONValue {
    /// The string, empty or not (``string`` reads an empty one as missing).
    fileprivate var text: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The strings of an array of strings; nil when it is not one.
    fileprivate var texts: [String]? {
        guard let array else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(array.count)
        for element in array {
            guard let text = element.text else { return nil }
            texts.append(text)
        }
        return texts
    }
}
