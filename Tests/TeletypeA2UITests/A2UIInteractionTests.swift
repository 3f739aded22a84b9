import Teletype
import TeletypeA2UI
import TeletypeANSI
import TeletypeLayout
import TeletypeTestSupport
import Testing

/// Working in a surface: the focus goes through its controls, keys change the bound values, and a
/// button sends its action with what was entered — on a form of every control and on every example
/// of the basic catalog.
@Suite struct A2UIInteractionTests {
    static let form = [
        #"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic","sendDataModel":true}}"#,
        #"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":["#
            + #"{"id":"root","component":"Column","children":["name","window","meal","seats","go","help"]},"#
            + #"{"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}},"#
            + #"{"id":"window","component":"CheckBox","label":"Window seat","value":{"path":"/window"}},"#
            + #"{"id":"meal","component":"ChoicePicker","label":"Meal","value":{"path":"/meal"},"options":[{"label":"Fish","value":"fish"},{"label":"Pasta","value":"pasta"}]},"#
            + #"{"id":"seats","component":"Slider","label":"Seats","min":1,"max":6,"value":{"path":"/seats"}},"#
            + #"{"id":"go-label","component":"Text","text":"Book"},"#
            + #"{"id":"go","component":"Button","child":"go-label","action":{"event":{"name":"book","context":{"who":{"path":"/name"},"window":{"path":"/window"},"meal":{"path":"/meal"},"seats":{"path":"/seats"}}}}},"#
            + #"{"id":"help-label","component":"Text","text":"Help"},"#
            + #"{"id":"help","component":"Button","child":"help-label","action":{"functionCall":{"call":"openUrl","args":{"url":"https://example.com/help"}}}}"#
            + #"]}}"#,
        #"{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"name":"","window":false,"meal":["fish"],"seats":2}}}"#,
    ].joined(separator: "\n")

    /// A list a template repeats: a check box bound to its row's `done`, and a button sending its
    /// row's name.
    static let list = [
        #"{"version":"v0.9","createSurface":{"surfaceId":"l","catalogId":"basic"}}"#,
        #"{"version":"v0.9","updateComponents":{"surfaceId":"l","components":["#
            + #"{"id":"root","component":"List","children":{"componentId":"row","path":"/tasks"}},"#
            + #"{"id":"row","component":"Row","children":["done","open"]},"#
            + #"{"id":"done","component":"CheckBox","label":{"path":"name"},"value":{"path":"done"}},"#
            + #"{"id":"open-label","component":"Text","text":"Open"},"#
            + #"{"id":"open","component":"Button","child":"open-label","action":{"event":{"name":"open","context":{"task":{"path":"name"}}}}}"#
            + #"]}}"#,
        #"{"version":"v0.9","updateDataModel":{"surfaceId":"l","value":{"tasks":[{"name":"Buy milk","done":false},{"name":"Call Ada","done":false}]}}}"#,
    ].joined(separator: "\n")

    @Test func controlsATemplateRepeatsAreReachableAndWorkInTheirRow() throws {
        var list = A2UIInteraction(stream: A2UIStream(reading: Self.list))
        #expect(
            list.controls.map(\.componentID) == ["done@/tasks/0", "open@/tasks/0", "done@/tasks/1", "open@/tasks/1"])
        // The second row's check box: only its own row's value changes.
        for _ in 0..<3 { list.moveFocus() }
        #expect(text(list).contains("▶ ☐ Call Ada") || text(list).contains("▶ [ ] Call Ada"), "\(text(list))")
        #expect(list.handle(.activate, at: "t") == .changed)
        let model = try #require(list.stream.surfaces.first?.model)
        #expect(model.value(at: "/tasks/1/done") == true && model.value(at: "/tasks/0/done") == false)
        // The second row's button sends its row's name, from the component it is.
        list.moveFocus()
        guard case .send(let message) = list.handle(.activate, at: "2026-01-01T00:00:00Z") else {
            Issue.record("the button sent nothing")
            return
        }
        #expect(message["action"]?["context"]?["task"] == "Call Ada")
        #expect(message["action"]?["sourceComponentId"] == "open")
    }

    func text(_ interaction: A2UIInteraction) -> String {
        TerminalRenderer(width: 80, capabilities: .plain).render(interaction.blocks)
    }

    @Test func everyControlTakesItsKeysAndTheButtonSendsWhatWasEntered() throws {
        var form = A2UIInteraction(stream: A2UIStream(reading: Self.form))
        func press(_ key: A2UIInteraction.Key) -> A2UIInteraction.Outcome { form.handle(key, at: "t") }
        func next() -> Bool { form.moveFocus() }
        #expect(form.controls.map(\.componentID) == ["name", "window", "meal", "seats", "go", "help"])
        #expect(!text(form).contains("▶"))
        #expect(next())
        #expect(text(form).contains("▶ Name"))
        for character in "Ada L" { #expect(press(.character(character)) == .changed) }
        #expect(press(.backspace) == .changed)
        #expect(press(.backspace) == .changed)
        #expect(text(form).contains("[ Ada ]"))
        form.moveFocus()
        #expect(press(.activate) == .changed)
        #expect(text(form).contains("▶ ☑ Window seat"))
        form.moveFocus()
        #expect(press(.right) == .changed)
        #expect(text(form).contains("›○ Pasta"))
        #expect(press(.activate) == .changed)
        #expect(text(form).contains("◉ Pasta") && text(form).contains("○ Fish"))
        form.moveFocus()
        #expect(press(.right) == .changed)
        #expect(press(.right) == .changed)
        #expect(press(.left) == .changed)
        form.moveFocus()
        let sent = form.handle(.activate, at: "2026-11-30T12:00:00Z")
        guard case .send(let message) = sent else {
            Issue.record("the button sent nothing: \(sent)")
            return
        }
        #expect(message["action"]?["name"] == "book" && message["action"]?["sourceComponentId"] == "go")
        #expect(message["action"]?["context"] == ["who": "Ada", "window": true, "meal": ["pasta"], "seats": 3])
        #expect(message["action"]?["timestamp"] == "2026-11-30T12:00:00Z")
        form.moveFocus()
        #expect(press(.activate) == .open("https://example.com/help"))
        // Round the list and back; away.
        form.moveFocus()
        #expect(form.focus?.componentID == "name")
        form.moveFocus(forward: false)
        #expect(form.focus?.componentID == "help")
        form.clearFocus()
        #expect(!text(form).contains("▶"))
        #expect(press(.activate) == .unhandled)
    }

    /// Every example of the basic catalog: each reachable control, focused and given every key,
    /// keeps the surface drawable at width 60, with one focus mark, and lines that fit.
    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)),
        arguments: A2UICorpusTests.basicExamples)
    func everyExampleCanBeWorkedIn(_ path: String) {
        var interaction = A2UIInteraction(stream: A2UIStream(reading: Corpus.a2ui(path)))
        let controls = interaction.controls
        for _ in controls {
            let moved = interaction.moveFocus()
            #expect(moved)
            for key: A2UIInteraction.Key in [.activate, .right, .left, .character("x"), .backspace, .activate] {
                _ = interaction.handle(key, at: "2026-11-30T12:00:00Z")
                let drawn = TerminalRenderer(width: 60, capabilities: .plain).render(interaction.blocks)
                #expect(drawn.components(separatedBy: "▶ ").count == 2, "\(path): one focus mark\n\(drawn)")
                #expect(RenderedOutputChecksShim.fits(drawn, width: 60), "\(path)\n\(drawn)")
            }
        }
    }
}

/// Whether every line of `text` fits `width` cells.
enum RenderedOutputChecksShim {
    static func fits(_ text: String, width: Int) -> Bool {
        text.split(separator: "\n").allSatisfy { CellWidth.of(String($0)) <= width }
    }
}
