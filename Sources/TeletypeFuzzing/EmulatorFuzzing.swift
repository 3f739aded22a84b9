import TeletypeANSI
import TeletypeSnapshotTesting

/// The snapshot library's terminal emulator: any bytes leave a screen of its size whose lines fit.
enum EmulatorFuzzing {
    static func problems(in bytes: [UInt8]) -> [String] {
        let hash = InputHash.of(bytes)
        let width = Int(hash % 120) + 1
        let height = Int((hash >> 8) % 40) + 1
        var emulator = TerminalEmulator(width: width, height: height)
        emulator.feed(bytes)
        var problems: [String] = []
        if emulator.screen.count != height {
            problems.append("\(width)×\(height): the screen has \(emulator.screen.count) lines")
        }
        for (number, line) in (emulator.screen + emulator.scrollback).enumerated() {
            // A last cluster that a joining scalar widened at the edge is drawn clipped to the
            // column left.
            var cells = line.dropLast().reduce(0) { $0 + CellWidth.of($1) }
            if let last = line.last { cells += cells == width - 1 ? 1 : CellWidth.of(last) }
            if cells > width {
                problems.append("\(width)×\(height): line \(number + 1) takes \(cells) cells")
                break
            }
        }
        return problems
    }
}
