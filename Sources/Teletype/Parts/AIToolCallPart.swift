/// The agent using a tool: what it called, with what, how it went, and whether it waits for the
/// user's approval.
///
/// Its sixteen fields are kept in one shared storage, copied when a copy is changed: a message's
/// parts are walked by value by every reader, redaction, layout and page, and each step copied
/// every field of every call.
public struct AIToolCallPart: Sendable, Hashable {
    /// Where a call stands. An open set: an unknown status counts as in progress.
    public struct Status: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        /// The status's name, such as `awaiting_approval`.
        public let rawValue: String
        /// The status called `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The status a string literal names.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// Running (the default).
        public static let running = Status(rawValue: "running")
        /// Waiting for the user to allow it.
        public static let awaitingApproval = Status(rawValue: "awaiting_approval")
        /// Waiting for the user's device to run it.
        public static let awaitingClient = Status(rawValue: "awaiting_client")
        /// Done.
        public static let completed = Status(rawValue: "completed")
        /// Didn't complete.
        public static let failed = Status(rawValue: "failed")
        /// Cancelled (also when declined).
        public static let cancelled = Status(rawValue: "cancelled")

        /// Whether the call is over: completed, failed or cancelled.
        public var isFinished: Bool { self == .completed || self == .failed || self == .cancelled }
    }

    /// Who runs the call. An open set.
    public struct Executor: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        /// The executor's name, such as `client`.
        public let rawValue: String
        /// The executor called `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The executor a string literal names.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// The agent's server (the default).
        public static let server = Executor(rawValue: "server")
        /// The user's device.
        public static let client = Executor(rawValue: "client")
    }

    /// What a tool does, as a reader knows it from an agent's own name for the tool (Cursor's
    /// `run_terminal_cmd`, Copilot's `view`, Cline's `replace_in_file`): the card is drawn by what
    /// the tool does, not by its name. An open set; nil when the reader does not know.
    public struct Kind: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        /// The kind's name, such as `shell`.
        public let rawValue: String
        /// The kind called `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The kind a string literal names.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// Runs a command in a shell.
        public static let shell = Kind(rawValue: "shell")
        /// Replaces text in a file.
        public static let edit = Kind(rawValue: "edit")
        /// Writes a whole file.
        public static let write = Kind(rawValue: "write")
        /// Applies a patch of one or more files.
        public static let patch = Kind(rawValue: "patch")
        /// Reads a file.
        public static let read = Kind(rawValue: "read")
        /// Searches files' text.
        public static let search = Kind(rawValue: "search")
        /// Finds files by name.
        public static let find = Kind(rawValue: "find")
        /// Lists a folder.
        public static let list = Kind(rawValue: "list")
        /// Keeps a plan, a to-do list.
        public static let plan = Kind(rawValue: "plan")
        /// Searches the web.
        public static let webSearch = Kind(rawValue: "web_search")
        /// Fetches a web page.
        public static let webFetch = Kind(rawValue: "web_fetch")
        /// Starts an agent of its own.
        public static let subagent = Kind(rawValue: "subagent")
    }

    /// Every field, in one struct: equal and hashed field by field.
    private struct Fields: Sendable, Hashable {
        var id: String
        var version: Int
        var name: String
        var displayTitle: String?
        var status: Status
        var executor: Executor
        var targetUserID: String?
        var targetClientID: String?
        var arguments: JSONValue?
        var summary: String?
        var duration: Double?
        var approval: AIToolApproval?
        var output: JSONValue?
        var errorText: String?
        var subagent: AISubagent?
        var kind: Kind?
    }

    private var storage: SharedFields<Fields>

    /// The call's id, which its result names.
    public var id: String {
        get { storage.fields.id }
        set { storage.fields.id = newValue }
        _modify { yield &storage.fields.id }
    }
    /// The payload version (`v`).
    public var version: Int {
        get { storage.fields.version }
        set { storage.fields.version = newValue }
        _modify { yield &storage.fields.version }
    }
    /// The tool's name, such as `get_weather`.
    public var name: String {
        get { storage.fields.name }
        set { storage.fields.name = newValue }
        _modify { yield &storage.fields.name }
    }
    /// What the call shows as, such as "Checking your location".
    public var displayTitle: String? {
        get { storage.fields.displayTitle }
        set { storage.fields.displayTitle = newValue }
        _modify { yield &storage.fields.displayTitle }
    }
    /// Where the call stands: running, waiting, completed, failed or cancelled.
    public var status: Status {
        get { storage.fields.status }
        set { storage.fields.status = newValue }
        _modify { yield &storage.fields.status }
    }
    /// Who runs the call: the agent's server or the user's device.
    public var executor: Executor {
        get { storage.fields.executor }
        set { storage.fields.executor = newValue }
        _modify { yield &storage.fields.executor }
    }
    /// The user whose device should run a client call.
    public var targetUserID: String? {
        get { storage.fields.targetUserID }
        set { storage.fields.targetUserID = newValue }
        _modify { yield &storage.fields.targetUserID }
    }
    /// The device that should run a client call.
    public var targetClientID: String? {
        get { storage.fields.targetClientID }
        set { storage.fields.targetClientID = newValue }
        _modify { yield &storage.fields.targetClientID }
    }
    /// The arguments, as JSON.
    public var arguments: JSONValue? {
        get { storage.fields.arguments }
        set { storage.fields.arguments = newValue }
        _modify { yield &storage.fields.arguments }
    }
    /// What the call found, in one line.
    public var summary: String? {
        get { storage.fields.summary }
        set { storage.fields.summary = newValue }
        _modify { yield &storage.fields.summary }
    }
    /// How long it took, in seconds.
    public var duration: Double? {
        get { storage.fields.duration }
        set { storage.fields.duration = newValue }
        _modify { yield &storage.fields.duration }
    }
    /// The approval it asks for, and the user's decision.
    public var approval: AIToolApproval? {
        get { storage.fields.approval }
        set { storage.fields.approval = newValue }
        _modify { yield &storage.fields.approval }
    }
    /// What the tool returned, when the transcript has it.
    public var output: JSONValue? {
        get { storage.fields.output }
        set { storage.fields.output = newValue }
        _modify { yield &storage.fields.output }
    }
    /// Why the call failed, when the transcript says.
    public var errorText: String? {
        get { storage.fields.errorText }
        set { storage.fields.errorText = newValue }
        _modify { yield &storage.fields.errorText }
    }
    /// The transcript of the agent the call started, when it started one.
    public var subagent: AISubagent? {
        get { storage.fields.subagent }
        set { storage.fields.subagent = newValue }
        _modify { yield &storage.fields.subagent }
    }
    /// What the tool does, when the reader knows it from the agent's name for it.
    public var kind: Kind? {
        get { storage.fields.kind }
        set { storage.fields.kind = newValue }
        _modify { yield &storage.fields.kind }
    }

    /// Makes a call of a tool; running on the server unless told otherwise.
    public init(
        id: String, version: Int = 1, name: String, displayTitle: String? = nil, status: Status = .running,
        executor: Executor = .server, targetUserID: String? = nil, targetClientID: String? = nil,
        arguments: JSONValue? = nil, summary: String? = nil, duration: Double? = nil, approval: AIToolApproval? = nil,
        output: JSONValue? = nil, errorText: String? = nil
    ) {
        storage = SharedFields(
            Fields(
                id: id, version: version, name: name, displayTitle: displayTitle, status: status, executor: executor,
                targetUserID: targetUserID, targetClientID: targetClientID, arguments: arguments, summary: summary,
                duration: duration, approval: approval, output: output, errorText: errorText, subagent: nil, kind: nil))
    }

    /// Reads an `ai_tool_call` payload leniently.
    public init(id: String, payload: JSONObject) {
        self.init(
            id: id, version: payload["v"]?.integer ?? 1, name: payload["name"]?.string ?? "",
            displayTitle: payload["display_title"]?.string,
            status: payload["status"]?.string.map(Status.init(rawValue:)) ?? .running,
            executor: payload["executor"]?.string.map(Executor.init(rawValue:)) ?? .server,
            targetUserID: payload["target_user_id"]?.string, targetClientID: payload["target_client_id"]?.string,
            arguments: payload["arguments"].flatMap { $0 == .null ? nil : $0 }, summary: payload["summary"]?.string,
            duration: payload["duration_ms"]?.number.map { $0 / 1000 },
            approval: payload["approval"]?.object.map(AIToolApproval.init(payload:)),
            output: payload["output"].flatMap { $0 == .null ? nil : $0 }, errorText: payload["error_text"]?.string)
        kind = payload["kind"]?.string.map(Kind.init(rawValue:))
    }

    /// The title to show: the display title, else the name with underscores as spaces.
    public var title: String {
        displayTitle ?? (name.isEmpty ? "Tool call" : name.replacingUnderscoresWithSpaces())
    }

    /// Whether the user declined the call.
    public var isDeclined: Bool { approval?.decision == .declined }

    /// The payload in the Stream Chat shape.
    public var payload: JSONObject {
        var object = JSONObject()
        object["id"] = .string(id)
        object["v"] = .number(Double(version))
        object["name"] = .string(name)
        if let displayTitle { object["display_title"] = .string(displayTitle) }
        object["status"] = .string(status.rawValue)
        object["executor"] = .string(executor.rawValue)
        if let targetUserID { object["target_user_id"] = .string(targetUserID) }
        if let targetClientID { object["target_client_id"] = .string(targetClientID) }
        if let arguments { object["arguments"] = arguments }
        if let summary { object["summary"] = .string(summary) }
        if let duration { object["duration_ms"] = .number((duration * 1000).rounded()) }
        if let approval { object["approval"] = .object(approval.payload) }
        if let output { object["output"] = output }
        if let errorText { object["error_text"] = .string(errorText) }
        if let kind { object["kind"] = .string(kind.rawValue) }
        return object
    }

    /// Whether two values hold the same fields (the same storage, at once).
    public static func == (lhs: AIToolCallPart, rhs: AIToolCallPart) -> Bool { lhs.storage == rhs.storage }

    /// Hashes every field, as `==` compares them.
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

/// A tool call's request for the user's approval.
public struct AIToolApproval: Sendable, Hashable {
    /// The user's answer. An open set.
    public struct Decision: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        /// The decision's name, such as `allowed`.
        public let rawValue: String
        /// The decision called `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The decision a string literal names.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// The user let the call run.
        public static let allowed = Decision(rawValue: "allowed")
        /// The user refused it.
        public static let declined = Decision(rawValue: "declined")
    }

    /// The question's heading, such as "Allow access to your location?".
    public var title: String?
    /// What the call will do, in a sentence or two.
    public var message: String?
    /// Why the agent asks, when it says.
    public var reason: String?
    /// The label of the allow button ("Allow" by default).
    public var allowTitle: String
    /// The label of the decline button ("Don't Allow" by default).
    public var declineTitle: String
    /// The user's answer; `nil` while the question is open.
    public var decision: Decision?

    /// Makes a request for approval, open until a decision is set.
    public init(
        title: String? = nil, message: String? = nil, reason: String? = nil, allowTitle: String = "Allow",
        declineTitle: String = "Don't Allow", decision: Decision? = nil
    ) {
        self.title = title
        self.message = message
        self.reason = reason
        self.allowTitle = allowTitle
        self.declineTitle = declineTitle
        self.decision = decision
    }

    /// Reads an `approval` object leniently.
    public init(payload: JSONObject) {
        self.init(
            title: payload["title"]?.string, message: payload["message"]?.string, reason: payload["reason"]?.string,
            allowTitle: payload["allow_title"]?.string ?? "Allow",
            declineTitle: payload["decline_title"]?.string ?? "Don't Allow",
            decision: payload["decision"]?.string.map(Decision.init(rawValue:)))
    }

    var payload: JSONObject {
        var object = JSONObject()
        if let title { object["title"] = .string(title) }
        if let message { object["message"] = .string(message) }
        if let reason { object["reason"] = .string(reason) }
        object["allow_title"] = .string(allowTitle)
        object["decline_title"] = .string(declineTitle)
        if let decision { object["decision"] = .string(decision.rawValue) }
        return object
    }
}

extension String {
    func replacingUnderscoresWithSpaces() -> String {
        // Most names have no underscore, and most are ASCII, where a byte is a character: by bytes.
        guard utf8.contains(UInt8(ascii: "_")) else { return self }
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return String(map { $0 == "_" ? " " : $0 }) }
        return String(decoding: utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }
}

extension AIToolCallPart: CustomReflectable {
    /// The fields, as a call's description and `dump` show them (not its shared storage).
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "id": id, "version": version, "name": name, "displayTitle": displayTitle as Any, "status": status,
                "executor": executor, "targetUserID": targetUserID as Any, "targetClientID": targetClientID as Any,
                "arguments": arguments as Any, "summary": summary as Any, "duration": duration as Any,
                "approval": approval as Any, "output": output as Any, "errorText": errorText as Any,
                "subagent": subagent as Any, "kind": kind as Any,
            ], displayStyle: .struct)
    }
}
