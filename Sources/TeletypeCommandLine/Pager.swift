#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The pager `render` writes through into a terminal, as `git`, `bat` and `delta` do:
/// `$TELETYPE_PAGER`, else `$PAGER`, else `less -R -F -X` (colours kept, gone at once when the
/// output fits on one screen, the screen left as it was). An empty `TELETYPE_PAGER` (or `cat`),
/// `--no-pager`, a pipe and `--follow` write straight out; where the pager is not installed,
/// Teletype's own reader shows the conversation (`browse`'s). The terminal's size is taken before output goes to the pager, so the conversation is laid
/// out for the terminal, not for a pipe.
package enum Pager {
    /// The terminal standard output was before it went to the pager: its width and height.
    nonisolated(unsafe) package static var terminal: (width: Int?, height: Int?)?
    nonisolated(unsafe) private static var child: pid_t = 0

    /// The pager's command line for `environment`, or nil for none.
    static func command(_ environment: [String: String]) -> String? {
        let chosen = environment["TELETYPE_PAGER"] ?? environment["PAGER"] ?? "less -R -F -X"
        let command = String(chosen.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard !command.isEmpty, command != "cat" else { return nil }
        // Its program must be there (a shell would say "not found" and the output would be lost);
        // a command with redirections or variables is the shell's to judge.
        let program = String(command.prefix { $0 != " " })
        if program.contains("/") { return access(program, X_OK) == 0 ? command : nil }
        if command.contains(where: { "<>|;&$`'\"(".contains($0) }) { return command }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.contains { access(String($0) + "/" + program, X_OK) == 0 } ? command : nil
    }

    /// Whether a pager is asked for (by the environment, or `less` by default) but none is
    /// installed: `render` then opens its own reader, where a terminal is there to read it in.
    static func isMissing(_ environment: [String: String]) -> Bool {
        let chosen = String(
            (environment["TELETYPE_PAGER"] ?? environment["PAGER"] ?? "less").drop { $0 == " " || $0 == "\t" }
                .reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        return !chosen.isEmpty && chosen != "cat" && command(environment) == nil
    }

    /// Starts the pager and sends standard output to it, when standard output is a terminal and a
    /// pager is to be used; false (and nothing changed) otherwise.
    @discardableResult
    package static func start(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard child == 0, isatty(STDOUT_FILENO) == 1, let command = command(environment) else { return false }
        let size = (Console.terminalWidth, Console.terminalHeight)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        var variables = environment
        // As git does: less keeps colours, quits when all fits, leaves the screen as it was.
        if variables["LESS"] == nil { variables["LESS"] = "FRX" }
        if variables["LV"] == nil { variables["LV"] = "-c" }
        let arguments = ["/bin/sh", "-c", command]
        let environmentLines = variables.map { $0.key + "=" + $0.value }
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environmentLines) { envp in posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp) }
        }
        close(ends[0])
        guard status == 0 else {
            close(ends[1])
            return false
        }
        dup2(ends[1], STDOUT_FILENO)
        close(ends[1])
        terminal = size
        child = pid
        // The pager reads the keyboard: Ctrl-C is its (less stops a search with it), and a pager
        // quit early leaves writes that fail quietly.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        atexit { Pager.finish() }
        return true
    }

    /// Ends the output and waits for the reader to quit the pager.
    static func finish() {
        guard child != 0 else { return }
        close(STDOUT_FILENO)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        child = 0
    }

    /// Calls `body` with `strings` as a NULL-ended C array.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
