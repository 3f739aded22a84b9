import Foundation
import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeMarkdown

// teletype-bench [html] [ansi] [rich] [--quick] [--json FILE]
//
// Measures Teletype against its peers in one run, on one machine, and prints ratios:
//   real  the real documents of ../shared/corpus/markdown one after another, and long generated documents shaped
//         like real ones outside it (release notes, API reference, awesome list, changelog), `teletype md` (HTML,
//         ANSI) against `cmark-gfm` as whole processes, on every core and on one (taskset -c 0); the corpus
//         concatenated 2 and 10 times; each corpus document's own ratios, the worst and the median
//   machine the Markdown files of 100 KB or more found on this machine at run time (outside the project and
//         ../shared), each document's ratios to cmark-gfm, the worst and the median
//   sizes what a 1 KB, a 60 KB and a 1 MB document cost as whole processes, against cmark-gfm
//   sessions        `teletype export` of agents' session logs (a real 500 KB Claude Code session, a generated
//                   50 MB one, a Codex rollout) against claude-code-transcripts, claude-code-log, codex-transcripts
//   search          `teletype search` over a generated home of every agent (2,100 sessions, 540 MB): the first index
//                   and an update against `agentsview sync`, 100 queries of its words (p50, p99) against
//                   `agentsview session search`, the index's size
//   browse          `teletype browse` in a pseudo-terminal: start to its list with 10,000 sessions indexed; each
//                   frame's time reading a generated 50 MB session
//   chat-exports    a generated 200 MB ChatGPT export: `teletype export` of all of it, `render --conversation` of
//                   one, against reading it with Python's json module
//   html  Markdown → HTML, ours vs the `cmark-gfm -e table -e strikethrough -e autolink` command (~5 MB)
//   ansi  Markdown → ANSI, ours vs that same cmark-gfm HTML conversion (~5 MB)
//   rich  Markdown → ANSI on a 200 KB slice, ours vs Python rich (`Console(width=100, force_terminal=True)`)
//   render, export  `teletype render` / `teletype export` of a 10,000-message transcript, vs cmark-gfm on its texts
//   export-large    peak memory of exporting a 200 MB JSONL transcript
//   streaming       streaming 100 KB and 1 MB replies in 4-byte deltas against one render; a row update
//   piped           `teletype md` reading each real document from a pipe, 4 bytes a millisecond, vs streamdown
//   conversation    100,000 feed updates of a growing reply, in 10,000 messages against 10
//   hostile         pathological inputs (a 50 MB line, deep nesting, …) against cmark-gfm; a million deltas
//   highlight       the ANSI render of the real documents with syntax highlighting against without
//   archive         `teletype export FOLDER -o OUTDIR` of 1,000 transcripts: every core ÷ one job, memory, re-run
// Each measurement runs in a child process, so peak memory (max RSS) is reported per program.
// `teletype-bench --stages FILE` times each stage of one render (parse, HTML, layout, lines, write);
// with a FILE that cannot be read it uses the generated document. `--write-session FILE BYTES` writes the generated
// Claude Code session of the `sessions` suite, `--write-chat-export FILE BYTES` the ChatGPT export of `chat-exports`,
// `--write-home FOLDER SESSIONS` the home of every agent of `sessions` (`--check-skims FOLDER` compares the
// listing's quick look at each of its logs with a reading), `--write-agent AGENT FILE BYTES` one
// generated session of an agent (codex, geminiCLI, cursor, copilotCLI, cline, antigravity, qwenCode, kimi, grok, kiro).

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "--stages", arguments.count == 2 {
    Stages.run(arguments[1])
    exit(0)
}
if arguments.first == "--write-hostile", arguments.count >= 2 {
    HostileInputBench.write(to: arguments[1], quick: arguments.contains("--quick"))
    exit(0)
}
if arguments.first == "--write-session", arguments.count == 3, let bytes = Int(arguments[2]) {
    SessionGenerator.write(to: arguments[1], bytes: bytes)
    exit(0)
}
if arguments.first == "--write-home", arguments.count == 3, let sessions = Int(arguments[2]) {
    let bytes = AgentHomeGenerator.writeHome(at: arguments[1], sessions: sessions)
    print("\(sessions) sessions, \(bytes / 1_000_000) MB in \(arguments[1])")
    exit(0)
}
if arguments.first == "--check-skims", arguments.count == 2 {
    let disagreeing = AgentHomeBench.skimsThatDisagree(home: arguments[1])
    exit(disagreeing == 0 ? 0 : 1)
}
if arguments.first == "--write-agent", arguments.count == 4,
    let agent = AgentHomeGenerator.Agent(rawValue: arguments[1]),
    let bytes = Int(arguments[3])
{
    AgentHomeGenerator.writeFile(agent, bytes: bytes, at: arguments[2], id: "generated", start: 1_780_000_000, seed: 99)
    exit(0)
}
if arguments.first == "--write-chat-export", arguments.count == 3, let bytes = Int(arguments[2]) {
    ChatExportGenerator.write(to: arguments[1], bytes: bytes)
    exit(0)
}
if arguments.first == "--measure" {
    exit(Measure.run(Array(arguments.dropFirst())))
}

var suites: [String] = []
var quick = false
var jsonPath: String?
var index = 0
while index < arguments.count {
    switch arguments[index] {
    case "--quick": quick = true
    case "--json":
        index += 1
        guard index < arguments.count else {
            FileHandle.standardError.write(Data("teletype-bench: --json needs a file\n".utf8))
            exit(2)
        }
        jsonPath = arguments[index]
    case "real", "machine", "sizes", "sessions", "chat-exports", "search", "browse", "html", "ansi", "rich", "render",
        "export",
        "export-large",
        "streaming", "piped",
        "conversation",
        "hostile", "highlight", "archive":
        suites.append(arguments[index])
    case "-h", "--help":
        print(
            "usage: teletype-bench [real] [machine] [sizes] [sessions] [chat-exports] [search] [browse] [html] [ansi] [rich] [render] [export] [export-large] [streaming] [piped] [conversation] [hostile] [highlight] [archive] [--quick] [--json FILE]"
        )
        exit(0)
    default:
        FileHandle.standardError.write(Data("teletype-bench: unknown argument '\(arguments[index])'\n".utf8))
        exit(2)
    }
    index += 1
}
if suites.isEmpty {
    suites = [
        "real", "machine", "sizes", "sessions", "chat-exports", "search", "browse", "html", "ansi", "rich", "render",
        "export",
        "export-large", "streaming", "piped", "conversation", "hostile", "highlight", "archive",
    ]
}
exit(Bench(suites: suites, quick: quick, jsonPath: jsonPath).run())
