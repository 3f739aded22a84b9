import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP request whose response body arrives in pieces: ``start(onData:onEnd:)`` returns once the
/// response's head is in (throwing for a status that is not 2xx, with the body the server sent), then
/// each piece of the body and the end are handed to the main queue, in order.
final class HTTPStream: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// A response that is not a success: its status and body.
    struct Failure: Error {
        var status: Int
        var body: Data
    }

    private let request: URLRequest
    private let lock = NSLock()
    private var session: URLSession?
    private var task: URLSessionDataTask?
    private var head: CheckedContinuation<Void, any Error>?
    private var failure: Failure?
    private var onData: (@MainActor (Data) -> Void)?
    private var onEnd: (@MainActor ((any Error)?) -> Void)?
    private var cancelled = false

    init(request: URLRequest) {
        self.request = request
    }

    /// Sends the request; returns when the response head arrives.
    func start(
        onData: @escaping @MainActor (Data) -> Void, onEnd: @escaping @MainActor ((any Error)?) -> Void
    ) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            lock.lock()
            head = continuation
            self.onData = onData
            self.onEnd = onEnd
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 300
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
            self.session = session
            let task = session.dataTask(with: request)
            self.task = task
            lock.unlock()
            task.resume()
        }
    }

    /// Drops the connection; nothing more is handed on.
    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        let head = self.head
        self.head = nil
        lock.unlock()
        task?.cancel()
        head?.resume(throwing: CancellationError())
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        lock.lock()
        if (200..<300).contains(status) {
            let head = self.head
            self.head = nil
            lock.unlock()
            head?.resume()
        } else {
            failure = Failure(status: status, body: Data())
            lock.unlock()
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        if failure != nil {
            failure?.body.append(data)
            lock.unlock()
            return
        }
        let handler = cancelled ? nil : onData
        lock.unlock()
        guard let handler else { return }
        DispatchQueue.main.async { MainActor.assumeIsolated { handler(data) } }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let head = self.head
        self.head = nil
        let failure = self.failure
        let handler = cancelled ? nil : onEnd
        onData = nil
        onEnd = nil
        lock.unlock()
        session.finishTasksAndInvalidate()
        if let head {
            // The head never came, or said the request failed.
            if let failure {
                head.resume(throwing: failure)
            } else {
                head.resume(throwing: error ?? URLError(.badServerResponse))
            }
            return
        }
        guard let handler else { return }
        DispatchQueue.main.async { MainActor.assumeIsolated { handler(error) } }
    }
}
