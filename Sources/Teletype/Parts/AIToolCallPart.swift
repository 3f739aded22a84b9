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

    /// The fields, shared by copies until one is changed. A storage is changed only by the one
    /// call that holds it (``uniqueStorage``), never while it is shared: its fields need no
    /// check of exclusive access at run time, and it is sendable as the call is.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var id: String
        @exclusivity(unchecked) var version: Int
        @exclusivity(unchecked) var name: String
        @exclusivity(unchecked) var displayTitle: String?
        @exclusivity(unchecked) var status: Status
        @exclusivity(unchecked) var executor: Executor
        @exclusivity(unchecked) var targetUserID: String?
        @exclusivity(unchecked) var targetClientID: String?
        @exclusivity(unchecked) var arguments: JSONValue?
        @exclusivity(unchecked) var summary: String?
        @exclusivity(unchecked) var duration: Double?
        @exclusivity(unchecked) var approval: AIToolApproval?
        @exclusivity(unchecked) var output: JSONValue?
        @exclusivity(unchecked) var errorText: String?
        @exclusivity(unchecked) var subagent: AISubagent?
        @exclusivity(unchecked) var kind: Kind?

        init(
            id: String, version: Int, name: String, displayTitle: String?, status: Status, executor: Executor,
            targetUserID: String?, targetClientID: String?, arguments: JSONValue?, summary: String?, duration: Double?,
            approval: AIToolApproval?, output: JSONValue?, errorText: String?, subagent: AISubagent?, kind: Kind?
        ) {
            self.id = id
            self.version = version
            self.name = name
            self.displayTitle = displayTitle
            self.status = status
            self.executor = executor
            self.targetUserID = targetUserID
            self.targetClientID = targetClientID
            self.arguments = arguments
            self.summary = summary
            self.duration = duration
            self.approval = approval
            self.output = output
            self.errorText = errorText
            self.subagent = subagent
            self.kind = kind
        }

        /// A storage of its own with the same fields.
        func copy() -> Storage {
            Storage(
                id: id, version: version, name: name, displayTitle: displayTitle, status: status, executor: executor,
                targetUserID: targetUserID, targetClientID: targetClientID, arguments: arguments, summary: summary,
                duration: duration, approval: approval, output: output, errorText: errorText, subagent: subagent,
                kind: kind)
        }
    }

    private var storage: Storage

    /// The storage, this value's alone, to be changed.
    private var uniqueStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// The call's id, which its result names.
    public var id: String {
        get { storage.id }
        set { uniqueStorage.id = newValue }
        _modify { yield &uniqueStorage.id }
    }
    /// The payload version (`v`).
    public var version: Int {
        get { storage.version }
        set { uniqueStorage.version = newValue }
        _modify { yield &uniqueStorage.version }
    }
    /// The tool's name, such as `get_weather`.
    public var name: String {
        get { storage.name }
        set { uniqueStorage.name = newValue }
        _modify { yield &uniqueStorage.name }
    }
    /// What the call shows as, such as "Checking your location".
    public var displayTitle: String? {
        get { storage.displayTitle }
        set { uniqueStorage.displayTitle = newValue }
        _modify { yield &uniqueStorage.displayTitle }
    }
    /// Where the call stands: running, waiting, completed, failed or cancelled.
    public var status: Status {
        get { storage.status }
        set { uniqueStorage.status = newValue }
        _modify { yield &uniqueStorage.status }
    }
    /// Who runs the call: the agent's server or the user's device.
    public var executor: Executor {
        get { storage.executor }
        set { uniqueStorage.executor = newValue }
        _modify { yield &uniqueStorage.executor }
    }
    /// The user whose device should run a client call.
    public var targetUserID: String? {
        get { storage.targetUserID }
        set { uniqueStorage.targetUserID = newValue }
        _modify { yield &uniqueStorage.targetUserID }
    }
    /// The device that should run a client call.
    public var targetClientID: String? {
        get { storage.targetClientID }
        set { uniqueStorage.targetClientID = newValue }
        _modify { yield &uniqueStorage.targetClientID }
    }
    /// The arguments, as JSON.
    public var arguments: JSONValue? {
        get { storage.arguments }
        set { uniqueStorage.arguments = newValue }
        _modify { yield &uniqueStorage.arguments }
    }
    /// What the call found, in one line.
    public var summary: String? {
        get { storage.summary }
        set { uniqueStorage.summary = newValue }
        _modify { yield &uniqueStorage.summary }
    }
    /// How long it took, in seconds.
    public var duration: Double? {
        get { storage.duration }
        set { uniqueStorage.duration = newValue }
        _modify { yield &uniqueStorage.duration }
    }
    /// The approval it asks for, and the user's decision.
    public var approval: AIToolApproval? {
        get { storage.approval }
        set { uniqueStorage.approval = newValue }
        _modify { yield &uniqueStorage.approval }
    }
    /// What the tool returned, when the transcript has it.
    public var output: JSONValue? {
        get { storage.output }
        set { uniqueStorage.output = newValue }
        _modify { yield &uniqueStorage.output }
    }
    /// Why the call failed, when the transcript says.
    public var errorText: String? {
        get { storage.errorText }
        set { uniqueStorage.errorText = newValue }
        _modify { yield &uniqueStorage.errorText }
    }
    /// The transcript of the agent the call started, when it started one.
    public var subagent: AISubagent? {
        get { storage.subagent }
        set { uniqueStorage.subagent = newValue }
        _modify { yield &uniqueStorage.subagent }
    }
    /// What the tool does, when the reader knows it from the agent's name for it.
    public var kind: Kind? {
        get { storage.kind }
        set { uniqueStorage.kind = newValue }
        _modify { yield &uniqueStorage.kind }
    }

    /// Makes a call of a tool; running on the server unless told otherwise.
    public init(
        id: String, version: Int = 1, name: String, displayTitle: String? = nil, status: Status = .running,
        executor: Executor = .server, targetUserID: String? = nil, targetClientID: String? = nil,
        arguments: JSONValue? = nil, summary: String? = nil, duration: Double? = nil, approval: AIToolApproval? = nil,
        output: JSONValue? = nil, errorText: String? = nil
    ) {
        storage = Storage(
            id: id, version: version, name: name, displayTitle: displayTitle, status: status, executor: executor,
            targetUserID: targetUserID, targetClientID: targetClientID, arguments: arguments, summary: summary,
            duration: duration, approval: approval, output: output, errorText: errorText, subagent: nil, kind: nil)
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
    public static func == (lhs: AIToolCallPart, rhs: AIToolCallPart) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let a = lhs.storage
        let b = rhs.storage
        return a.id == b.id
            && a.version == b.version
            && a.name == b.name
            && a.displayTitle == b.displayTitle
            && a.status == b.status
            && a.executor == b.executor
            && a.targetUserID == b.targetUserID
            && a.targetClientID == b.targetClientID
            && a.arguments == b.arguments
            && a.summary == b.summary
            && a.duration == b.duration
            && a.approval == b.approval
            && a.output == b.output
            && a.errorText == b.errorText
            && a.subagent == b.subagent
            && a.kind == b.kind
    }

    /// Hashes every field, as ``==`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.id)
        hasher.combine(storage.version)
        hasher.combine(storage.name)
        hasher.combine(storage.displayTitle)
        hasher.combine(storage.status)
        hasher.combine(storage.executor)
        hasher.combine(storage.targetUserID)
        hasher.combine(storage.targetClientID)
        hasher.combine(storage.arguments)
        hasher.combine(storage.summary)
        hasher.combine(storage.duration)
        hasher.combine(storage.approval)
        hasher.combine(storage.output)
        hasher.combine(storage.errorText)
        hasher.combine(storage.subagent)
        hasher.combine(storage.kind)
    }
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
