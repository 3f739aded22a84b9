#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's environment variables, read one by one: building the whole environment as a
/// dictionary (`ProcessInfo.environment`) costs every command a noticeable part of its start.
package enum Environment {
    /// The value of the variable `name`, if it is set.
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The value of `name` as a number above `minimum`, if it is one.
    package static func number(_ name: String, above minimum: Int) -> Int? {
        value(name).flatMap(Int.init).flatMap { $0 > minimum ? $0 : nil }
    }
}
