import Teletype

/// What A2UI v0.9 (and the v0.10 draft) asks of a message, checked as it is read, so that an
/// agent's author learns from `teletype ui` why a web renderer would reject their output: the basic
/// catalog's components and their properties (a deprecated or unknown property, a value outside
/// its enumeration, a missing required one), its functions (their arguments and return types, and
/// calls nested in them), checks (a condition and a message, nothing else), actions, and a
/// surface's theme. A message breaking a rule gets one problem line naming the first thing wrong;
/// it is applied all the same, so the rest still draws.
enum A2UIValidation {
    /// Properties every component may have.
    static let common: Set<String> = ["id", "component", "accessibility", "weight"]
    /// Components that take `checks`.
    static let checkable: Set<String> = ["Button", "TextField", "CheckBox", "ChoicePicker", "Slider", "DateTimeInput"]

    /// A component's own properties, the required ones, and those whose values are enumerated.
    struct Kind {
        var properties: Set<String>
        var required: [String]
        var enumerations: [String: Set<String>] = [:]
    }

    static let justify: Set<String> = [
        "start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly", "stretch",
    ]
    static let align: Set<String> = ["start", "center", "end", "stretch"]

    /// The basic catalog's components (v0.10 adds a Video's `posterUrl`, a TextField's `placeholder`
    /// and a Slider's `steps`).
    static func kinds(_ version: A2UIVersion) -> [String: Kind] {
        let later = version == .v0_10
        return [
            "Text": Kind(
                properties: ["text", "variant"], required: ["text"],
                enumerations: ["variant": ["h1", "h2", "h3", "h4", "h5", "caption", "body"]]),
            "Image": Kind(
                properties: ["url", "description", "fit", "variant"], required: ["url"],
                enumerations: [
                    "fit": ["contain", "cover", "fill", "none", "scale-down", "scaleDown"],
                    "variant": ["icon", "avatar", "smallFeature", "mediumFeature", "largeFeature", "header"],
                ]),
            "Icon": Kind(properties: ["name"], required: ["name"]),
            "Video": Kind(properties: later ? ["url", "posterUrl"] : ["url"], required: ["url"]),
            "AudioPlayer": Kind(properties: ["url", "description"], required: ["url"]),
            "Row": Kind(
                properties: ["children", "justify", "align"], required: ["children"],
                enumerations: ["justify": justify, "align": align]),
            "Column": Kind(
                properties: ["children", "justify", "align"], required: ["children"],
                enumerations: ["justify": justify, "align": align]),
            "List": Kind(
                properties: ["children", "direction", "align"], required: ["children"],
                enumerations: ["direction": ["vertical", "horizontal"], "align": align]),
            "Card": Kind(properties: ["child"], required: ["child"]),
            "Tabs": Kind(properties: ["tabs"], required: ["tabs"]),
            "Modal": Kind(properties: ["trigger", "content"], required: ["trigger", "content"]),
            "Divider": Kind(
                properties: ["axis"], required: [], enumerations: ["axis": ["horizontal", "vertical"]]),
            "Button": Kind(
                properties: ["child", "variant", "action"], required: ["child", "action"],
                enumerations: ["variant": ["default", "primary", "borderless"]]),
            "TextField": Kind(
                properties: later
                    ? ["label", "value", "variant", "validationRegexp", "placeholder"]
                    : ["label", "value", "variant", "validationRegexp"], required: ["label"],
                enumerations: ["variant": ["longText", "number", "shortText", "obscured"]]),
            "CheckBox": Kind(properties: ["label", "value"], required: ["label", "value"]),
            "ChoicePicker": Kind(
                properties: ["label", "variant", "options", "value", "displayStyle", "filterable"],
                required: ["options", "value"],
                enumerations: [
                    "variant": ["multipleSelection", "mutuallyExclusive"], "displayStyle": ["checkbox", "chips"],
                ]),
            "Slider": Kind(
                properties: later ? ["label", "min", "max", "value", "steps"] : ["label", "min", "max", "value"],
                required: ["value", "max"]),
            "DateTimeInput": Kind(
                properties: ["value", "enableDate", "enableTime", "min", "max", "label"], required: ["value"]),
        ]
    }

    /// What is wrong with a component of the basic catalog, or nil. Components of other catalogs
    /// (a type the basic catalog has not) are the drawing's business: it names them.
    static func problem(inComponent fields: JSONObject, version: A2UIVersion) -> String? {
        let id = fields["id"]?.string ?? "?"
        guard let type = fields["component"]?.string, let kind = kinds(version)[type] else { return nil }
        let named = "component \"\(id)\" (\(type))"
        for key in fields.keys where !common.contains(key) && !kind.properties.contains(key) {
            if key == "checks" && checkable.contains(type) { continue }
            return "\(named): \"\(key)\" is not a property of a \(type) (deprecated or unknown)"
        }
        for key in kind.required where fields[key] == nil {
            return "\(named): it needs \"\(key)\""
        }
        for (key, allowed) in kind.enumerations.sorted(by: { $0.key < $1.key }) {
            if let value = fields[key], !(value.string.map(allowed.contains) ?? false) {
                return
                    "\(named): \"\(key)\" is \(value.jsonText), not one of \(allowed.sorted().joined(separator: ", "))"
            }
        }
        if type == "Slider", let steps = fields["steps"],
            !(steps.number.map { $0 >= 1 && $0 == $0.rounded() } ?? false)
        {
            return "\(named): \"steps\" must be a whole number of at least 1, not \(steps.jsonText)"
        }
        if type == "Tabs", fields["tabs"]?.array?.isEmpty ?? true {
            return "\(named): \"tabs\" needs at least one tab"
        }
        for (index, check) in (fields["checks"]?.array ?? []).enumerated() {
            if let problem = problem(inCheck: check) { return "\(named): check \(index + 1): \(problem)" }
        }
        if let action = fields["action"], let problem = problem(inAction: action, version: version) {
            return "\(named): its action \(problem)"
        }
        // Values that may be function calls.
        for key in fields.keys.sorted() where !["checks", "action", "children", "tabs", "options"].contains(key) {
            if let value = fields[key], let problem = problem(inDynamic: value, returning: nil) {
                return "\(named): \"\(key)\": \(problem)"
            }
        }
        return nil
    }

    /// A check: a condition (a boolean, a path, or a call returning a boolean) and its message.
    static func problem(inCheck check: JSONValue) -> String? {
        guard let object = check.object else { return "a check must be an object" }
        for key in object.keys where key != "condition" && key != "message" {
            return "\"\(key)\" is not part of a check"
        }
        guard object["message"]?.string != nil else { return "it needs its message" }
        guard let condition = object["condition"] else { return "it needs its condition" }
        return problem(inDynamic: condition, returning: "boolean")
    }

    /// An action: a server event (`name`, `context`) or a local function call.
    static func problem(inAction action: JSONValue, version: A2UIVersion) -> String? {
        guard let object = action.object else { return "must be an object" }
        let kinds = object.keys.filter { $0 == "event" || $0 == "functionCall" }
        guard kinds.count == 1, object.keys.count == 1 else {
            return "must be one of {\"event\": …} and {\"functionCall\": …}"
        }
        if let event = object["event"] {
            guard event["name"]?.string != nil else { return "event needs a name" }
            let allowed: Set<String> =
                version == .v0_10 ? ["name", "context", "wantResponse", "responsePath"] : ["name", "context"]
            for key in event.object?.keys ?? [] where !allowed.contains(key) {
                return "event: \"\(key)\" is not part of an event"
            }
            return nil
        }
        return problem(inCall: object["functionCall"] ?? .null, returning: nil)
    }

    /// A value that may be a function call (its return type `returning`, when the place says).
    static func problem(inDynamic value: JSONValue, returning expected: String?) -> String? {
        guard let object = value.object else {
            if expected == "boolean", value.bool == nil { return "expected a boolean, a path or a call" }
            return nil
        }
        if object["call"] != nil { return problem(inCall: value, returning: expected) }
        return nil
    }

    /// The basic catalog's functions: their return type, required and optional arguments.
    struct Function {
        var returns: String
        var required: [String]
        var optional: [String] = []
    }

    static let functions: [String: Function] = [
        "required": Function(returns: "boolean", required: ["value"]),
        "regex": Function(returns: "boolean", required: ["value", "pattern"]),
        "length": Function(returns: "boolean", required: ["value"], optional: ["min", "max"]),
        "numeric": Function(returns: "boolean", required: ["value"], optional: ["min", "max"]),
        "email": Function(returns: "boolean", required: ["value"]),
        "formatString": Function(returns: "string", required: ["value"]),
        "formatNumber": Function(returns: "string", required: ["value"], optional: ["decimals", "grouping"]),
        "formatCurrency": Function(
            returns: "string", required: ["value", "currency"], optional: ["decimals", "grouping"]),
        "formatDate": Function(returns: "string", required: ["value", "format"]),
        "pluralize": Function(
            returns: "string", required: ["value", "other"], optional: ["zero", "one", "two", "few", "many"]),
        "openUrl": Function(returns: "void", required: ["url"]),
        "and": Function(returns: "boolean", required: ["values"]),
        "or": Function(returns: "boolean", required: ["values"]),
        "not": Function(returns: "boolean", required: ["value"]),
        "now": Function(returns: "string", required: []),
    ]

    static let returnTypes: Set<String> = ["string", "number", "boolean", "array", "object", "any", "void"]

    /// Where a function may be called from (v0.10).
    static let callableFrom: Set<String> = ["clientOnly", "remoteOnly", "clientOrRemote"]

    /// The basic catalog's functions an agent may not call itself: the checks, which the interface
    /// runs on what a person types.
    static let clientOnlyFunctions: Set<String> = ["required", "regex", "length", "numeric", "email"]

    /// What the v0.10 schema asks of a `callFunction` message (an agent asking the renderer to run a
    /// function), or nil when it is one: a `functionCallId`; a call that names its function, its
    /// `returnType` (a scalar, a list of scalars, or void) and its `callableFrom` (`remoteOnly` or
    /// `clientOrRemote`), and nothing else; arguments that are scalars or lists of scalars (no
    /// object, which could reach into the data model); not one of the checks, which only the
    /// interface runs. A function the catalog does not have is not a malformed message: it is
    /// answered with `FUNCTION_NOT_FOUND`.
    static func problem(inCallFunction message: JSONObject) -> String? {
        for key in message.keys where !["version", "callFunction", "functionCallId", "wantResponse"].contains(key) {
            return "callFunction: \"\(key)\" is not part of the message"
        }
        guard message["functionCallId"]?.string != nil else { return "callFunction needs a functionCallId" }
        if let wants = message["wantResponse"], wants.bool == nil {
            return "callFunction: wantResponse must be true or false"
        }
        guard let call = message["callFunction"]?.object else { return "callFunction must be an object" }
        guard let name = call["call"]?.string else { return "callFunction needs the name of its function (call)" }
        for key in call.keys where !["call", "args", "returnType", "callableFrom"].contains(key) {
            return "callFunction \"\(name)\": \"\(key)\" is not part of a call"
        }
        let remote: Set<String> = ["remoteOnly", "clientOrRemote"]
        guard let from = call["callableFrom"] else {
            return "callFunction \"\(name)\" needs callableFrom (remoteOnly or clientOrRemote)"
        }
        guard let place = from.string, remote.contains(place) else {
            return "callFunction \"\(name)\": callableFrom \(from.jsonText) cannot be called by an agent "
                + "(remoteOnly or clientOrRemote)"
        }
        let scalarTypes: Set<String> = ["boolean", "number", "string", "string[]", "number[]", "boolean[]", "void"]
        guard let returnType = call["returnType"] else {
            return "callFunction \"\(name)\" needs its returnType"
        }
        guard let type = returnType.string, scalarTypes.contains(type) else {
            return "callFunction \"\(name)\": returnType \(returnType.jsonText) is not one of "
                + scalarTypes.sorted().joined(separator: ", ")
        }
        if let args = call["args"] {
            guard let object = args.object else { return "callFunction \"\(name)\": its args must be an object" }
            func isScalar(_ value: JSONValue) -> Bool {
                switch value {
                case .string, .number, .bool, .null: true
                default: false
                }
            }
            for (key, value) in object.pairs {
                let fits = isScalar(value) || (value.array?.allSatisfy(isScalar) ?? false)
                if !fits {
                    return "callFunction \"\(name)\": argument \"\(key)\" must be a scalar or a list of scalars, "
                        + "not \(value.jsonText)"
                }
            }
        }
        if clientOnlyFunctions.contains(name) {
            return "callFunction \"\(name)\": a check the interface runs itself, which an agent cannot call"
        }
        return nil
    }

    /// A function call: a known function, its arguments of the right kinds, its return type the
    /// function's and the place's.
    static func problem(inCall call: JSONValue, returning expected: String?) -> String? {
        guard let object = call.object, let name = object["call"]?.string else {
            return "a call needs its function's name"
        }
        for key in object.keys where !["call", "args", "returnType", "callableFrom"].contains(key) {
            return "\(name): \"\(key)\" is not part of a call"
        }
        if let from = object["callableFrom"], !(from.string.map(callableFrom.contains) ?? false) {
            return
                "\(name): callableFrom \(from.jsonText) is not one of \(callableFrom.sorted().joined(separator: ", "))"
        }
        let declared = object["returnType"]
        if let declared, !(declared.string.map(returnTypes.contains) ?? false) {
            return "\(name): returnType \(declared.jsonText) is not a type"
        }
        guard let function = functions[name] else { return nil }  // another catalog's function
        let returns = declared?.string ?? "boolean"
        if declared != nil || expected == "boolean", returns != function.returns {
            return "\(name) returns a \(function.returns), not a \(returns)"
        }
        if let expected, function.returns != expected, !(expected == "string" && function.returns == "string") {
            return "\(name) returns a \(function.returns) where a \(expected) is needed"
        }
        guard
            let args = object["args"]?.object
                ?? (object["args"] == nil && function.required.isEmpty ? JSONObject() : nil)
        else { return "\(name): its args must be an object" }
        for key in function.required where args[key] == nil { return "\(name) needs the argument \"\(key)\"" }
        for key in args.keys where !function.required.contains(key) && !function.optional.contains(key) {
            return "\(name) takes no argument \"\(key)\""
        }
        func kind(_ key: String, _ wanted: String) -> String? {
            guard let value = args[key] else { return nil }
            if let inner = value.object, inner["path"] != nil || inner["call"] != nil {
                return inner["call"] != nil ? problem(inCall: value, returning: nil) : nil
            }
            let fits: Bool
            switch wanted {
            case "string": fits = value.string != nil
            case "number": fits = value.number != nil
            case "integer": fits = value.number.map { $0 >= 0 && $0 == $0.rounded() } ?? false
            case "boolean": fits = value.bool != nil
            default: fits = true
            }
            return fits
                ? nil
                : "\(name): \"\(key)\" must be a\(wanted == "integer" ? " whole number of at least 0" : " \(wanted)"), not \(value.jsonText)"
        }
        switch name {
        case "regex": return kind("pattern", "string") ?? kind("value", "string")
        case "length":
            if args["min"] == nil && args["max"] == nil { return "length needs \"min\" or \"max\"" }
            return kind("min", "integer") ?? kind("max", "integer")
        case "numeric": return kind("min", "number") ?? kind("max", "number")
        case "formatString": return kind("value", "string")
        case "formatNumber": return kind("decimals", "number") ?? kind("grouping", "boolean")
        case "formatCurrency": return kind("currency", "string") ?? kind("decimals", "number")
        case "formatDate": return kind("format", "string")
        case "pluralize": return kind("other", "string")
        case "not": return kind("value", "boolean")
        case "openUrl":
            guard let url = args["url"]?.string else { return kind("url", "string") }
            if url.contains(" ") || !url.contains(":") { return "openUrl: \"\(url)\" is not a URL" }
            return nil
        case "and", "or":
            guard let values = args["values"]?.array else { return "\(name): \"values\" must be a list" }
            if values.count < 2 { return "\(name) needs at least two values" }
            for value in values { if let problem = problem(inDynamic: value, returning: "boolean") { return problem } }
            return nil
        default: return nil
        }
    }

    /// A surface's theme: `primaryColor` a `#rrggbb` colour, `iconUrl` and `agentDisplayName` text;
    /// other keys are the agent's own.
    static func problem(inTheme theme: JSONValue) -> String? {
        guard let object = theme.object else { return "the theme must be an object" }
        if let color = object["primaryColor"] {
            guard let text = color.string else { return "the theme's primaryColor must be text, not \(color.jsonText)" }
            let digits = text.dropFirst()
            guard text.hasPrefix("#"), digits.count == 6, digits.allSatisfy(\.isHexDigit) else {
                return "the theme's primaryColor \"\(text)\" is not a #rrggbb colour"
            }
        }
        for key in ["iconUrl", "agentDisplayName"] where object[key] != nil && object[key]?.string == nil {
            return "the theme's \(key) must be text"
        }
        return nil
    }
}

extension A2UIStream {
    /// What is wrong with a message a renderer sends back to its agent (`{"version", "action"}`,
    /// `{"version", "error"}`, and in v0.10 `functionResponse`), or nil when it is one.
    public static func problem(inClientMessage message: JSONValue) -> String? {
        guard let object = message.object else { return "a message must be a JSON object" }
        let kinds = object.keys.filter { $0 != "version" }
        let allowed: Set<String> = ["action", "error", "functionResponse"]
        guard kinds.count == 1, let kind = kinds.first else { return "a client message holds one of action and error" }
        guard allowed.contains(kind) else { return "\"\(kind)\" is not a message a client sends" }
        if kind == "action" {
            for key in ["name", "surfaceId", "sourceComponentId", "timestamp", "context"]
            where object[kind]?[key] == nil {
                return "action needs \"\(key)\""
            }
        }
        if kind == "functionResponse" {
            guard let response = object[kind]?.object else { return "functionResponse must be an object" }
            // The call's id (`functionCallId`; `callId` in later drafts) and its value, which holds
            // no object inside another (nothing of the data model's depth leaks back).
            guard response["functionCallId"]?.string != nil || response["callId"]?.string != nil else {
                return "functionResponse needs the id of the call it answers"
            }
            guard let value = response["value"] else { return "functionResponse needs a value" }
            func isFlat(_ value: JSONValue) -> Bool {
                switch value {
                case .object, .array: false
                default: true
                }
            }
            let flat = value.object.map { $0.pairs.allSatisfy { isFlat($0.value) } } ?? value.array?.allSatisfy(isFlat)
            if flat == false { return "functionResponse: its value holds a nested object or list" }
        }
        if kind == "error" {
            guard let error = object[kind]?.object else { return "error must be an object" }
            for key in ["code", "message"] where error[key]?.string == nil { return "error needs \"\(key)\"" }
            if error["code"]?.string == "VALIDATION_FAILED" {
                for key in ["surfaceId", "path"] where error[key]?.string == nil {
                    return "a VALIDATION_FAILED error needs \"\(key)\""
                }
            } else if (error["surfaceId"] == nil) == (error["functionCallId"] == nil) {
                return "an error names either the surface or the function call it is about"
            }
        }
        return nil
    }
}
