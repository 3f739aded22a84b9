import Teletype

/// A shell command: Claude Code's `Bash`, Codex's `shell`, `exec_command` and `local_shell_call`,
/// Gemini CLI's `run_shell_command`. Shown as the command, what it printed and how it exited.
enum ShellTool {
    static let names: Set<String> = [
        "bash", "shell", "exec_command", "local_shell_call", "local_shell", "run_shell_command", "shell_command",
        "container.exec", "run_terminal_cmd", "execute_command", "bashoutput",
    ]

    static func describe(_ arguments: JSONValue, output: JSONValue?, call: AIToolCallPart) -> AgentTool.Description? {
        guard let command = command(arguments) else { return nil }
        var text: String?
        var exitCode: Int?
        switch output {
        case .object(let object)?:
            // Codex: {"output": …, "metadata": {"exit_code": …}}; others: stdout and stderr.
            let parts = ["output", "aggregated_output", "stdout", "stderr", "content"].compactMap {
                object[$0]?.string.flatMap { $0.isEmpty ? nil : $0 }
            }
            text =
                parts.isEmpty ? nil : parts.joined(separator: parts.count > 1 && !parts[0].hasSuffix("\n") ? "\n" : "")
            exitCode =
                object["exit_code"]?.integer ?? object["exitCode"]?.integer ?? object["metadata"]?["exit_code"]?.integer
                ?? object["returnCode"]?.integer
        case .some(let value):
            text = AgentTool.text(of: value)
        case nil:
            break
        }
        // "Exit code 2" first, as Claude Code writes a failed command's result.
        if var output = text, output.hasPrefix("Exit code ") {
            let digits = output.dropFirst("Exit code ".count).prefix { $0.isNumber }
            if let code = Int(digits) {
                exitCode = code
                output.removeFirst("Exit code ".count + digits.count)
                text = String(output.drop { $0 == "\n" })
            }
        }
        if exitCode == nil, call.status == .failed, text == nil { text = call.errorText }
        return AgentTool.Description(
            title: nil, note: nil, body: .shell(command: command, output: text, exitCode: exitCode))
    }

    /// The command line: a string, or an argument list (`["bash", "-lc", "ls"]` is `ls`).
    static func command(_ arguments: JSONValue) -> String? {
        let value = arguments["command"] ?? arguments["cmd"] ?? arguments["action"]?["command"] ?? arguments["argv"]
        switch value {
        case .string(let text)?: return text.isEmpty ? nil : text
        case .array(let items)?:
            let words = items.compactMap(\.string)
            guard !words.isEmpty else { return nil }
            if words.count == 3, ["bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/bin/zsh"].contains(words[0]),
                ["-lc", "-c"].contains(words[1])
            {
                return words[2]
            }
            return words.map(quoted).joined(separator: " ")
        default:
            return nil
        }
    }

    /// A word as a shell would need it written.
    static func quoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "-_./=:,+@%".unicodeScalars.contains(scalar)
        }
        if plain && !word.isEmpty { return word }
        return "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
