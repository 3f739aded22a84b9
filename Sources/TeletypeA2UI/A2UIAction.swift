import Teletype

extension A2UIStream {
    /// The `action` message a button sends when pressed (v0.8's `userAction`): its event's name, the surface, the
    /// button, the time, and its context with every value resolved against the data model (and,
    /// when the surface asks for it, the whole data model) — what goes back to the agent as the
    /// user's next message. Nil when the component is not a button with an event.
    /// `componentID` is a control's id as drawn (``A2UIControlID``): a button a template repeats
    /// resolves its context in its row.
    public func action(pressing control: String, in surfaceID: String, at timestamp: String) -> JSONValue? {
        let (componentID, scope) = A2UIControlID.split(control)
        guard let surface = surfaces.first(where: { $0.id == surfaceID }),
            let button = surface.components[componentID], let event = button["action"]?["event"],
            let name = event["name"]?.string
        else { return nil }
        let context = A2UIContext(model: surface.model, scope: scope)
        var resolved = JSONObject()
        for (key, value) in event["context"]?.object?.pairs ?? [] {
            resolved[key] = context.resolve(value) ?? .null
        }
        var action = JSONObject([
            ("name", .string(name)), ("surfaceId", .string(surfaceID)), ("sourceComponentId", .string(componentID)),
            ("timestamp", .string(timestamp)), ("context", .object(resolved)),
        ])
        if surface.sendsDataModel { action["dataModel"] = surface.model.root }
        // v0.10: an event that wants an answer sends an id the answer names (`actionResponse`).
        if surface.version == .v0_10, event["wantResponse"]?.bool == true {
            action["wantResponse"] = true
            action["actionId"] = .string([surfaceID, control, timestamp].joined(separator: "|"))
        }
        // v0.8 calls it a user action, and has no version field.
        if surface.version == .v0_8 { return .object(JSONObject([("userAction", .object(action))])) }
        return .object(JSONObject([("version", .string(surface.version.rawValue)), ("action", .object(action))]))
    }

    /// The stream with the value a user gave an input (a text field, a check box, a picker, a
    /// slider) written where the input is bound in the data model: for an input a template
    /// repeats (its id as drawn, ``A2UIControlID``), a relative binding is read in its row.
    public mutating func set(_ value: JSONValue, forInput control: String, in surfaceID: String) -> Bool {
        let (componentID, scope) = A2UIControlID.split(control)
        guard let index = surfaces.firstIndex(where: { $0.id == surfaceID }),
            let binding = surfaces[index].components[componentID]?["value"]?["path"]?.string
        else { return false }
        return surfaces[index].model.set(value, at: A2UIDataModel.absolute(binding, scope: scope))
    }
}
