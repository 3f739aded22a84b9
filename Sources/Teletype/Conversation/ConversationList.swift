import Observation

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One conversation in a list of past conversations.
public struct ConversationSummary: Sendable, Hashable, Identifiable {
    /// The conversation's id.
    public var id: String
    /// Its title, when it has one.
    public var title: String?
    /// When it last changed, in seconds since 1970.
    public var updatedAt: Double?

    /// A conversation `id`, titled `title`.
    public init(id: String, title: String? = nil, updatedAt: Double? = nil) {
        self.id = id
        self.title = title
        self.updatedAt = updatedAt
    }
}

/// A page of conversations, newest first, and where the next page starts (`nil`: this is the last).
public struct ConversationPage: Sendable, Hashable {
    /// The conversations of the page.
    public var conversations: [ConversationSummary]
    /// The cursor of the next page, or `nil` when there is none.
    public var nextCursor: String?

    /// A page of `conversations`, followed by the page at `nextCursor`.
    public init(conversations: [ConversationSummary], nextCursor: String?) {
        self.conversations = conversations
        self.nextCursor = nextCursor
    }
}

/// Where a conversation list comes from: pages of conversations, newest first, by cursor.
public protocol ConversationListSource: Sendable {
    /// The page after `cursor` (`nil`: the first page), of at most `limit` conversations.
    func page(after cursor: String?, limit: Int) async throws -> ConversationPage
}

/// The user's past conversations, loaded a page at a time, newest first.
@MainActor
@Observable
public final class ConversationList {
    /// The conversations loaded so far, newest first.
    public private(set) var conversations: [ConversationSummary] = []
    /// Whether a page is loading.
    public private(set) var isLoading = false
    /// Whether there are more pages.
    public private(set) var hasMore = false
    /// The last error; clear it with ``clearError()``.
    public private(set) var error: (any Error)?

    @ObservationIgnored private let source: any ConversationListSource
    @ObservationIgnored private var cursor: String?
    @ObservationIgnored private var limit = 20
    /// Counts loads, so the result of a load that a newer one replaced is dropped.
    @ObservationIgnored private var generation = 0

    /// A list reading its pages from `source`; nothing is loaded until ``load(limit:)``.
    public init(source: any ConversationListSource) {
        self.source = source
    }

    /// Loads the first page and replaces the list with it: for the first load and for a refresh.
    public func load(limit: Int = 20) async {
        self.limit = max(1, limit)
        generation += 1
        let current = generation
        isLoading = true
        do {
            let page = try await source.page(after: nil, limit: self.limit)
            guard current == generation else { return }
            conversations = Self.unique(page.conversations)
            cursor = page.nextCursor
            hasMore = page.nextCursor != nil
            error = nil
        } catch {
            guard current == generation else { return }
            self.error = error
        }
        isLoading = false
    }

    /// Adds the next page, skipping conversations already listed. Does nothing when there are no more
    /// pages or a page is already loading.
    public func loadMore() async {
        guard hasMore, !isLoading, let cursor else { return }
        let current = generation
        isLoading = true
        do {
            let page = try await source.page(after: cursor, limit: limit)
            guard current == generation else { return }
            let known = Set(conversations.map(\.id))
            conversations += Self.unique(page.conversations.filter { !known.contains($0.id) })
            self.cursor = page.nextCursor
            hasMore = page.nextCursor != nil
        } catch {
            guard current == generation else { return }
            self.error = error
        }
        isLoading = false
    }

    /// Forgets the last error.
    public func clearError() {
        error = nil
    }

    private static func unique(_ items: [ConversationSummary]) -> [ConversationSummary] {
        var seen = Set<String>()
        return items.filter { seen.insert($0.id).inserted }
    }
}
