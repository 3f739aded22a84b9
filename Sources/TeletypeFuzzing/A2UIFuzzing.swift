import TeletypeA2UI
import TeletypeANSI
import TeletypeLayout

/// A2UI message streams: read, resolved and drawn at a width taken from the input, in plain text,
/// ANSI and HTML — safe, every line fitting, and no problem that does not name a line; then worked
/// in, control by control.
enum A2UIFuzzing {
    static func problems(in bytes: [UInt8]) -> [String] {
        let width = 12 + Int(bytes.first ?? 0) % 120
        let text = String(decoding: bytes, as: UTF8.self)
        let stream = A2UIStream(reading: text)
        let blocks = A2UIRenderer.blocks(stream)
        var problems: [String] = []
        let plain = TerminalRenderer(width: width, capabilities: .plain).render(blocks)
        problems += RenderedOutputChecks.plain(plain, "a2ui plain")
        problems += RenderedOutputChecks.fits(plain, width: width, "a2ui plain")
        let ansi = TerminalRenderer(width: width, capabilities: .full).render(blocks)
        problems += RenderedOutputChecks.ansi(ansi, "a2ui ansi")
        problems += RenderedOutputChecks.fits(ansi, width: width, "a2ui ansi")
        problems += RenderedOutputChecks.html(A2UIRenderer.html(stream), "a2ui html")
        // Worked in: each control (a bounded few) focused and given each key, still drawable and fitting.
        var interaction = A2UIInteraction(stream: stream)
        let keys: [A2UIInteraction.Key] = [.activate, .right, .character("é"), .backspace, .left, .activate]
        for _ in interaction.controls.prefix(8) {
            interaction.moveFocus()
            for key in keys { _ = interaction.handle(key, at: "2026-11-30T00:00:00Z") }
            let drawn = TerminalRenderer(width: width, capabilities: .plain).render(interaction.blocks)
            problems += RenderedOutputChecks.plain(drawn, "a2ui interaction")
            problems += RenderedOutputChecks.fits(drawn, width: width, "a2ui interaction")
        }
        // Counted in bytes: a "\r\n" is one Character, which a split at "\n" would not see.
        let lines = bytes.count { $0 == 0x0A } + 1
        for problem in stream.problems where problem.line < 1 || problem.line > lines {
            problems.append("a2ui: a problem on line \(problem.line) of \(lines)")
        }
        return problems
    }
}
