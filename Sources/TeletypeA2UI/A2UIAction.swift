import Teletype

extension A2UIStream {
    /// The `action` message a button sends when pressed (v0.8's `userAction`): its event's name, the surface, the
    /// button, the time, and its context with every value resolved against the data model (and,
    /// when the surface asks for it, the whole data model) — what goes back to the agent as the
    /// user's next message. Nil when the component is not a button with an event.
    public func action(pressing componentID: String, in surfaceID: String, at timestamp: String) -> JSONValue? {
        guard let surface = surfaces.first(where: { $0.id == surfaceID }),
            let button = surface.components[componentID], let event = button["action"]?["event"],
            let name = event["name"]?.string
        else { return nil }
        let context = A2UIContext(model: surface.model, scope: nil)
        var resolved = JSONObject()
        for (key, value) in event["context"]?.object?.pairs ?? [] {
            resolved[key] = context.resolve(value) ?? .null
        }
        var action = JSONObject([
            ("name", .string(name)), ("surfaceId", .string(surfaceID)), ("sourceComponentId", .string(componentID)),
            ("timestamp", .string(timestamp)), ("context", .object(resolved)),
        ])
        if surface.sendsDataModel { action["dataModel"] = surface.model.root }
        // v0.8 calls it a user action, and has no version field.
        if surface.version == .v0_8 { return .object(JSONObject([("userAction", .object(action))])) }
        return .object(JSONObject([("version", "v0.9"), ("action", .object(action))]))
    }

    /// The stream with the value a user gave an input (a text field, a check box, a picker, a
    /// slider) written where the input is bound in the data model.
    public mutating func set(_ value: JSONValue, forInput componentID: String, in surfaceID: String) -> Bool {
        guard let index = surfaces.firstIndex(where: { $0.id == surfaceID }),
            let binding = surfaces[index].components[componentID]?["value"]?["path"]?.string
        else { return false }
        return surfaces[index].model.set(value, at: A2UIDataModel.absolute(binding, scope: nil))
    }
}
