import TeletypeA2UI
import TeletypeANSI
import TeletypeLayout
import Testing

/// What A2UI messages draw: bindings, templates, functions, controls, and one line for each problem.
@Suite struct A2UIRenderingTests {
    static func text(_ jsonl: String, width: Int = 60) -> String {
        TerminalRenderer(width: width, capabilities: .plain).render(A2UIRenderer.blocks(A2UIStream(reading: jsonl)))
    }

    static let create =
        #"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#

    static func components(_ json: String) -> String {
        #"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":"# + json + "}}"
    }

    static func data(_ json: String, path: String = "/") -> String {
        #"{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":""# + path + #"","value":"# + json + "}}"
    }

    @Test func templatesBindRelativePathsAndFunctionsFormat() {
        let stream = [
            Self.create,
            Self.components(
                #"[{"id":"root","component":"List","children":{"componentId":"row","path":"/items"}},{"id":"row","component":"Text","text":{"call":"formatString","args":{"value":"${name}: ${formatCurrency(value: ${price}, currency: 'USD')} (${pluralize(value: ${qty}, one: 'item', other: 'items')}) on ${formatDate(value: ${/day}, format: 'EEEE, MMM d')}"}}}]"#
            ),
            Self.data(
                #"{"day":"2025-12-15T09:30:00Z","items":[{"name":"Tea","price":1234.5,"qty":1},{"name":"Cake","price":3,"qty":2}]}"#
            ),
        ].joined(separator: "\n")
        #expect(
            Self.text(stream)
                == "Tea: $1,234.50 (item) on Monday, Dec 15\nCake: $3.00 (items) on Monday, Dec 15\n")
    }

    @Test func controlsShowTheirValues() {
        let stream = [
            Self.create,
            Self.components(
                #"[{"id":"root","component":"Column","children":["name","agree","pick","vol","go"]},{"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}},{"id":"agree","component":"CheckBox","label":"Agree","value":{"path":"/ok"}},{"id":"pick","component":"ChoicePicker","variant":"mutuallyExclusive","options":[{"label":"A","value":"a"},{"label":"B","value":"b"}],"value":{"path":"/pick"}},{"id":"vol","component":"Slider","label":"Volume","min":0,"max":10,"value":{"path":"/vol"}},{"id":"go-label","component":"Text","text":"Go"},{"id":"go","component":"Button","child":"go-label","variant":"primary","action":{"event":{"name":"go"}}}]"#
            ),
            Self.data(#"{"name":"Ada","ok":true,"pick":["b"],"vol":5}"#),
        ].joined(separator: "\n")
        #expect(
            Self.text(stream)
                == "Name [ Ada ]\n☑ Agree\n○ A ◉ B\nVolume 0 ━━━━━━━━━━●────────── 10 5\n[ Go ]\n")
    }

    @Test(arguments: [
        (#"[{"id":"root","component":"Sparkle"}]"#, #"unknown component "Sparkle" (root)"#),
        (#"[{"id":"root","component":"Card","child":"gone"}]"#, #"component "gone" is not defined"#),
        (
            #"[{"id":"root","component":"Column","children":["a"]},{"id":"a","component":"Card","child":"root"}]"#,
            #"component "root" contains itself"#
        ),
        (
            #"[{"id":"root","component":"List","children":{"componentId":"x","path":"/n"}},{"id":"x","component":"Text","text":"t"}]"#,
            #"template path "/n" is not a list"#
        ),
    ])
    func problemsAreOneLineNamingThem(_ components: String, _ message: String) {
        let stream = [Self.create, Self.components(components), Self.data(#"{"n":3}"#)].joined(separator: "\n")
        #expect(Self.text(stream, width: 200).contains("⚠ A2UI: " + message), "\(Self.text(stream, width: 200))")
    }

    @Test func malformedJSONIsNamedWithItsLineAndWhatCameBeforeStillDraws() {
        let stream = [
            Self.create, Self.components(#"[{"id":"root","component":"Text","text":"Before"}]"#),
            #"{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "value": tru}}"#,
        ].joined(separator: "\n")
        let parsed = A2UIStream(reading: stream)
        #expect(parsed.problems.first?.line == 3 && parsed.problems.first?.column != nil)
        #expect(Self.text(stream).contains("Before"))
    }

    /// A stream cut anywhere inside a message: still arriving, it shows what is complete and no
    /// problem; ended, the cut is a problem at the end of the input, with its line and column.
    @Test func aMessageCutShortIsAProblemOnlyOnceTheInputHasEnded() {
        let whole = [
            Self.create, Self.components(#"[{"id":"root","component":"Text","text":{"path":"/a"}}]"#),
            Self.data(#"{"a":"Hello {there}","b":[1,2,{"c":"\""}]}"#),
        ].joined(separator: "\n")
        let bytes = Array(whole.utf8)
        let lastStart = whole.utf8.count - Self.data(#"{"a":"Hello {there}","b":[1,2,{"c":"\""}]}"#).utf8.count
        for cut in (lastStart + 1)..<bytes.count {
            let text = String(decoding: bytes[..<cut], as: UTF8.self)
            #expect(A2UIStream(reading: text, isComplete: false).problems.isEmpty, "cut at \(cut)")
            let ended = A2UIStream(reading: text).problems
            #expect(ended.count == 1 && ended[0].line == 3 && ended[0].column == cut - lastStart + 1, "cut at \(cut)")
        }
        #expect(A2UIStream(reading: whole).problems.isEmpty)
        #expect(A2UIStream(reading: whole + "\n{\"version\"").problems.first?.line == 4)
    }

    @Test func valuesCannotInjectMarkupOrEscapes() {
        let stream = [
            Self.create,
            Self.components(
                #"[{"id":"root","component":"Column","children":["t","i"]},{"id":"t","component":"Text","text":{"path":"/evil"}},{"id":"i","component":"Image","url":"javascript:alert(1)","description":"<img src=x onerror=alert(1)>"}]"#
            ),
            Self.data(#"{"evil":"<script>alert(1)</script>\u001b]0;owned\u0007"}"#),
        ].joined(separator: "\n")
        let html = A2UIRenderer.html(A2UIStream(reading: stream))
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("javascript:"))
        let terminal = TerminalRenderer(width: 80, capabilities: .full).render(
            A2UIRenderer.blocks(A2UIStream(reading: stream)))
        #expect(!terminal.contains("\u{1B}]0;"))
    }

    @Test func rowsGoSideBySideWhenTheyFitAndStackWhenTheyDoNot() {
        let stream = [
            Self.create,
            Self.components(
                #"[{"id":"root","component":"Row","children":["a","b"]},{"id":"a","component":"Column","children":["a1","a2"]},{"id":"a1","component":"Text","text":"Left one"},{"id":"a2","component":"Text","text":"Left two"},{"id":"b","component":"Column","children":["b1","b2"]},{"id":"b1","component":"Text","text":"Right one"},{"id":"b2","component":"Text","text":"Right two"}]"#
            ),
        ].joined(separator: "\n")
        #expect(Self.text(stream, width: 60) == "Left one  Right one\nLeft two  Right two\n")
        #expect(Self.text(stream, width: 16) == "Left one\nLeft two\n\nRight one\nRight two\n")
    }
}

/// What a pressed button sends back to the agent.
@Suite struct A2UIActionTests {
    @Test func aButtonSendsItsEventWithItsContextResolved() throws {
        var stream = A2UIStream(
            reading: [
                #"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic","sendDataModel":true}}"#,
                #"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["name","go"]},{"id":"name","component":"TextField","label":"Name","value":{"path":"/form/name"}},{"id":"go","component":"Button","child":"go","action":{"event":{"name":"submit","context":{"who":{"path":"/form/name"},"kind":"signup"}}}}]}}"#,
            ].joined(separator: "\n"))
        let wrote = stream.set("Ada", forInput: "name", in: "s")
        #expect(wrote)
        let action = try #require(stream.action(pressing: "go", in: "s", at: "2026-11-30T12:00:00Z"))
        #expect(action["action"]?["name"] == "submit")
        #expect(action["action"]?["context"] == ["who": "Ada", "kind": "signup"])
        #expect(action["action"]?["sourceComponentId"] == "go" && action["action"]?["surfaceId"] == "s")
        #expect(action["action"]?["dataModel"] == ["form": ["name": "Ada"]])
        #expect(stream.action(pressing: "name", in: "s", at: "t") == nil)
    }
}
