import Teletype
import TeletypeLayout

/// A surface's components with every value resolved against the data model (templates expanded,
/// functions called): what the terminal blocks and the HTML are both drawn from.
public indirect enum A2UIView: Sendable, Equatable {
    /// Text in a variant (`h1`–`h5`, `caption`, `body`), as Markdown.
    case text(String, variant: String)
    /// An image (never loaded in a terminal).
    case image(url: String, description: String)
    /// An icon by name.
    case icon(String)
    /// A video or audio player (`kind` is `video` or `audio`).
    case media(kind: String, url: String, description: String, poster: String)
    /// Children side by side.
    case row([A2UIView])
    /// Children one under another.
    case column([A2UIView])
    /// A framed card.
    case card(A2UIView?)
    /// Tabs: titles, and the content of each.
    case tabs([(title: String, content: A2UIView?)])
    /// A divider.
    case divider
    /// A modal: what opens it, and what it shows.
    case modal(trigger: A2UIView?, content: A2UIView?)
    /// A button: its label, variant, and the action it sends.
    case button(id: String, label: String, variant: String, action: JSONValue?)
    /// A check box and whether it is checked.
    case checkBox(id: String, label: String, checked: Bool)
    /// A text field with its value (hidden when obscured), what it shows while empty (v0.10's
    /// `placeholder`) and the messages of its failing checks.
    case textField(
        id: String, label: String, value: String, placeholder: String, obscured: Bool, long: Bool, problems: [String])
    /// A date or time field.
    case dateTime(id: String, label: String, value: String, problems: [String])
    /// A choice of options; `chosen` marks the selected ones.
    case choice(id: String, label: String, options: [(label: String, chosen: Bool)], multiple: Bool)
    /// A slider.
    case slider(id: String, label: String, minimum: Double, maximum: Double, value: Double)
    /// A component that cannot be drawn, and why.
    case problem(String)

    /// Whether two views show the same surfaces.
    public static func == (left: A2UIView, right: A2UIView) -> Bool {
        String(describing: left) == String(describing: right)
    }
}

/// Resolves a surface's component tree from `root`.
public struct A2UIResolver {
    let surface: A2UISurface
    /// How many components a surface may draw (templates repeat them).
    static let maximumComponents = 5000
    private var drawn = 0

    /// A resolver of `surface`.
    public init(surface: A2UISurface) {
        self.surface = surface
    }

    /// The surface's view, from its root.
    public mutating func view() -> A2UIView {
        var visiting: Set<String> = []
        let context = A2UIContext(model: surface.model, scope: nil)
        if surface.components[surface.rootID] != nil {
            return component(surface.rootID, context: context, visiting: &visiting)
        }
        // No root yet (a stream still arriving, a fragment): the components no other one holds,
        // in the order they came.
        let held = Set(surface.components.values.flatMap(Self.references))
        let tops = surface.componentOrder.filter { !held.contains($0) }
        guard !tops.isEmpty else { return .column([]) }
        return .column(tops.map { component($0, context: context, visiting: &visiting) })
    }

    /// The ids a component refers to: its child, children, tabs, trigger and content.
    static func references(_ fields: JSONObject) -> [String] {
        var ids: [String] = []
        for key in ["child", "trigger", "content"] { if let id = fields[key]?.string { ids.append(id) } }
        if let children = fields["children"] {
            ids += children.array?.compactMap(\.string) ?? []
            if let template = children["componentId"]?.string { ids.append(template) }
        }
        for tab in fields["tabs"]?.array ?? [] { if let id = tab["child"]?.string { ids.append(id) } }
        return ids
    }

    mutating func component(_ id: String, context: A2UIContext, visiting: inout Set<String>) -> A2UIView {
        guard let fields = surface.components[id] else { return .problem("component \"\(id)\" is not defined") }
        guard !visiting.contains(id) else { return .problem("component \"\(id)\" contains itself") }
        drawn += 1
        guard drawn <= Self.maximumComponents else { return .problem("too many components to draw") }
        visiting.insert(id)
        defer { visiting.remove(id) }
        let type = fields["component"]?.string ?? ""
        // A control repeated by a template is told apart by its row's place in the data model.
        let control = A2UIControlID.make(id, scope: context.scope)
        switch type {
        case "Text":
            return .text(context.string(fields["text"]), variant: fields["variant"]?.string ?? "body")
        case "Image":
            return .image(url: context.string(fields["url"]), description: context.string(fields["description"]))
        case "Icon":
            return .icon(context.string(fields["name"]))
        case "Video", "AudioPlayer":
            return .media(
                kind: type == "Video" ? "video" : "audio", url: context.string(fields["url"]),
                description: context.string(fields["description"]), poster: context.string(fields["posterUrl"]))
        case "Row":
            return .row(children(fields["children"], context: context, visiting: &visiting))
        case "Column":
            return .column(children(fields["children"], context: context, visiting: &visiting))
        case "List":
            let items = children(fields["children"], context: context, visiting: &visiting)
            return fields["direction"]?.string == "horizontal" ? .row(items) : .column(items)
        case "Card":
            return .card(fields["child"]?.string.map { component($0, context: context, visiting: &visiting) })
        case "Tabs":
            var tabs: [(title: String, content: A2UIView?)] = []
            for tab in fields["tabs"]?.array ?? [] {
                tabs.append(
                    (
                        context.string(tab["title"]),
                        tab["child"]?.string.map { component($0, context: context, visiting: &visiting) }
                    ))
            }
            return .tabs(tabs)
        case "Divider":
            return .divider
        case "Modal":
            return .modal(
                trigger: fields["trigger"]?.string.map { component($0, context: context, visiting: &visiting) },
                content: fields["content"]?.string.map { component($0, context: context, visiting: &visiting) })
        case "Button":
            let label =
                fields["child"]?.string.map { Self.plainText(component($0, context: context, visiting: &visiting)) }
                ?? ""
            return .button(
                id: control, label: label, variant: fields["variant"]?.string ?? "default", action: fields["action"])
        case "CheckBox":
            return .checkBox(
                id: control, label: context.string(fields["label"]), checked: context.bool(fields["value"]) ?? false)
        case "TextField":
            let variant = fields["variant"]?.string
            return .textField(
                id: control, label: context.string(fields["label"]), value: context.string(fields["value"]),
                placeholder: context.string(fields["placeholder"]), obscured: variant == "obscured",
                long: variant == "longText", problems: failingChecks(fields, context))
        case "DateTimeInput":
            let raw = context.string(fields["value"])
            let date = fields["enableDate"]?.bool ?? true
            let time = fields["enableTime"]?.bool ?? false
            let pattern = date && time ? "yyyy-MM-dd HH:mm" : time ? "HH:mm" : "yyyy-MM-dd"
            return .dateTime(
                id: control, label: context.string(fields["label"]),
                value: A2UIFormat.date(raw, pattern: pattern) ?? raw,
                problems: failingChecks(fields, context))
        case "ChoicePicker":
            let chosen: Set<String> = {
                switch context.resolve(fields["value"]) {
                case .array(let values)?: return Set(values.map { A2UIContext.text(of: $0) })
                case let value?: return [A2UIContext.text(of: value)]
                case nil: return []
                }
            }()
            let options = (fields["options"]?.array ?? []).map { option in
                let value = A2UIContext.text(of: context.resolve(option["value"]))
                return (label: context.string(option["label"] ?? option["value"]), chosen: chosen.contains(value))
            }
            return .choice(
                id: control, label: context.string(fields["label"]), options: options,
                multiple: fields["variant"]?.string == "multipleSelection")
        case "Slider":
            let minimum = context.number(fields["min"]) ?? 0
            let maximum = context.number(fields["max"]) ?? 100
            return .slider(
                id: control, label: context.string(fields["label"]), minimum: minimum, maximum: maximum,
                value: context.number(fields["value"]) ?? minimum)
        default:
            return .problem(type.isEmpty ? "component \"\(id)\" has no type" : "unknown component \"\(type)\" (\(id))")
        }
    }

    /// The children of a container: a list of ids, or a template repeated over a list in the data
    /// model (each copy reading relative paths from its item).
    mutating func children(_ list: JSONValue?, context: A2UIContext, visiting: inout Set<String>) -> [A2UIView] {
        switch list {
        case .array(let ids)?:
            return ids.compactMap(\.string).map { component($0, context: context, visiting: &visiting) }
        case .object(let template)?:
            guard let componentID = template["componentId"]?.string, let path = template["path"]?.string else {
                return [.problem("a template needs componentId and path")]
            }
            let pointer = A2UIDataModel.absolute(path, scope: context.scope)
            switch context.model.value(at: pointer) {
            case .array(let items)?:
                return items.indices.map { index in
                    var item = context
                    item.scope = pointer + "/\(index)"
                    return component(componentID, context: item, visiting: &visiting)
                }
            case .object(let items)?:
                return items.keys.map { key in
                    var item = context
                    item.scope = pointer + "/" + key.replacing("~", with: "~0").replacing("/", with: "~1")
                    return component(componentID, context: item, visiting: &visiting)
                }
            case nil, .null?:
                return []  // the data has not come yet
            default:
                return [.problem("template path \"\(path)\" is not a list")]
            }
        default:
            return []
        }
    }

    /// The messages of an input's checks that fail on its current value.
    func failingChecks(_ fields: JSONObject, _ context: A2UIContext) -> [String] {
        (fields["checks"]?.array ?? []).compactMap { check in
            guard context.bool(check["condition"] ?? check) == false else { return nil }
            return check["message"]?.string
        }
    }

    /// The text of a view, on one line (a button's label).
    static func plainText(_ view: A2UIView) -> String {
        switch view {
        case .text(let text, _): return text
        case .icon(let name): return A2UIIcons.glyph(name)
        case .row(let children), .column(let children):
            return children.map(plainText).filter { !$0.isEmpty }.joined(separator: " ")
        case .card(let child?): return plainText(child)
        default: return ""
        }
    }
}

/// The id of a control as drawn: its component's id, and, for a control a template repeats, the
/// pointer of its row in the data model (`item@/items/2`), so each copy can be focused, and its
/// bindings and its action's context are read in its row.
public enum A2UIControlID {
    /// The id of component `id` drawn in `scope` (a template's row, or nil outside templates).
    public static func make(_ id: String, scope: String?) -> String {
        guard let scope, !scope.isEmpty else { return id }
        return id + "@" + scope
    }

    /// The component and the row of a control's id.
    public static func split(_ control: String) -> (component: String, scope: String?) {
        // The row's pointer starts at the first "@/" (a component's id holds none; a pointer may).
        guard let at = control.firstRange(of: "@/") else { return (control, nil) }
        return (String(control[..<at.lowerBound]), String(control[control.index(after: at.lowerBound)...]))
    }
}
