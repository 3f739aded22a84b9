import Foundation
import TeletypeA2UI
import TeletypeANSI
import TeletypeLayout
import TeletypeSnapshotTesting
import TeletypeTestSupport
import Testing

/// A2UI v0.8 as agents send it: every example of its standard and minimal catalogs (and of v0.9's)
/// draws at widths 40 and 80 in the terminal and in HTML with no problem line and no line wider
/// than the width;
/// an example and its v0.9 twin (the same name in both catalogs) show the same words; bound values,
/// templates and the data model's typed entries read; a button sends v0.8's `userAction`; a
/// stream that mixes versions says so.
@Suite struct A2UIVersion08Tests {
    /// The catalogs' examples of every version.
    static var examples: [String] {
        Corpus.a2uiVersion08Examples
            + Corpus.a2uiStreams.filter { $0.contains("/catalogs/") && $0.contains("/examples/") }
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: examples)
    func everyExampleDraws(_ path: String) {
        let stream = A2UIStream(reading: Corpus.a2ui(path))
        #expect(stream.version == (path.contains("v0_8") ? .v0_8 : .v0_9), "\(path)")
        #expect(stream.problems.isEmpty, "\(path): \(stream.problems)")
        for width in [40, 80] {
            let terminal = TerminalRenderer(width: width, capabilities: .plain).render(A2UIRenderer.blocks(stream))
            #expect(!terminal.contains("⚠ A2UI"), "\(path) at \(width):\n\(terminal)")
            #expect(terminal.split(separator: "\n").allSatisfy { CellWidth.of($0) <= width }, "\(path) at \(width)")
            #expect(terminal.contains { $0.isLetter }, "\(path) draws nothing")
        }
        let html = A2UIRenderer.html(stream)
        #expect(!html.contains("a2ui-problem") && HTMLSafety.problems(in: html).isEmpty, "\(path)")
    }

    /// The words a stream shows.
    static func words(_ stream: A2UIStream) -> Set<String> {
        let text = TerminalRenderer(width: 100, capabilities: .plain).render(A2UIRenderer.blocks(stream))
        return Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
    }

    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: Corpus.a2uiVersion08Examples
    )
    func anExampleShowsTheWordsOfItsVersion09Twin(_ path: String) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let catalog = path.contains("/minimal/") ? "minimal" : "basic"
        let twin = "specification/v0_9/catalogs/\(catalog)/examples/\(name)"
        let twinText = Corpus.a2ui(twin)
        guard !twinText.isEmpty else { return }  // only in v0.8
        let text = Corpus.a2ui(path)
        let ours = Self.words(A2UIStream(reading: text))
        let theirs = Self.words(A2UIStream(reading: twinText))
        // The twins' data differ here and there (a date, a price, a video only one has): the words
        // compared are those both files hold.
        // The words of what a file says: its strings that are text (not ids, paths, names of
        // components, properties or events), numbers left out.
        func words(of file: String) -> Set<String> {
            let skipped: Set<String> = [
                "id", "componentId", "surfaceId", "catalogId", "root", "child", "path", "dataBinding", "name",
                "component", "key", "usageHint", "variant", "distribution", "alignment", "justify", "align",
                "explicitList", "children", "trigger", "content", "entryPointChild", "contentChild", "fit", "axis",
                "direction", "textFieldType", "call",
            ]
            var found = Set<String>()
            func walk(_ value: Any, key: String?) {
                if let object = value as? [String: Any] {
                    for (name, child) in object { walk(child, key: name) }
                } else if let list = value as? [Any] {
                    for child in list { walk(child, key: key) }
                } else if let text = value as? String, !skipped.contains(key ?? ""), !text.hasPrefix("/"),
                    !text.contains("://")
                {
                    for word in text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                    where word.contains(where: \.isLetter) {
                        found.insert(String(word))
                    }
                }
            }
            if let data = file.data(using: .utf8), let json = try? JSONSerialization.jsonObject(with: data) {
                walk(json, key: nil)
            }
            return found
        }
        let missing = theirs.subtracting(ours).intersection(words(of: text))
        let extra = ours.subtracting(theirs).intersection(words(of: twinText))
        #expect(missing.isEmpty && extra.isEmpty, "\(name): v0.8 lacks \(missing.sorted()), adds \(extra.sorted())")
    }

    static let form = """
        {"surfaceUpdate": {"surfaceId": "s", "components": [
          {"id": "root", "component": {"Column": {"children": {"explicitList": ["title", "list", "send"]}}}},
          {"id": "title", "component": {"Text": {"text": {"literalString": "Order"}, "usageHint": "h2"}}},
          {"id": "list", "component": {"List": {"children": {"template": {"componentId": "item", "dataBinding": "/items"}}}}},
          {"id": "item", "component": {"Text": {"text": {"path": "name"}}}},
          {"id": "send", "component": {"Button": {"child": "label", "primary": true,
            "action": {"name": "submit", "context": [{"key": "who", "value": {"path": "/user/name"}}, {"key": "n", "value": {"literalNumber": 2}}]}}}},
          {"id": "label", "component": {"Text": {"text": {"literalString": "Send"}}}},
          {"id": "note", "component": {"TextField": {"label": {"literalString": "Note"}, "text": {"path": "/note", "literalString": "none yet"}}}}
        ]}}
        {"dataModelUpdate": {"surfaceId": "s", "contents": [
          {"key": "items", "valueMap": [{"key": "0", "valueMap": [{"key": "name", "valueString": "Espresso"}]}]},
          {"key": "user", "valueMap": [{"key": "name", "valueString": "Ada"}, {"key": "vip", "valueBoolean": true}]}
        ]}}
        {"beginRendering": {"surfaceId": "s", "root": "root"}}
        """

    @Test func boundValuesTemplatesAndTheDataModelRead() throws {
        let stream = A2UIStream(reading: Self.form)
        #expect(stream.problems.isEmpty, "\(stream.problems)")
        let surface = try #require(stream.surfaces.first)
        #expect(surface.version == .v0_8 && surface.rootID == "root")
        #expect(surface.model.value(at: "/user/name") == "Ada" && surface.model.value(at: "/user/vip") == true)
        // A path with a literal starts the model at the path as the literal.
        #expect(surface.model.value(at: "/note") == "none yet")
        #expect(surface.components["send"]?["variant"] == "primary")
        #expect(surface.components["note"]?["value"]?["path"] == "/note")
        let text = TerminalRenderer(width: 60, capabilities: .plain).render(A2UIRenderer.blocks(stream))
        #expect(text.contains("Order") && text.contains("Send"), "\(text)")
        // The button sends v0.8's userAction, its context resolved.
        let action = try #require(stream.action(pressing: "send", in: "s", at: "2026-01-01T00:00:00Z"))
        #expect(action["version"] == nil)
        #expect(action["userAction"]?["name"] == "submit" && action["userAction"]?["sourceComponentId"] == "send")
        #expect(action["userAction"]?["context"]?["who"] == "Ada" && action["userAction"]?["context"]?["n"] == 2)
    }

    /// The README's picture of a v0.8 surface: the standard catalog's flight status card.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func theReadmePicture() {
        let stream = A2UIStream(
            reading: Corpus.a2ui("specification/v0_8/json/catalogs/basic/examples/01_flight-status.json"))
        let renderer = TerminalRenderer(
            width: 60, capabilities: TerminalCapabilities(colorDepth: .trueColor, hyperlinks: false), theme: .dark)
        let picture = TerminalPicture.svg(renderer.lines(A2UIRenderer.blocks(stream)), width: 60, theme: .dark)
        assertSnapshot(of: picture, as: Snapshotting<String>(pathExtension: "svg") { $0 }, named: "flight-status-v0_8")
    }

    @Test func aStreamThatMixesVersionsSaysSo() {
        let mixed = Self.form + "\n" + #"{"version": "v0.9", "createSurface": {"surfaceId": "t", "catalogId": "x"}}"#
        let stream = A2UIStream(reading: mixed)
        #expect(stream.surfaces.map(\.id) == ["s"])
        #expect(stream.problems.count == 1)
        #expect(
            stream.problems.first?.message.contains("a v0.9 message (createSurface) in a v0.8 stream is not applied")
                == true)
    }

    @Test func aComponentNotWrappedByItsTypeIsNamed() {
        let stream = A2UIStream(
            reading: #"{"surfaceUpdate": {"surfaceId": "s", "components": [{"id": "a", "component": "Text"}]}}"#)
        #expect(stream.problems.map(\.message) == [#"component "a" must be wrapped by its one type, as {"Text": {…}}"#])
    }
}
