import Teletype

/// The A2UI versions Teletype reads. They differ on the wire, not in what they draw: each is read
/// into the same surfaces, components and data model, so that drawing and interaction are written
/// once. What v0.8 writes differently is all in `A2UIVersion08`.
public enum A2UIVersion: String, Sendable, Equatable {
    /// `beginRendering`, `surfaceUpdate`, `dataModelUpdate`, `deleteSurface`; the standard catalog.
    case v0_8 = "v0.8"
    /// `createSurface`, `updateComponents`, `updateDataModel`, `deleteSurface`; the basic catalog.
    case v0_9 = "v0.9"
    /// v0.9's messages, and `callFunction` (the agent asks the renderer to run a function) and
    /// `actionResponse` (the agent answers an action that asked for an answer).
    case v0_10 = "v0.10"

    /// The version a message is written in: its `version`, else its kind (`deleteSurface` is
    /// every version's).
    static func of(_ message: JSONObject) -> A2UIVersion? {
        if message["surfaceUpdate"] != nil || message["dataModelUpdate"] != nil || message["beginRendering"] != nil {
            return .v0_8
        }
        if message["version"]?.string == "v0.10" || message["callFunction"] != nil || message["actionResponse"] != nil {
            return .v0_10
        }
        if message["createSurface"] != nil || message["updateComponents"] != nil || message["updateDataModel"] != nil {
            return .v0_9
        }
        return nil
    }
}

/// A2UI v0.8, read into the v0.9 model. A component is wrapped by its type (`{"Text": {…}}`) and
/// its values are bound (`literalString`, `literalNumber`, `literalBoolean`, `literalArray`, or a
/// `path`, both meaning "the path, starting as the literal"); children are an `explicitList` or a
/// `template` over a data binding; the data model comes as key and typed value entries
/// (`valueString`, `valueNumber`, `valueBoolean`, `valueMap`). The standard catalog's components
/// are v0.9's basic ones under other property names, which this maps: `usageHint` is the
/// `variant`, `distribution` and `alignment` are `justify` and `align`, a Button's `primary` is
/// its variant, a TextField's `text` and a MultipleChoice's `selections` are their `value`,
/// `MultipleChoice` is `ChoicePicker`, a Modal's `entryPointChild` and `contentChild` are its
/// `trigger` and `content`, `tabItems` are `tabs`, a Slider's `minValue` and `maxValue` its `min`
/// and `max`, and an action's `context` list of key and value is v0.9's context object.
enum A2UIVersion08 {
    /// What reading a v0.8 component gave: the component as v0.9 writes it, and the data its bound
    /// values start with (a `path` with a literal: the model at the path starts as the literal).
    struct Component {
        var fields: JSONObject
        var initialValues: [(path: String, value: JSONValue)]
    }

    /// A v0.8 component, `{"id", "weight", "component": {"Type": {…}}}`; nil with a reason when it
    /// is not one.
    static func component(_ wrapper: JSONValue) -> Result<Component, A2UIProblem08> {
        guard let id = wrapper["id"]?.string else { return .failure(.init("a component needs an id")) }
        guard let typed = wrapper["component"]?.object, typed.pairs.count == 1,
            let (type, properties) = typed.pairs.first,
            let given = properties.object
        else {
            return .failure(.init("component \"\(id)\" must be wrapped by its one type, as {\"Text\": {…}}"))
        }
        var initial: [(String, JSONValue)] = []
        var fields = JSONObject([("id", .string(id))])
        fields["component"] = .string(type == "MultipleChoice" ? "ChoicePicker" : type)
        if let weight = wrapper["weight"] { fields["weight"] = weight }
        for (key, value) in given.pairs {
            let name = propertyName(key, of: type)
            switch key {
            case "children":
                fields[name] = children(value)
            case "action":
                fields[name] = action(value, initial: &initial)
            case "tabItems":
                fields[name] = .array(
                    (value.array ?? []).map { tab in
                        var item = JSONObject()
                        if let title = tab["title"] { item["title"] = bound(title, initial: &initial) }
                        if let child = tab["child"] { item["child"] = child }
                        return .object(item)
                    })
            case "options":
                fields[name] = .array(
                    (value.array ?? []).map { option in
                        var item = JSONObject()
                        if let label = option["label"] { item["label"] = bound(label, initial: &initial) }
                        if let choice = option["value"] { item["value"] = choice }
                        return .object(item)
                    })
            case "primary":
                if value.bool == true { fields["variant"] = "primary" }
            case "maxAllowedSelections":
                fields["variant"] = value.integer == 1 ? "mutuallyExclusive" : "multipleSelection"
            default:
                fields[name] = bound(value, initial: &initial)
            }
        }
        if type == "MultipleChoice", fields["variant"] == nil { fields["variant"] = "multipleSelection" }
        return .success(Component(fields: fields, initialValues: initial))
    }

    /// A v0.8 property's v0.9 name.
    static func propertyName(_ key: String, of type: String) -> String {
        switch (type, key) {
        case (_, "usageHint"): "variant"
        case (_, "distribution"): "justify"
        case (_, "alignment"): "align"
        case ("Image", "altText"): "description"
        case ("TextField", "text"): "value"
        case ("TextField", "textFieldType"): "variant"
        case ("MultipleChoice", "selections"): "value"
        case ("MultipleChoice", "variant"): "displayStyle"
        case ("Modal", "entryPointChild"): "trigger"
        case ("Modal", "contentChild"): "content"
        case ("Tabs", "tabItems"): "tabs"
        case ("Slider", "minValue"): "min"
        case ("Slider", "maxValue"): "max"
        default: key
        }
    }

    /// A bound value as v0.9 writes it: a literal as itself, a path as `{"path": …}`.
    static func bound(_ value: JSONValue, initial: inout [(String, JSONValue)]) -> JSONValue {
        guard let object = value.object else { return value }
        let literal =
            object["literalString"] ?? object["literalNumber"] ?? object["literalBoolean"] ?? object["literalArray"]
        if let path = object["path"]?.string {
            if let literal { initial.append((path, literal)) }
            return .object(JSONObject([("path", .string(path))]))
        }
        if let literal { return literal }
        return value
    }

    /// Children: an `explicitList` of ids, or a `template` repeating a component over a list in
    /// the data model.
    static func children(_ value: JSONValue) -> JSONValue {
        if let list = value["explicitList"]?.array { return .array(list) }
        if let template = value["template"] {
            var repeated = JSONObject()
            if let id = template["componentId"] { repeated["componentId"] = id }
            if let path = template["dataBinding"] { repeated["path"] = path }
            return .object(repeated)
        }
        return value
    }

    /// A Button's action: its name and context (a list of key and bound value) as v0.9's event.
    static func action(_ value: JSONValue, initial: inout [(String, JSONValue)]) -> JSONValue {
        var event = JSONObject()
        if let name = value["name"] { event["name"] = name }
        var context = JSONObject()
        for entry in value["context"]?.array ?? [] {
            guard let key = entry["key"]?.string, let bound = entry["value"] else { continue }
            context[key] = self.bound(bound, initial: &initial)
        }
        if !context.pairs.isEmpty { event["context"] = .object(context) }
        return .object(JSONObject([("event", .object(event))]))
    }

    /// The value of a `dataModelUpdate` entry list: each key with its typed value, a `valueMap`
    /// an object of its own entries.
    static func contents(_ entries: [JSONValue]) -> JSONObject {
        var object = JSONObject()
        for entry in entries {
            guard let key = entry["key"]?.string else { continue }
            if let map = entry["valueMap"]?.array {
                object[key] = .object(contents(map))
            } else {
                object[key] =
                    entry["valueString"] ?? entry["valueNumber"] ?? entry["valueBoolean"] ?? entry["valueArray"]
                    ?? .null
            }
        }
        return object
    }

    /// Why a v0.8 message could not be read.
    struct A2UIProblem08: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

extension A2UIStream {
    /// Applies a v0.8 message (`beginRendering`, `surfaceUpdate`, `dataModelUpdate`) to the
    /// surfaces, as its v0.9 twin would be.
    mutating func apply08(_ object: JSONObject, line: Int) {
        if let begin = object["beginRendering"] {
            guard let index = surface(begin["surfaceId"]?.string, line: line, creating: true) else { return }
            if let root = begin["root"]?.string { surfaces[index].rootID = root }
            if let catalog = begin["catalogId"]?.string { surfaces[index].catalogID = catalog }
            surfaces[index].version = .v0_8
        } else if let update = object["surfaceUpdate"] {
            guard let index = surface(update["surfaceId"]?.string, line: line, creating: true) else { return }
            surfaces[index].version = .v0_8
            guard let components = update["components"]?.array else {
                problem(line: line, "surfaceUpdate needs a components list")
                return
            }
            for wrapper in components {
                switch A2UIVersion08.component(wrapper) {
                case .failure(let failure):
                    problem(line: line, failure.message)
                case .success(let component):
                    guard let id = component.fields["id"]?.string else { continue }
                    if surfaces[index].components[id] == nil { surfaces[index].componentOrder.append(id) }
                    surfaces[index].components[id] = component.fields
                    for (path, value) in component.initialValues
                    where surfaces[index].model.value(at: A2UIDataModel.absolute(path, scope: nil)) == nil {
                        _ = surfaces[index].model.set(value, at: A2UIDataModel.absolute(path, scope: nil))
                    }
                }
            }
        } else if let update = object["dataModelUpdate"] {
            guard let index = surface(update["surfaceId"]?.string, line: line, creating: true) else { return }
            surfaces[index].version = .v0_8
            let path = update["path"]?.string ?? "/"
            let pointer = path == "/" ? "" : A2UIDataModel.absolute(path, scope: nil)
            guard let entries = update["contents"]?.array else {
                problem(line: line, "dataModelUpdate needs its contents: a list of key and value entries")
                return
            }
            for (key, value) in A2UIVersion08.contents(entries).pairs {
                let escaped = key.replacing("~", with: "~0").replacing("/", with: "~1")
                if !surfaces[index].model.set(value, at: pointer + "/" + escaped) {
                    problem(line: line, "dataModelUpdate path \"\(path)\" runs through a value")
                    return
                }
            }
        }
    }
}
