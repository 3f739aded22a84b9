import Teletype

extension JSONValue {
    /// The value, or nil when it is JSON `null`: a field sent as `null` is a field not sent.
    ///
    /// (A closure such as `{ $0 == .null ? nil : $0 }` would not do: `JSONValue` is expressible
    /// by `nil`, so its `nil` is the value `null`, not a missing value.)
    var present: JSONValue? {
        if case .null = self { return nil }
        return self
    }
}
