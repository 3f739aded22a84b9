import Foundation
import TeletypeTestSupport

/// The documents shipped in `Samples/`.
enum SampleDocuments {
    static let demo: String = {
        let url = PackageRoot.url.appendingPathComponent("Samples/demo.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()
}
