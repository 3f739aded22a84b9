// The fuzzing entry point. Built with `-D FUZZING` and `-sanitize=fuzzer,address` (see `make fuzz`),
// it is a libFuzzer binary that runs the target named by `TELETYPE_FUZZ_TARGET`; built normally, it
// runs saved inputs through a target: `teletype-fuzz TARGET FILE...`.
import Foundation
import TeletypeFuzzing

#if FUZZING
    /// The target this process fuzzes, chosen once at start-up.
    nonisolated(unsafe) private var selectedTarget = FuzzTarget.markdown

    /// libFuzzer's start-up hook: picks the target from the environment.
    @_cdecl("LLVMFuzzerInitialize")
    public func fuzzerInitialize(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
    ) -> CInt {
        let name = ProcessInfo.processInfo.environment["TELETYPE_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("teletype-fuzz: set TELETYPE_FUZZ_TARGET to one of: \(names)\n".utf8))
            exit(2)
        }
        selectedTarget = target
        return 0
    }

    /// libFuzzer's test hook: a broken property is a crash, with the problems printed first.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        let problems = selectedTarget.problems(in: bytes)
        if !problems.isEmpty {
            FileHandle.standardError.write(Data(("teletype-fuzz: " + problems.joined(separator: "\n") + "\n").utf8))
            abort()
        }
        return 0
    }
#else
    /// Runs saved inputs through a target and reports what broke: how a crash file is reproduced
    /// without sanitizers.
    @main struct RegressionRunner {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
                let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
                FileHandle.standardError.write(Data("usage: teletype-fuzz \(names) FILE...\n".utf8))
                exit(2)
            }
            var failed = false
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("teletype-fuzz: cannot read \(path)\n".utf8))
                    exit(1)
                }
                let problems = target.problems(in: Array(data))
                print("\(path): \(problems.isEmpty ? "ok" : problems.joined(separator: "\n  "))")
                failed = failed || !problems.isEmpty
            }
            exit(failed ? 1 : 0)
        }
    }
#endif
