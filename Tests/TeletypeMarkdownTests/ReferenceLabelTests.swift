import TeletypeTestSupport
import Testing

@testable import TeletypeMarkdown

/// Labels are matched as CommonMark matches them: case folded, whitespace collapsed. A label whose
/// letters have no case (CJK, kana, Hangul, punctuation) is kept as it is, without the Unicode fold.
@Suite struct ReferenceLabelTests {
    /// The fold CommonMark asks for, done the long way.
    static func folded(_ text: String) -> [UInt8] {
        Array(text.lowercased().uppercased().lowercased().utf8)
    }

    @Test func theCaselessBlocksHaveNoCase() {
        var found = 0
        for range in [0x3000...0x30FF, 0x3400...0x9FFF, 0xAC00...0xD7A3] {
            for value in range {
                guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
                let text = String(scalar)
                #expect(
                    ReferenceLabel.isCaseless(Array(text.utf8)),
                    "U+\(String(value, radix: 16)) is not taken as caseless")
                if Self.folded(text) != Array(text.utf8) {
                    Issue.record("U+\(String(value, radix: 16)) changes when folded")
                }
                found += 1
            }
        }
        #expect(found > 30_000)
    }

    /// Every scalar taken as caseless folds to itself; every other one is folded the long way.
    @Test func everyScalarFoldsAsTheLongWay() {
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            let bytes = Array(text.utf8)
            if ReferenceLabel.isCaseless(bytes), Self.folded(text) != bytes {
                Issue.record("U+\(String(value, radix: 16)) is taken as caseless but folds")
            }
        }
    }

    @Test(arguments: [
        "ẞ", "Straße", "ΣΑΣ", "µ", "Ⓐ", "ＡＢＣ", "İstanbul", "漢字 Ａ", "Ǆ", "مرحبا", "தமிழ்", "🚀 Launch", "a → b",
    ])
    func labelsWithCaseAreFolded(_ label: String) {
        #expect(ReferenceLabel(Array(label.utf8)[...]).key == Self.folded(label))
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage))) func corpusLabelsFoldAsTheLongWay()
        throws
    {
        var checked = 0
        for file in Corpus.markdown {
            let bytes = Array(file.text.utf8)
            var index = 0
            while let open = bytes[index...].firstIndex(of: 0x5B) {
                guard let close = bytes[(open + 1)...].prefix(200).firstIndex(of: 0x5D) else { break }
                let raw = bytes[(open + 1)..<close]
                index = close + 1
                guard raw.contains(where: { $0 >= 0x80 }), !raw.contains(0x5B) else { continue }
                let label = String(decoding: raw, as: UTF8.self)
                let collapsed = label.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                    .joined(separator: " ")
                let key = ReferenceLabel(raw).key
                #expect(key == Self.folded(collapsed), "\(file.name): [\(label)]")
                checked += 1
            }
        }
        #expect(checked > 0)
    }
}
