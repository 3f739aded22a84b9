import Teletype
import TeletypeMarkdown

/// One element of a conversation row, as every renderer knows it: terminal, plain text, HTML and
/// Markdown each draw it their own way. Texts are the untrusted text of the conversation; renderers
/// neutralise them.
public enum ConversationBlock: Sendable, Equatable {
    /// The user's text, in a bubble at the trailing edge, with when it was written (seconds
    /// since 1970) under it where that is known; folded after its first lines when `fold` says so.
    case userBubble(String, isPending: Bool, time: Double? = nil, fold: PromptFold? = nil)
    /// A reply's Markdown answer.
    case markdown(MarkdownDocument)
    /// A reasoning step.
    case reasoning(ReasoningView)
    /// A tool call card.
    case toolCall(ToolCallView)
    /// A tool call's request for the user's approval.
    case approval(ApprovalView)
    /// An attachment card.
    case attachment(AttachmentView)
    /// A step this version can't show.
    case unsupported(String)
    /// Generated UI, drawn by a renderer of its format.
    case generatedUI(GeneratedUIView)
    /// "Thinking… 4s" at the end of the latest turn.
    case thinking(String)
    /// The actions under a finished reply.
    case actions([ActionView])
    /// A note: older messages, footer, empty content, a system message.
    case notice(String, kind: NoticeKind)
    /// Conversation starters.
    case suggestions([String])
    /// A view of your own, in each output's terms.
    case custom(CustomView)
    /// Where the agent compacted the conversation: a line across, and the summary that replaced
    /// what came before, folded.
    case divider(DividerView)
    /// Where the conversation forked: which version this is, and the other versions, laid out.
    case branch(BranchView)
}

/// A compaction's divider.
public struct DividerView: Sendable, Equatable {
    /// What the line says ("Earlier messages were compacted into a summary").
    public var title: String
    /// The summary, shown when open.
    public var summary: MarkdownDocument?
    /// Whether the summary shows.
    public var isOpen: Bool

    /// A divider.
    public init(title: String, summary: MarkdownDocument?, isOpen: Bool) {
        self.title = title
        self.summary = summary
        self.isOpen = isOpen
    }
}

/// A branch point of a conversation.
public struct BranchView: Sendable, Equatable {
    /// What it says ("Version 2 of 2: the user rewound here").
    public var label: String
    /// The other versions' rows, each with its own label.
    public var alternatives: [(label: String, rows: [ConversationRow])]

    /// A branch point.
    public init(label: String, alternatives: [(label: String, rows: [ConversationRow])]) {
        self.label = label
        self.alternatives = alternatives
    }

    /// Whether two branch points say the same and hold the same versions.
    public static func == (lhs: BranchView, rhs: BranchView) -> Bool {
        lhs.label == rhs.label && lhs.alternatives.map(\.label) == rhs.alternatives.map(\.label)
            && lhs.alternatives.map(\.rows) == rhs.alternatives.map(\.rows)
    }
}

/// What kind of note a ``ConversationBlock/notice(_:kind:)`` is.
public enum NoticeKind: String, Sendable, Equatable {
    /// There are older messages above, not loaded.
    case olderMessages = "older-messages"
    /// The line under the conversation, such as a disclaimer or a status.
    case footer
    /// What an empty conversation shows.
    case empty
    /// A system message or an instruction the agent was given.
    case system
    /// Something went wrong, such as a failed send.
    case error
    /// The model declined to answer.
    case refusal
    /// A session's title, above its conversation.
    case title
    /// What a session log says of the session: its agent, folder, branch, models, times, tokens.
    case session
}

/// A reasoning step ready to show.
public struct ReasoningView: Sendable, Equatable {
    /// "Thinking… 4s", "Thought for 8s" or "Thought process".
    public var title: String
    /// The one-line summary, shown beside the title once done.
    public var summary: String?
    /// The thoughts: the whole text when the app has it, else the preview.
    public var text: String?
    /// Whether the thoughts show (while streaming, or when expanded).
    public var isOpen: Bool
    /// Whether the agent is still thinking.
    public var isStreaming: Bool

    /// A reasoning step with its title and what it shows.
    public init(title: String, summary: String?, text: String?, isOpen: Bool, isStreaming: Bool) {
        self.title = title
        self.summary = summary
        self.text = text
        self.isOpen = isOpen
        self.isStreaming = isStreaming
    }
}

/// What a tool call did, drawn by what it is (see ``AgentTool``).
public enum ToolCallBody: Sendable, Equatable {
    /// A shell command, what it printed (SGR colours kept, every other escape neutralised) and how it
    /// exited.
    case shell(command: String, output: String?, exitCode: Int?)
    /// Files changed: each with its path, the language its code is in, and its lines as a diff.
    case fileEdit([FileChange])
    /// A plan: its steps and where each stands.
    case checklist([ChecklistItem])
    /// A web search or fetch: what was asked for, and what came back (folded).
    case web(request: String, result: String?)

    /// A command's output, or a file's changed lines, of at most this many lines shows whole under
    /// a folded card; a longer one shows its first and last lines in a terminal, and folds on a page.
    public static let linesShownWhole = 10

    /// Whether a folded card shows the body whole: a command whose output, or an edit each of whose
    /// changes, takes at most ``linesShownWhole`` lines, or a plan. What a web call brought back
    /// always folds.
    public var isShownWhole: Bool {
        switch self {
        case .shell(_, let output, _):
            guard let output else { return true }
            return TextLines.count(output) <= Self.linesShownWhole
        case .fileEdit(let changes): return changes.allSatisfy { $0.lines.count <= Self.linesShownWhole }
        case .checklist: return true
        case .web: return false
        }
    }
}

/// One file a call changed.
public struct FileChange: Sendable, Equatable {
    /// The file's path, as the agent gave it.
    public var path: String
    /// The language of its code, for highlighting (from its extension).
    public var language: String?
    /// Its changed lines, with a little context.
    public var lines: [DiffLine]
    /// Whether the call wrote the file whole (every line is new).
    public var isNewFile: Bool

    /// A changed file.
    public init(path: String, language: String?, lines: [DiffLine], isNewFile: Bool = false) {
        self.path = path
        self.language = language
        self.lines = lines
        self.isNewFile = isNewFile
    }
}

/// A line of a diff.
public struct DiffLine: Sendable, Equatable {
    /// What the line is.
    public enum Kind: Sendable, Equatable {
        /// A line the change kept, shown for context.
        case context
        /// A line the change added.
        case added
        /// A line the change removed.
        case removed
        /// A hunk's header (`@@ -10,4 +10,6 @@`), or a gap between changes.
        case hunk
    }

    /// Whether the line is kept, added, removed or a hunk's header.
    public var kind: Kind
    /// The line's text, without its `+`, `-` or space.
    public var text: String

    /// A diff line.
    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }
}

/// One step of a plan.
public struct ChecklistItem: Sendable, Equatable {
    /// Where a step stands.
    public enum State: String, Sendable, Equatable {
        /// Done.
        case done
        /// Being worked on.
        case active
        /// Not started.
        case pending
    }

    /// What the step is.
    public var text: String
    /// Whether it is done, being worked on or not started.
    public var state: State

    /// A step.
    public init(_ text: String, state: State) {
        self.text = text
        self.state = state
    }
}

/// The transcript of the agent a tool call started, laid out.
public struct SubagentView: Sendable, Equatable {
    /// What kind of agent it was, or what it was for.
    public var title: String?
    /// How many messages it has.
    public var messageCount: Int
    /// Its rows, laid out as any conversation's.
    public var rows: [ConversationRow]

    /// A subagent's rows.
    public init(title: String?, messageCount: Int, rows: [ConversationRow]) {
        self.title = title
        self.messageCount = messageCount
        self.rows = rows
    }
}

/// A tool call card ready to show.
public struct ToolCallView: Sendable, Equatable {
    /// The state the card shows.
    public enum State: String, Sendable, Equatable {
        /// The tool is running.
        case running
        /// Waiting for the user's device to run it.
        case awaitingClient = "awaiting-client"
        /// Waiting for the user to allow it.
        case awaitingApproval = "awaiting-approval"
        /// Done.
        case completed
        /// It did not complete.
        case failed
        /// Cancelled before it ended.
        case cancelled
        /// The user refused it.
        case declined
        /// A call in a record (a transcript, an exported page) with no result in it.
        case noResult = "no-result"
    }

    /// Where the call stands.
    public var state: State
    /// The symbol of the call's state.
    public var icon: String
    /// What the call shows as: its display title, or its name in words.
    public var title: String
    /// The state in words, such as "Completed".
    public var statusLabel: String
    /// "0.4s", "3s", "2m".
    public var duration: String?
    /// What the call found, in one line.
    public var summary: String?
    /// Labelled details shown when expanded: arguments, output, error.
    public var details: [Detail]
    /// Whether the details show.
    public var isOpen: Bool
    /// What the call did, for the tools agents use most (a command and its output, an edit as a
    /// diff, a plan as a checklist, …; see ``AgentTool``): shown under the title, folded to its first
    /// lines unless the card is open. `nil` for any other tool.
    public var body: ToolCallBody?
    /// A few words after the status on the title line: what a lookup read or found ("120 lines").
    public var note: String?
    /// The transcript of the agent the call started, laid out: folded to one line unless open.
    public var subagent: SubagentView?

    /// A labelled text of a tool call: its arguments, some code they hold, its output or error.
    public struct Detail: Sendable, Equatable {
        /// What the text is, such as "Arguments" or "Output".
        public var label: String
        /// The text itself.
        public var text: String
        /// The language of the text when it is code (shown as a code block), `nil` otherwise.
        public var language: String?
        /// Whether the text is code, to be shown as a code block.
        public var isCode: Bool

        /// A labelled text; prose unless it is code.
        public init(label: String, text: String, language: String? = nil, isCode: Bool = false) {
            self.label = label
            self.text = text
            self.language = language
            self.isCode = isCode
        }
    }

    /// A tool call card with what it shows.
    public init(
        state: State, icon: String, title: String, statusLabel: String, duration: String?, summary: String?,
        details: [Detail], isOpen: Bool, body: ToolCallBody? = nil, note: String? = nil, subagent: SubagentView? = nil
    ) {
        self.body = body
        self.note = note
        self.subagent = subagent
        self.state = state
        self.icon = icon
        self.title = title
        self.statusLabel = statusLabel
        self.duration = duration
        self.summary = summary
        self.details = details
        self.isOpen = isOpen
    }
}

/// An approval card ready to show.
public struct ApprovalView: Sendable, Equatable {
    /// The question, such as "Allow access to your location?".
    public var title: String
    /// What the call will do.
    public var message: String?
    /// Why the agent asks.
    public var reason: String?
    /// The allow button's label.
    public var allowTitle: String
    /// The decline button's label.
    public var declineTitle: String

    /// An approval card with its question and buttons.
    public init(title: String, message: String?, reason: String?, allowTitle: String, declineTitle: String) {
        self.title = title
        self.message = message
        self.reason = reason
        self.allowTitle = allowTitle
        self.declineTitle = declineTitle
    }
}

/// An attachment card ready to show.
public struct AttachmentView: Sendable, Equatable {
    /// The symbol of the attachment's kind.
    public var icon: String
    /// The file's name, or its kind when it has none.
    public var name: String
    /// Type, size, dimensions: "PDF · 2.4 MB".
    public var details: String
    /// Where it is, for a link.
    public var url: String?
    /// Whether it is an image (shown inline where the terminal or page allows it).
    public var isImage: Bool
    /// Whether it sits at the trailing edge (the user's attachments).
    public var isTrailing: Bool
    /// The text the app read of the file (a chat export keeps it), shown folded.
    public var text: String?
    /// The image itself, where the app holds its bytes (or a `data:` URL) and its header says what
    /// it is: a terminal that draws images draws it under the card.
    public var image: AttachmentImage?

    /// An attachment card with what it shows.
    public init(
        icon: String, name: String, details: String, url: String?, isImage: Bool, isTrailing: Bool, text: String? = nil
    ) {
        self.icon = icon
        self.name = name
        self.details = details
        self.url = url
        self.isImage = isImage
        self.isTrailing = isTrailing
        self.text = text
    }
}

/// One reply action.
public struct ActionView: Sendable, Equatable {
    /// The action's key, such as `copy`, `share`, `rate-positive`, `regenerate`.
    public var key: String
    /// The action's symbol.
    public var icon: String
    /// The action's name in words, such as "Copy".
    public var label: String
    /// Whether it shows as chosen (the user's rating).
    public var isSelected: Bool

    /// An action with its symbol and name.
    public init(key: String, icon: String, label: String, isSelected: Bool = false) {
        self.key = key
        self.icon = icon
        self.label = label
        self.isSelected = isSelected
    }
}

/// Generated UI as a renderer drew it.
public struct GeneratedUIView: Sendable, Equatable {
    /// The UI's format, such as `a2ui`.
    public var format: String
    /// For terminals and plain text.
    public var blocks: [LayoutBlock]
    /// For HTML; the renderer is responsible for escaping what it writes.
    public var html: String

    /// Generated UI as drawn for the terminal and for HTML.
    public init(format: String, blocks: [LayoutBlock], html: String) {
        self.format = format
        self.blocks = blocks
        self.html = html
    }
}

/// A view of your own: what it shows in a terminal, in HTML and in Markdown.
public struct CustomView: Sendable, Equatable {
    /// What it shows in a terminal and in plain text.
    public var blocks: [LayoutBlock]
    /// HTML you are responsible for escaping; use ``HTMLText/escape(_:)`` for text.
    public var html: String
    /// What it shows in a Markdown export.
    public var markdown: String

    /// A view of your own, in each output.
    public init(blocks: [LayoutBlock], html: String, markdown: String) {
        self.blocks = blocks
        self.html = html
        self.markdown = markdown
    }
}

/// Escapes text for HTML, for custom views and UI renderers.
public enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references, safe in an element
    /// and in a quoted attribute.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}

/// An image an attachment holds: its format and size in pixels as its header says, and its bytes.
public struct AttachmentImage: Sendable, Equatable {
    /// Where its bytes are.
    public enum Bytes: Sendable, Equatable {
        /// The bytes themselves.
        case raw([UInt8])
        /// The base64 of a `data:` URL.
        case base64(Substring)
    }

    /// `PNG`, `JPEG`, `GIF` or `WebP`.
    public var format: String
    /// Its width in pixels.
    public var width: Int
    /// Its height in pixels.
    public var height: Int
    /// Its bytes.
    public var bytes: Bytes

    /// An image.
    public init(format: String, width: Int, height: Int, bytes: Bytes) {
        self.format = format
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}
