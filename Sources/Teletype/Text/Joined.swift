/// Strings joined with a separator, written out by hand.
///
/// The standard library's generic `joined(separator:)` looks a conformance up at run time on its
/// first call in a process, through every conformance record the binary holds: about 200K
/// instructions, a twentieth of drawing a small document. The code every command runs joins with
/// this instead (found with a debugger's breakpoint on the runtime's conformance look-up).
package enum Joined {
    /// `parts` with `separator` between them.
    package static func strings(_ parts: [String], separator: String) -> String {
        strings(parts[...], separator: separator)
    }

    /// `parts` with `separator` between them.
    package static func strings(_ parts: ArraySlice<String>, separator: String) -> String {
        var out = ""
        var first = true
        for part in parts {
            if !first { out += separator }
            out += part
            first = false
        }
        return out
    }
}
