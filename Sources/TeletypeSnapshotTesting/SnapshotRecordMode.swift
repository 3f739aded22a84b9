/// When a snapshot assertion writes its reference file.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Always: every reference is written anew (and the assertion fails, to make you look).
    case all
    /// Only a missing reference is written; the default on a developer's machine.
    case missing
    /// A reference that does not match is written anew (and the assertion fails).
    case failed
    /// Never: a missing reference fails. The default under CI (`CI=true`).
    case never

    /// The mode from `TELETYPE_SNAPSHOT_RECORD` (`all`, `missing`, `failed`, `never`), else `never`
    /// under CI, else `missing`.
    public static func fromEnvironment(_ environment: [String: String]) -> SnapshotRecordMode {
        if let name = environment["TELETYPE_SNAPSHOT_RECORD"], let mode = SnapshotRecordMode(rawValue: name) {
            return mode
        }
        return environment["CI"] == "true" ? .never : .missing
    }
}
