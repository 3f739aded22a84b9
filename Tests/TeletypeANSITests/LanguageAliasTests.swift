import Testing

@testable import TeletypeLayout

/// The names a fence may give are found by a binary search of a sorted table: the table is sorted
/// by bytes with no name twice, every name in it is found with its language, and names beside them
/// (a letter more or less) are not.
@Suite struct LanguageAliasTests {
    @Test func theTableIsSortedAndEveryNameIsFound() {
        let names = Languages.aliases.map(\.name)
        for (first, second) in zip(names, names.dropFirst()) {
            #expect(first.utf8.lexicographicallyPrecedes(second.utf8), "\(first) before \(second)")
        }
        for (name, canonical) in Languages.aliases {
            #expect(Languages.canonical(name) == canonical, "\(name)")
            #expect(Languages.canonical(name + "x") == nil || names.contains(name + "x"), "\(name)x")
            #expect(Languages.canonical(String(name.dropLast())) == nil || names.contains(String(name.dropLast())))
        }
        #expect(Languages.canonical("") == nil)
        #expect(Languages.canonical("zzz") == nil)
        #expect(Languages.canonical("a") == nil)
        #expect(Set(Languages.aliases.map(\.canonical)).allSatisfy { Languages.make($0) != nil })
    }
}
