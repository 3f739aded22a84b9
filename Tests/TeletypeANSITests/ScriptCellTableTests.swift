import Testing

@testable import TeletypeANSI

/// The table of cells and cluster joining for U+0300–U+2FFF is the one Unicode's properties give,
/// scalar by scalar (as this toolchain's standard library reads them).
@Suite struct ScriptCellTableTests {
    @Test func everyEntryIsTheLookedUpOne() {
        var differences = 0
        for value in UInt32(0x300)..<ScriptCellTable.end {
            let expected = ScriptCellTable.computedEntry(value)
            if ScriptCellTable.entry(value) != expected {
                differences += 1
                if differences <= 10 {
                    Issue.record("U+\(String(value, radix: 16)): \(ScriptCellTable.entry(value)), not \(expected)")
                }
            }
        }
        #expect(differences == 0)
        if differences > 0 {
            // The table as ScriptCellData.swift holds it, to paste in after a Unicode update.
            let lines = stride(from: UInt32(0), to: ScriptCellTable.end, by: 128).map { start in
                String((start..<start + 128).map { Character(UnicodeScalar(48 + ScriptCellTable.computedEntry($0))) })
            }
            print(lines.joined(separator: "\n"))
        }
    }
}
