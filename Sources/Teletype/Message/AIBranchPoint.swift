/// A point where a conversation forked: the user edited a prompt, rewound, or regenerated a reply,
/// and the tree holds more than one version from here. The conversation shown follows one version;
/// the message that starts it carries the branch point, with the other versions' messages.
public struct AIBranchPoint: Sendable, Hashable {
    /// Which version is shown, from 1.
    public var version: Int
    /// How many versions there are.
    public var count: Int
    /// The other versions, in order, each as its messages from the branch point on.
    public var alternatives: [[Message]]
    /// Why it forked, when the log says (`rewound`, `edited`, `regenerated`).
    public var reason: String?
    /// For each other version, in order, what `teletype render --branch` takes to show it instead
    /// (empty where the reader cannot show another version).
    public var selectors: [String]

    /// A branch point showing `version` of `count`.
    public init(
        version: Int, count: Int, alternatives: [[Message]] = [], reason: String? = nil, selectors: [String] = []
    ) {
        self.version = version
        self.count = count
        self.alternatives = alternatives
        self.reason = reason
        self.selectors = selectors
    }
}
