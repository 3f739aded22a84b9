import Foundation
import Teletype
import TeletypeA2UI
import TeletypeANSI
import TeletypeLayout
import TeletypeTestSupport
import Testing

/// The A2UI specification's own test cases (`specification/v0_9/test/cases/`: each a message and
/// whether it is valid): a valid message reads without a problem line; an invalid one gives one
/// line naming what is wrong, and the rest still draws.
@Suite struct A2UIConformanceTests {
    static let files = [
        "button_checks.json", "checkable_components.json", "client_messages.json", "contact_form_example_test.json",
        "function_catalog_validation.json", "tabs_checks.json", "text_variants.json", "theme_validation.json",
    ]

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: files)
    func everyCaseOfTheSpecificationAgrees(_ name: String) throws {
        let text = Corpus.a2ui("specification/v0_9/test/cases/" + name)
        let document = try JSONParser.parse(text)
        let isClient = document["schema"]?.string == "client_to_server.json"
        let tests = document["tests"]?.array ?? []
        #expect(!tests.isEmpty, "\(name) holds no cases")
        for test in tests {
            let valid = test["valid"]?.bool ?? true
            let description = test["description"]?.string ?? "?"
            let messages = test["data"]?.array ?? test["data"].map { [$0] } ?? []
            var problems: [String] = []
            if isClient {
                problems = messages.compactMap(A2UIStream.problem(inClientMessage:))
            } else {
                var stream = A2UIStream()
                for message in messages { stream.apply(message, line: 1) }
                problems = stream.problems.map(\.message)
                // The rest still draws.
                _ = TerminalRenderer(width: 60, capabilities: .plain).render(A2UIRenderer.blocks(stream))
            }
            if valid {
                #expect(problems.isEmpty, "\(name): \"\(description)\" is valid, read with \(problems)")
            } else {
                #expect(problems.count == 1, "\(name): \"\(description)\" is invalid, read with \(problems)")
            }
        }
    }
}
