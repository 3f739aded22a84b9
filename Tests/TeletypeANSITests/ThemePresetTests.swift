import TeletypeLayout
import Testing

@Suite struct ThemePresetTests {
    /// The names a command checks `--theme` against are those of the presets, and each names its theme.
    @Test func namesArePresets() {
        #expect(Theme.presetNames == Theme.presets.map(\.name))
        for theme in Theme.presets {
            #expect(Theme.named(theme.name) == theme)
        }
        #expect(Theme.named("sepia") == nil)
    }
}
