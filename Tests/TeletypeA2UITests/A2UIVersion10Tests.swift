import Teletype
import TeletypeA2UI
import TeletypeANSI
import TeletypeLayout
import Testing

/// A2UI v0.10: its messages are v0.9's and two more — `callFunction`, answered with the value of a
/// function Teletype has and an error for one it has not, and `actionResponse`, written where the
/// action asked; a button whose event wants an answer sends an id for it. Its new properties are
/// drawn: a Video's poster as a link, never loaded, and a TextField's placeholder while it is empty.
@Suite struct A2UIVersion10Tests {
    static let surface = [
        #"{"version":"v0.10","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_10/catalogs/basic/catalog.json"}}"#,
        #"{"version":"v0.10","updateComponents":{"surfaceId":"s","components":["#
            + #"{"id":"root","component":"Column","children":["title","suggest","answer"]},"#
            + #"{"id":"title","component":"Text","text":"Search","variant":"h2"},"#
            + #"{"id":"suggest-label","component":"Text","text":"Suggest"},"#
            + #"{"id":"suggest","component":"Button","child":"suggest-label","action":{"event":{"name":"suggest","context":{"prefix":{"path":"/prefix"}},"wantResponse":true,"responsePath":"/suggestions"}}},"#
            + #"{"id":"answer","component":"Text","text":{"path":"/suggestions/0"}}"#
            + #"]}}"#,
        #"{"version":"v0.10","updateDataModel":{"surfaceId":"s","value":{"prefix":"app"}}}"#,
    ].joined(separator: "\n")

    @Test func aV010StreamDrawsAsV09Does() {
        let stream = A2UIStream(reading: Self.surface)
        #expect(stream.version == .v0_10 && stream.problems.isEmpty, "\(stream.problems)")
        let text = TerminalRenderer(width: 60, capabilities: .plain).render(A2UIRenderer.blocks(stream))
        #expect(text.contains("Search") && text.contains("[ Suggest ]"), "\(text)")
    }

    @Test func aButtonThatWantsAnAnswerGetsItWhereItAsked() throws {
        var stream = A2UIStream(reading: Self.surface)
        let action = try #require(stream.action(pressing: "suggest", in: "s", at: "2026-12-02T10:00:00Z"))
        #expect(action["version"] == "v0.10" && action["action"]?["wantResponse"] == true)
        #expect(action["action"]?["context"]?["prefix"] == "app")
        let id = try #require(action["action"]?["actionId"]?.string)
        let answer = #"{"version":"v0.10","actionId":"\#(id)","actionResponse":{"value":["apple","application"]}}"#
        stream.apply(try JSONParser.parse(answer), line: 4)
        #expect(stream.problems.isEmpty, "\(stream.problems)")
        #expect(stream.surfaces.first?.model.value(at: "/suggestions/0") == "apple")
        let text = TerminalRenderer(width: 60, capabilities: .plain).render(A2UIRenderer.blocks(stream))
        #expect(text.contains("apple"), "\(text)")
        // An error is a problem line.
        stream.apply(
            try JSONParser.parse(
                #"{"version":"v0.10","actionId":"\#(id)","actionResponse":{"error":{"code":"E","message":"no suggestions"}}}"#
            ),
            line: 5)
        #expect(
            stream.problems.map(\.message) == [#"the agent answered action "\#(id)" with an error: no suggestions"#])
    }

    @Test func aFunctionTheAgentCallsIsAnsweredOrRefused() throws {
        var stream = A2UIStream(reading: Self.surface)
        stream.apply(
            try JSONParser.parse(
                #"{"version":"v0.10","functionCallId":"c1","wantResponse":true,"callFunction":{"call":"formatNumber","args":{"value":1234.5,"decimals":1},"returnType":"string","callableFrom":"clientOrRemote"}}"#
            ), line: 4)
        stream.apply(
            try JSONParser.parse(
                #"{"version":"v0.10","functionCallId":"c2","wantResponse":true,"callFunction":{"call":"getLocation","args":{},"returnType":"string","callableFrom":"remoteOnly"}}"#
            ), line: 5)
        // Without wantResponse, nothing goes back; a check is the interface's own, which no agent calls.
        stream.apply(
            try JSONParser.parse(
                #"{"version":"v0.10","functionCallId":"c3","callFunction":{"call":"required","args":{"value":"x"},"returnType":"boolean","callableFrom":"clientOrRemote"}}"#
            ), line: 6)
        #expect(stream.replies.count == 2)
        #expect(stream.replies.first?["functionResponse"]?["functionCallId"] == "c1")
        #expect(stream.replies.first?["functionResponse"]?["value"] == "1,234.5")
        // A function of another catalog is the specification's answer, not a malformed message.
        #expect(stream.replies.last?["error"]?["functionCallId"] == "c2")
        #expect(stream.replies.last?["error"]?["code"] == "FUNCTION_NOT_FOUND")
        #expect(stream.notices == [#"the agent called "getLocation", a function Teletype does not have"#])
        #expect(
            stream.problems.map(\.message) == [
                #"callFunction "required": a check the interface runs itself, which an agent cannot call"#
            ])
    }

    /// The v0.10 schema's rules for `callFunction` (each case written from the schema): a valid
    /// message reads without a problem line, an invalid one with exactly one.
    static let callFunctionCases: [(String, Bool, String)] = [
        (
            "openUrl, answered", true,
            #"{"version":"v0.10","functionCallId":"a","wantResponse":true,"callFunction":{"call":"openUrl","args":{"url":"https://example.com"},"returnType":"void","callableFrom":"clientOrRemote"}}"#
        ),
        (
            "openUrl, not answered", true,
            #"{"version":"v0.10","functionCallId":"b","callFunction":{"call":"openUrl","args":{"url":"https://example.com"},"returnType":"void","callableFrom":"clientOrRemote"}}"#
        ),
        (
            "remoteOnly", true,
            #"{"version":"v0.10","functionCallId":"c","callFunction":{"call":"openUrl","args":{"url":"https://example.com"},"returnType":"void","callableFrom":"remoteOnly"}}"#
        ),
        (
            "another catalog's function", true,
            #"{"version":"v0.10","functionCallId":"d","wantResponse":true,"callFunction":{"call":"pingServer","returnType":"void","callableFrom":"remoteOnly"}}"#
        ),
        (
            "a list of scalars as an argument, a list returned", true,
            #"{"version":"v0.10","functionCallId":"e","callFunction":{"call":"pickColors","args":{"from":["red",2,true,null]},"returnType":"string[]","callableFrom":"remoteOnly"}}"#
        ),
        (
            "no functionCallId", false,
            #"{"version":"v0.10","callFunction":{"call":"openUrl","args":{"url":"https://example.com"},"returnType":"void","callableFrom":"clientOrRemote"}}"#
        ),
        ("no call", false, #"{"version":"v0.10","functionCallId":"f"}"#),
        (
            "clientOnly", false,
            #"{"version":"v0.10","functionCallId":"g","callFunction":{"call":"openUrl","args":{"url":"https://example.com"},"returnType":"void","callableFrom":"clientOnly"}}"#
        ),
        (
            "no callableFrom", false,
            #"{"version":"v0.10","functionCallId":"h","callFunction":{"call":"openUrl","args":{"url":"https://example.com"},"returnType":"void"}}"#
        ),
        (
            "an object as an argument", false,
            #"{"version":"v0.10","functionCallId":"i","callFunction":{"call":"lookup","args":{"value":{"nested":"object"}},"returnType":"string","callableFrom":"clientOrRemote"}}"#
        ),
        (
            "a list of objects as an argument", false,
            #"{"version":"v0.10","functionCallId":"j","callFunction":{"call":"lookup","args":{"value":[{"nested":"object"}]},"returnType":"string","callableFrom":"clientOrRemote"}}"#
        ),
        (
            "an object returned", false,
            #"{"version":"v0.10","functionCallId":"k","callFunction":{"call":"lookup","args":{"value":"x"},"returnType":"object","callableFrom":"clientOrRemote"}}"#
        ),
        (
            "no returnType", false,
            #"{"version":"v0.10","functionCallId":"l","callFunction":{"call":"lookup","callableFrom":"clientOrRemote"}}"#
        ),
        (
            "a property a call has not", false,
            #"{"version":"v0.10","functionCallId":"m","callFunction":{"call":"lookup","returnType":"void","callableFrom":"remoteOnly","surfaceId":"s"}}"#
        ),
        (
            "a check the interface runs", false,
            #"{"version":"v0.10","functionCallId":"n","callFunction":{"call":"email","args":{"value":"a@b.c"},"returnType":"boolean","callableFrom":"clientOrRemote"}}"#
        ),
    ]

    @Test(arguments: callFunctionCases.indices)
    func callFunctionFollowsTheSchema(_ index: Int) throws {
        let (description, valid, message) = Self.callFunctionCases[index]
        var stream = A2UIStream()
        stream.apply(try JSONParser.parse(message), line: 1)
        if valid {
            #expect(stream.problems.isEmpty, "\(description): \(stream.problems)")
        } else {
            #expect(stream.problems.count == 1, "\(description): \(stream.problems)")
        }
    }

    @Test func aLinkTheAgentWantsOpenedIsShownNeverOpened() throws {
        var stream = A2UIStream()
        stream.apply(try JSONParser.parse(Self.callFunctionCases[0].2), line: 1)
        #expect(stream.replies.first?["functionResponse"]?["value"] == .null)
        let text = TerminalRenderer(width: 60, capabilities: .plain).render(A2UIRenderer.blocks(stream))
        #expect(text.contains("the agent asks to open https://example.com"), "\(text)")
    }

    @Test(arguments: [("4", true), ("1", true), ("0", false), ("2.5", false), ("\"3\"", false)])
    func aSlidersStepsAreAWholeNumberOfAtLeastOne(_ steps: String, _ valid: Bool) {
        let stream = A2UIStream(
            reading: Self.surface(
                #"{"id":"root","component":"Slider","label":"Volume","value":3,"max":10,"steps":"# + steps + "}"))
        #expect(stream.problems.isEmpty == valid, "steps \(steps): \(stream.problems)")
    }

    static func surface(_ components: String) -> String {
        [
            #"{"version":"v0.10","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_10/catalogs/basic/catalog.json"}}"#,
            #"{"version":"v0.10","updateComponents":{"surfaceId":"s","components":["# + components + "]}}",
        ].joined(separator: "\n")
    }

    @Test func aVideosPosterIsALinkNeverLoaded() {
        let stream = A2UIStream(
            reading: Self.surface(
                #"{"id":"root","component":"Column","children":["clip","bad"]},"#
                    + #"{"id":"clip","component":"Video","url":"https://example.com/a.mp4","posterUrl":"https://example.com/a.jpg"},"#
                    + #"{"id":"bad","component":"Video","url":"https://example.com/b.mp4","posterUrl":"javascript:alert(1)"}"#
            ))
        #expect(stream.problems.isEmpty, "\(stream.problems)")
        let text = TerminalRenderer(width: 100, capabilities: .plain).render(A2UIRenderer.blocks(stream))
        #expect(text.contains("▶ video (https://example.com/a.mp4) · [poster] (https://example.com/a.jpg)"), "\(text)")
        let html = A2UIRenderer.html(stream)
        #expect(html.contains(#"<a href="https://example.com/a.jpg" rel="noopener noreferrer nofollow">[poster]</a>"#))
        #expect(!html.contains("<img") && !html.contains("<video") && !html.contains("javascript:"), "\(html)")
    }

    @Test func aTextFieldShowsItsPlaceholderWhileEmpty() throws {
        let content = Self.surface(
            #"{"id":"root","component":"Column","children":["name"]},"#
                + #"{"id":"name","component":"TextField","label":"Name","value":{"path":"/name"},"placeholder":"Ada Lovelace","checks":[{"condition":{"call":"required","args":{"value":{"path":"/name"}}},"message":"A name is needed"}]}"#
        )
        let stream = A2UIStream(reading: content)
        #expect(stream.problems.isEmpty, "\(stream.problems)")
        let text = TerminalRenderer(width: 60, capabilities: .plain).render(A2UIRenderer.blocks(stream))
        #expect(text.contains("Name [ Ada Lovelace ]") && !text.contains("A name is needed"), "\(text)")
        let styled = TerminalRenderer(width: 60, capabilities: .full).render(A2UIRenderer.blocks(stream))
        #expect(styled.contains("Ada Lovelace"))
        #expect(A2UIRenderer.html(stream).contains(#"placeholder="Ada Lovelace" disabled"#))

        // Typed into, the field shows its value, not the placeholder.
        var interaction = A2UIInteraction(stream: stream)
        let focused = interaction.moveFocus()
        #expect(focused)
        for character in "Grace" { _ = interaction.handle(.character(character), at: "2026-12-02T10:00:00Z") }
        let typed = TerminalRenderer(width: 60, capabilities: .plain).render(interaction.blocks)
        #expect(typed.contains("[ Grace ]") && !typed.contains("Ada Lovelace"), "\(typed)")
    }
}
