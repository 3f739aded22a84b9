#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `teletype ask` and `teletype chat` run in `teletype-agent`, built beside `teletype`: this
/// process becomes it (the same process, arguments and terminal), so the other commands never load
/// the networking libraries.
enum AgentHelper {
    /// Replaces this process with `teletype-agent COMMAND ARGUMENTS…`; returns only on failure.
    static func run(_ command: String, _ arguments: [String]) throws -> Int32 {
        guard let path = location() else {
            throw CommandError.failure(
                "teletype \(command) needs teletype-agent beside teletype, in \(folder() ?? "its folder"):"
                    + " `make install` installs both, `swift build` builds both")
        }
        var cArguments = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, &cArguments)
        let reason = String(cString: strerror(errno))
        for pointer in cArguments { free(pointer) }
        throw CommandError.failure("cannot start \(path): \(reason)")
    }

    /// `teletype-agent` in the folder of this executable, if it is there.
    static func location() -> String? {
        guard let folder = folder() else { return nil }
        let path = folder + "/teletype-agent"
        return access(path, X_OK) == 0 ? path : nil
    }

    /// The folder of this executable.
    static func folder() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let me =
            length > 0
            ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments.first ?? ""
        guard let slash = me.lastIndex(of: "/") else { return nil }
        return String(me[..<slash])
    }
}
