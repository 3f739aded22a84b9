import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The time a conversation keeps (for its reply timeout): the system's, or one a test moves by hand.
@MainActor
public protocol AIConversationClock: AnyObject {
    /// Seconds from a fixed origin.
    var now: Double { get }
    /// Runs `action` on the main actor once `seconds` have passed, unless the timer is cancelled first.
    func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> AIClockTimer
}

/// A scheduled action that can be called off.
@MainActor
public final class AIClockTimer {
    private var cancelAction: (@MainActor () -> Void)?

    /// A timer that calls `cancel` when it is called off.
    public init(cancel: @escaping @MainActor () -> Void) {
        cancelAction = cancel
    }

    /// Calls the action off; it does not run.
    public func cancel() {
        cancelAction?()
        cancelAction = nil
    }
}

/// The system's clock: actions run after real time has passed.
@MainActor
public final class AISystemClock: AIConversationClock {
    /// The system's clock.
    public init() {}

    /// Seconds since the system started.
    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Runs `action` after `seconds` of real time.
    public func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> AIClockTimer {
        let task = Task { @MainActor in
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9))
            guard !Task.isCancelled else { return }
            action()
        }
        return AIClockTimer { task.cancel() }
    }
}

/// A clock that moves only when told: for tests of timeouts and timers.
@MainActor
public final class AIManualClock: AIConversationClock {
    /// The time it reads; it moves only with ``advance(by:)``.
    public private(set) var now: Double
    private var pending: [(id: Int, due: Double, action: @MainActor () -> Void)] = []
    private var nextID = 0

    /// A clock reading `now`.
    public init(now: Double = 0) {
        self.now = now
    }

    /// Runs `action` when ``advance(by:)`` moves the clock `seconds` on.
    public func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> AIClockTimer {
        nextID += 1
        let id = nextID
        pending.append((id, now + max(0, seconds), action))
        return AIClockTimer { [weak self] in self?.pending.removeAll { $0.id == id } }
    }

    /// Moves the clock on by `seconds`, running the actions that fall due, in order.
    public func advance(by seconds: Double) {
        let target = now + max(0, seconds)
        while let next = pending.enumerated().filter({ $0.element.due <= target }).min(by: {
            ($0.element.due, $0.element.id) < ($1.element.due, $1.element.id)
        }) {
            pending.remove(at: next.offset)
            now = next.element.due
            next.element.action()
        }
        now = target
    }

    /// How many actions wait.
    public var scheduledCount: Int { pending.count }
}
