import Teletype

/// What A2UI v0.10 adds to v0.9, read into the same surfaces: `callFunction`, the agent asking the
/// renderer to run a function of its catalog (answered when it wants an answer: with the value of
/// a function Teletype has, with an error naming one it has not), and `actionResponse`, the agent's
/// answer to a button's action that asked for one (its value written at the event's
/// `responsePath`, an error shown as a problem line).
extension A2UIStream {
    /// A `functionResponse` message: the value of the call `id`.
    static func response(id: String, call: String, value: JSONValue) -> JSONValue {
        .object(
            JSONObject([
                ("version", "v0.10"),
                (
                    "functionResponse",
                    .object(JSONObject([("functionCallId", .string(id)), ("call", .string(call)), ("value", value)]))
                ),
            ]))
    }

    /// An `error` message about the call `id`.
    static func error(_ code: String, _ message: String, id: String) -> JSONValue {
        .object(
            JSONObject([
                ("version", "v0.10"),
                (
                    "error",
                    .object(
                        JSONObject([
                            ("code", .string(code)), ("message", .string(message)), ("functionCallId", .string(id)),
                        ]))
                ),
            ]))
    }

    /// The functions of the basic catalog Teletype runs when an agent calls them.
    static let functions: Set<String> = [
        "formatString", "formatNumber", "formatCurrency", "formatDate", "pluralize", "required", "email", "length",
        "numeric", "and", "or", "not", "now",
    ]

    mutating func apply10(_ object: JSONObject, line: Int) {
        if let call = object["callFunction"] {
            let id = object["functionCallId"]?.string ?? ""
            let name = call["call"]?.string ?? ""
            let wantsAnswer = object["wantResponse"]?.bool ?? false
            // A message that breaks the schema is named once, and answered with an error when it asks.
            if let problem = A2UIValidation.problem(inCallFunction: object) {
                self.problem(line: line, problem, breaksARule: true)
                if wantsAnswer, !id.isEmpty { replies.append(Self.error("INVALID_CALL", problem, id: id)) }
                return
            }
            if name == "openUrl" {
                // A link the agent wants opened is shown, never opened: the person follows it.
                let url = call["args"]?["url"]?.string ?? ""
                notices.append("the agent asks to open \(url)")
                if wantsAnswer { replies.append(Self.response(id: id, call: name, value: .null)) }
                return
            }
            guard Self.functions.contains(name) else {
                // A function of another catalog: the specification's answer, not a malformed message.
                notices.append("the agent called \"\(name)\", a function Teletype does not have")
                if wantsAnswer {
                    replies.append(
                        Self.error("FUNCTION_NOT_FOUND", "Teletype cannot run the function \"\(name)\"", id: id))
                }
                return
            }
            // Run against the first surface's data (a call names none).
            let model = surfaces.first?.model ?? A2UIDataModel()
            let value = A2UIContext(model: model, scope: nil).resolve(call) ?? .null
            if wantsAnswer { replies.append(Self.response(id: id, call: name, value: value)) }
        } else if let response = object["actionResponse"] {
            guard let actionID = object["actionId"]?.string else {
                problem(line: line, "actionResponse needs an actionId")
                return
            }
            if let error = response["error"] {
                let message = error["message"]?.string ?? error["code"]?.string ?? "an error"
                problem(line: line, "the agent answered action \"\(actionID)\" with an error: \(message)")
                return
            }
            guard let value = response["value"] else {
                problem(line: line, "actionResponse needs a value or an error")
                return
            }
            // The action's id says where it came from: surface, control, time (see `action(pressing:in:at:)`).
            let parts = actionID.split(separator: "|", maxSplits: 2).map(String.init)
            guard parts.count == 3, let index = surfaces.firstIndex(where: { $0.id == parts[0] }) else { return }
            let (componentID, scope) = A2UIControlID.split(parts[1])
            guard let path = surfaces[index].components[componentID]?["action"]?["event"]?["responsePath"]?.string
            else { return }
            if !surfaces[index].model.set(value, at: A2UIDataModel.absolute(path, scope: scope)) {
                problem(line: line, "actionResponse path \"\(path)\" runs through a value")
            }
        }
    }
}
