import Teletype

/// A call that hands work to a subagent (Claude Code's `Task` and `Agent`, OpenCode's `task`,
/// Cline's `new_task`, Kiro's `use_subagent`): titled by what it was asked to do, its agent's type
/// beside the status. Where the log keeps the subagent's own conversation, it is nested under the
/// card; where it does not, the title still says what the work was.
enum SubagentTool {
    static let names: Set<String> = ["task", "agent", "new_task", "use_subagent", "spawn_agent", "subagent"]

    static func describe(_ arguments: JSONValue, call: AIToolCallPart) -> AgentTool.Description? {
        guard call.subagent == nil else { return nil }
        let asked =
            AgentTool.string(arguments, "description", "title", "task", "prompt", "message", "query")
            .map { $0.split(whereSeparator: \.isNewline).first.map(String.init) ?? $0 }
        guard let asked, !asked.isEmpty else { return nil }
        let title = asked.count > 80 ? String(asked.prefix(79)) + "…" : asked
        return AgentTool.Description(
            title: "Subagent: " + title,
            note: AgentTool.string(arguments, "subagent_type", "agent", "agent_type", "mode"), body: nil)
    }
}
