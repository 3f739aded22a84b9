import Teletype
import TeletypeLayout

/// A generated UI a person works in: which control has the focus, and what a key does to it — a
/// check box toggles, a text field takes characters, a picker moves and chooses, a slider steps,
/// a button sends its action. Values are written where the controls are bound in the data model,
/// so the surface redraws with them and a button's action carries them.
public struct A2UIInteraction: Sendable, Equatable {
    /// The surfaces, with the values the person gave.
    public private(set) var stream: A2UIStream
    /// The control that has the focus, if any.
    public private(set) var focus: A2UIFocus?

    /// A surface stream to work in; nothing has the focus yet.
    public init(stream: A2UIStream) {
        self.stream = stream
    }

    /// A key, as controls understand keys.
    public enum Key: Sendable, Equatable {
        /// Space or Enter: toggle, press, choose.
        case activate
        /// The arrow keys: move a picker's cursor, step a slider.
        case left, right
        /// A character typed into a text field.
        case character(Character)
        /// Deletes a text field's last character.
        case backspace
    }

    /// What a key did.
    public enum Outcome: Sendable, Equatable {
        /// A value changed or the focus moved: draw again.
        case changed
        /// A button was pressed: send this A2UI client message (`{"version", "action"}`) to the agent.
        case send(JSONValue)
        /// A button asks for a link to be opened (the catalog's `openUrl`).
        case open(String)
        /// The key means nothing to the focused control (or nothing has the focus).
        case unhandled
    }

    /// The controls a person can reach, in the order they are drawn: buttons, check boxes, text
    /// and date fields, pickers and sliders, each copy a template repeats with its row's id
    /// (``A2UIControlID``). A component drawn twice outside templates is not reachable.
    public var controls: [A2UIFocus] {
        var found: [A2UIFocus] = []
        for surface in stream.surfaces {
            var resolver = A2UIResolver(surface: surface)
            var ids: [String] = []
            Self.collect(resolver.view(), into: &ids)
            var counts: [String: Int] = [:]
            for id in ids { counts[id, default: 0] += 1 }
            for id in ids where counts[id] == 1 { found.append(A2UIFocus(surfaceID: surface.id, componentID: id)) }
        }
        return found
    }

    /// Moves the focus to the next control (or the previous one), wrapping around; false when
    /// there is no control.
    @discardableResult
    public mutating func moveFocus(forward: Bool = true) -> Bool {
        let all = controls
        guard !all.isEmpty else {
            focus = nil
            return false
        }
        let current = focus.flatMap { focus in
            all.firstIndex { $0.surfaceID == focus.surfaceID && $0.componentID == focus.componentID }
        }
        let next: Int
        if let current {
            next = (current + (forward ? 1 : all.count - 1)) % all.count
        } else {
            next = forward ? 0 : all.count - 1
        }
        focus = all[next]
        return true
    }

    /// Takes the focus away.
    public mutating func clearFocus() {
        focus = nil
    }

    /// Applies `key` to the focused control; `timestamp` dates a button's action (ISO 8601).
    public mutating func handle(_ key: Key, at timestamp: String) -> Outcome {
        let (componentID, scope) = A2UIControlID.split(focus?.componentID ?? "")
        guard var focus, let surface = stream.surfaces.first(where: { $0.id == focus.surfaceID }),
            let fields = surface.components[componentID]
        else { return .unhandled }
        var resolver = A2UIResolver(surface: surface)
        guard let view = Self.find(focus.componentID, in: resolver.view()) else { return .unhandled }
        switch (view, key) {
        case (.button, .activate):
            if let message = stream.action(pressing: focus.componentID, in: focus.surfaceID, at: timestamp) {
                return .send(message)
            }
            if let call = fields["action"]?["functionCall"], call["call"]?.string == "openUrl",
                let url = A2UIContext(model: surface.model, scope: scope).resolve(call["args"]?["url"])?.string
            {
                return .open(url)
            }
            return .unhandled
        case (.checkBox(_, _, let checked), .activate):
            return write(.bool(!checked), focus)
        case (.textField(_, _, let value, _, _, _, _), .character(let character)),
            (.dateTime(_, _, let value, _), .character(let character)):
            return write(.string(value + String(character)), focus)
        case (.textField(_, _, let value, _, _, _, _), .backspace), (.dateTime(_, _, let value, _), .backspace):
            guard !value.isEmpty else { return .unhandled }
            return write(.string(String(value.dropLast())), focus)
        case (.choice(_, _, let options, let multiple), _):
            switch key {
            case .left, .right:
                guard !options.isEmpty else { return .unhandled }
                focus.option = (focus.option + (key == .right ? 1 : options.count - 1)) % options.count
                self.focus = focus
                return .changed
            case .activate:
                let values = Self.optionValues(fields, surface, scope: scope)
                guard values.indices.contains(focus.option) else { return .unhandled }
                var chosen = values.indices.filter { options.indices.contains($0) && options[$0].chosen }
                if multiple {
                    if let at = chosen.firstIndex(of: focus.option) {
                        chosen.remove(at: at)
                    } else {
                        chosen.append(focus.option)
                    }
                } else {
                    chosen = [focus.option]
                }
                let picked = chosen.sorted().map { values[$0] }
                return write(multiple || Self.isList(fields, surface, scope: scope) ? .array(picked) : picked[0], focus)
            default: return .unhandled
            }
        case (.slider(_, _, let minimum, let maximum, let value), .left),
            (.slider(_, _, let minimum, let maximum, let value), .right):
            let step = maximum - minimum > 20 ? ((maximum - minimum) / 20).rounded() : 1
            let next = min(max(value + (key == .right ? step : -step), minimum), maximum)
            return next == value ? .unhandled : write(.number(next), focus)
        default:
            return .unhandled
        }
    }

    private mutating func write(_ value: JSONValue, _ focus: A2UIFocus) -> Outcome {
        stream.set(value, forInput: focus.componentID, in: focus.surfaceID) ? .changed : .unhandled
    }

    /// The surfaces drawn with the focused control marked.
    public var blocks: [LayoutBlock] {
        A2UIRenderer.blocks(stream, focus: focus)
    }

    /// The ids of the reachable controls of a view, in drawing order (the first tab only, as drawn).
    static func collect(_ view: A2UIView, into ids: inout [String]) {
        switch view {
        case .button(let id, _, _, _), .checkBox(let id, _, _), .textField(let id, _, _, _, _, _, _),
            .dateTime(let id, _, _, _), .choice(let id, _, _, _), .slider(let id, _, _, _, _):
            ids.append(id)
        case .row(let children), .column(let children): for child in children { collect(child, into: &ids) }
        case .card(let child): if let child { collect(child, into: &ids) }
        case .tabs(let tabs): if let content = tabs.first?.content { collect(content, into: &ids) }
        case .modal(let trigger, let content):
            if let trigger { collect(trigger, into: &ids) }
            if let content { collect(content, into: &ids) }
        case .text, .image, .icon, .media, .divider, .problem: break
        }
    }

    /// The control `id` in a view.
    static func find(_ id: String, in view: A2UIView) -> A2UIView? {
        switch view {
        case .button(let own, _, _, _), .checkBox(let own, _, _), .textField(let own, _, _, _, _, _, _),
            .dateTime(let own, _, _, _), .choice(let own, _, _, _), .slider(let own, _, _, _, _):
            return own == id ? view : nil
        case .row(let children), .column(let children):
            for child in children { if let found = find(id, in: child) { return found } }
            return nil
        case .card(let child): return child.flatMap { find(id, in: $0) }
        case .tabs(let tabs): return tabs.first?.content.flatMap { find(id, in: $0) }
        case .modal(let trigger, let content):
            return trigger.flatMap { find(id, in: $0) } ?? content.flatMap { find(id, in: $0) }
        case .text, .image, .icon, .media, .divider, .problem: return nil
        }
    }

    /// A picker's option values, resolved.
    static func optionValues(_ fields: JSONObject, _ surface: A2UISurface, scope: String?) -> [JSONValue] {
        let context = A2UIContext(model: surface.model, scope: scope)
        return (fields["options"]?.array ?? []).map { context.resolve($0["value"]) ?? .null }
    }

    /// Whether a picker's bound value is a list (as the catalog's pickers hold), or one value.
    static func isList(_ fields: JSONObject, _ surface: A2UISurface, scope: String?) -> Bool {
        let current = A2UIContext(model: surface.model, scope: scope).resolve(fields["value"])
        if case .array? = current { return true }
        return current == nil
    }
}

/// Where the focus is: a control of a surface, and for a picker the option under the cursor.
public struct A2UIFocus: Sendable, Equatable, Hashable {
    /// The surface the control is on.
    public var surfaceID: String
    /// The control, by its id as drawn (see `A2UIControlID`).
    public var componentID: String
    /// The picker option under the cursor.
    public var option: Int

    /// The focus on a control (and, for a picker, its option under the cursor).
    public init(surfaceID: String, componentID: String, option: Int = 0) {
        self.surfaceID = surfaceID
        self.componentID = componentID
        self.option = option
    }
}
