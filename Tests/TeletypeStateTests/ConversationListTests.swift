import Foundation
import Teletype
import Testing

/// A source of pages over a fixed list, newest first, that can fail, repeat items across pages
/// (as a list that changed between pages does) and hold a page until released.
actor PagedSource: ConversationListSource {
    struct Failure: Error {}

    var all: [ConversationSummary]
    var failNext = false
    var overlap = 0
    private(set) var requests: [(cursor: String?, limit: Int)] = []

    init(count: Int) {
        all = (0..<count).map { ConversationSummary(id: "c\($0)", title: "Chat \($0)", updatedAt: Double(1000 - $0)) }
    }

    func failNextPage() { failNext = true }
    func setOverlap(_ count: Int) { overlap = count }
    func requestCount() -> Int { requests.count }

    func page(after cursor: String?, limit: Int) async throws -> ConversationPage {
        requests.append((cursor, limit))
        if failNext {
            failNext = false
            throw Failure()
        }
        let start = max(0, (cursor.flatMap(Int.init) ?? 0) - overlap)
        let end = min(all.count, start + limit + (cursor == nil ? 0 : overlap))
        return ConversationPage(
            conversations: Array(all[start..<end]), nextCursor: end < all.count ? String(end) : nil)
    }
}

@MainActor
@Suite struct ConversationListTests {
    @Test func loadReplacesAndLoadMoreAppendsSkippingDuplicates() async {
        let source = PagedSource(count: 25)
        let list = ConversationList(source: source)
        await list.load(limit: 10)
        #expect(list.conversations.map(\.id) == (0..<10).map { "c\($0)" })
        #expect(list.hasMore && !list.isLoading)
        await source.setOverlap(3)
        await list.loadMore()
        #expect(list.conversations.map(\.id) == (0..<20).map { "c\($0)" }, "repeated items are skipped")
        await list.loadMore()
        #expect(list.conversations.count == 25 && !list.hasMore)
        let requests = await source.requestCount()
        await list.loadMore()
        #expect(await source.requestCount() == requests, "no more pages: nothing is asked")
        // A refresh replaces the list with the first page.
        await list.load(limit: 5)
        #expect(list.conversations.map(\.id) == (0..<5).map { "c\($0)" } && list.hasMore)
    }

    @Test func errorsStayUntilClearedAndKeepWhatWasLoaded() async {
        let source = PagedSource(count: 30)
        let list = ConversationList(source: source)
        await list.load(limit: 10)
        await source.failNextPage()
        await list.loadMore()
        #expect(list.error is PagedSource.Failure)
        #expect(list.conversations.count == 10 && list.hasMore && !list.isLoading)
        list.clearError()
        #expect(list.error == nil)
        await list.loadMore()
        #expect(list.conversations.count == 20)
    }

    @Test func loadMoreWhileLoadingDoesNothing() async {
        let source = PagedSource(count: 30)
        let list = ConversationList(source: source)
        await list.load(limit: 10)
        async let first: Void = list.loadMore()
        async let second: Void = list.loadMore()
        _ = await (first, second)
        #expect(list.conversations.count == 20, "one page, not two")
        #expect(await source.requestCount() == 2)
    }
}
