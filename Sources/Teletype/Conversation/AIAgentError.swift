#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The agent could not answer: it reported the error state, or its reply did not start in time.
public struct AIAgentError: Error, Sendable, Hashable, LocalizedError {
    /// What the agent said, if anything.
    public var message: String?

    /// An error with what the agent said.
    public init(message: String? = nil) {
        self.message = message
    }

    /// What the agent said, else "The agent couldn't answer. Try again." (the `conversation.error.agent` text).
    public var errorDescription: String? {
        if let message, !message.isEmpty { return message }
        return "The agent couldn't answer. Try again."
    }
}

extension AIAgentError {
    /// What a person reads of `error`: its description when it gives one (a `LocalizedError`),
    /// else how it prints.
    public static func text(of error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
