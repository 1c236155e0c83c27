import CCurl
import Dispatch
import FoundationEssentials

#if canImport(Glibc)
import Glibc
import Synchronization
#endif

/// Runs HTTP transfers on one libcurl multi handle, driven by one thread of its own.
///
/// The thread sleeps in `curl_multi_poll` until a socket is ready, one of libcurl's timers
/// is due, or `curl_multi_wakeup` brings new work or a cancellation, so a request waiting
/// on a slow server costs no CPU. Connections are kept and reused between requests, and
/// requests to an HTTP/2 origin share one connection as streams (`CurlRequest` makes them
/// wait for it rather than open their own). The thread ends when the engine is released.
final class CurlEngine: Sendable {
    private let core: Core

    /// An engine trusting the authorities in `caBundle`, or libcurl's own when nil.
    init(caBundle: String?) {
        core = Core(caBundle: caBundle)
        core.start()
    }

    /// An engine that sends nothing and opens no libcurl: every transfer ends cancelled. What a
    /// request gets once the process is on its way out (`HTTPEngine.shutDown`).
    init(closed: Void) {
        core = Core(closed: ())
    }

    /// Stops the thread, failing what is under way as cancelled, and waits up to `seconds` for
    /// it to leave libcurl: once it has, no thread is inside libcurl while the process exits.
    func stopAndWait(within seconds: Double) {
        core.stop()
        core.waitUntilEnded(within: seconds)
    }

    deinit {
        core.stop()
    }

    /// Runs `transfer` to its end; cancelling the task stops it and closes its connection.
    func perform(_ transfer: CurlTransfer) async throws -> HTTPResponse {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.wait(with: continuation)
                core.add(transfer)
            }
        } onCancel: {
            transfer.cancel()
            core.wake()
        }
    }
}

extension CurlEngine {
    /// The multi handle and the state its thread works on; it outlives the engine until the thread ends.
    final class Core: @unchecked Sendable {
        private let multi: UnsafeMutableRawPointer?
        /// What other threads hand the engine's thread: new transfers, and whether to stop.
        private struct Inbox {
            var transfers: [CurlTransfer] = []
            var stopping = false
        }

        private let inbox = Mutex(Inbox())
        /// Signalled once the thread has cleaned up libcurl's handles and ended.
        private let ended = DispatchSemaphore(value: 0)
        /// Whether a thread runs at all; a closed engine has none.
        private let hasThread: Bool
        /// Transfers inside libcurl, by easy handle; touched on the thread only.
        private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        /// Certificate authorities the app's root named; libcurl's own when nil.
        private let caBundle: String?
        /// The most connections open to one host at once; libcurl queues the requests beyond
        /// them until one is free. Six, as browsers keep to: over HTTP/1.1 a start sends a
        /// dozen requests to Canvas together, which would otherwise each open a connection.
        /// (Over HTTP/2 they share one anyway.) A queued request's total time limit counts
        /// its time in the queue, as libcurl's does; an API answer frees its connection in
        /// milliseconds, and long transfers (files) go one job at a time.
        static let connectionsPerHost = 6

        init(closed: Void) {
            caBundle = nil
            multi = nil
            hasThread = false
        }

        init(caBundle: String?) {
            self.caBundle = caBundle
            hasThread = true
            multi = CurlGlobal.ensure() ? cb_multi_init() : nil
            if let multi {
                // Multiplexing is libcurl's default since 7.62; said here so no build or
                // version decides otherwise without a trace in this code.
                cb_multi_setopt_long(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX)
                cb_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, Self.connectionsPerHost)
            }
        }

        func start() {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            let created = pthread_create(&thread, nil, { context in
                guard let context else { return nil }
                let core = Unmanaged<Core>.fromOpaque(context).takeRetainedValue()
                core.run()
                return nil
            }, context)
            if created == 0 {
                pthread_detach(thread)
            } else {
                Unmanaged<Core>.fromOpaque(context).release()
            }
        }

        /// Waits up to `seconds` for the thread to end; at once when there is none.
        func waitUntilEnded(within seconds: Double) {
            guard hasThread, multi != nil else { return }
            if ended.wait(timeout: .now() + seconds) == .success {
                // Left signalled for any other waiter.
                ended.signal()
            }
        }

        func add(_ transfer: CurlTransfer) {
            guard hasThread else {
                transfer.finish(.failure(CancellationError()))
                return
            }
            guard multi != nil else {
                let failure = CurlGlobal.unavailableReason.map(NetworkError.noHTTP) ?? .unreachable(host: transfer.host)
                transfer.finish(.failure(failure))
                return
            }
            inbox.withLock { $0.transfers.append(transfer) }
            wake()
        }

        func stop() {
            inbox.withLock { $0.stopping = true }
            wake()
        }

        func wake() {
            if let multi {
                cb_multi_wakeup(multi)
            }
        }

        private func run() {
            guard let multi else { return }
            while true {
                let (arrived, stop) = inbox.withLock { inbox in
                    defer { inbox.transfers = [] }
                    return (inbox.transfers, inbox.stopping)
                }
                if stop { break }
                arrived.forEach { start($0, on: multi) }
                abortCancelled(on: multi)
                var running: Int32 = 0
                cb_multi_perform(multi, &running)
                collectFinished(on: multi)
                cb_multi_poll(multi, nil, 0, Int32(sleepMilliseconds(multi)), nil)
            }
            for transfer in active.values {
                remove(transfer, from: multi)
                transfer.finish(.failure(CancellationError()))
            }
            cb_multi_cleanup(multi)
            failEverything(CancellationError())
            ended.signal()
        }

        /// Until libcurl's next timer, or a minute when nothing is due; a wake-up cuts it short.
        private func sleepMilliseconds(_ multi: UnsafeMutableRawPointer) -> Int {
            var timeout = -1
            cb_multi_timeout(multi, &timeout)
            return timeout < 0 ? 60_000 : min(timeout, 60_000)
        }

        private func start(_ transfer: CurlTransfer, on multi: UnsafeMutableRawPointer) {
            guard !transfer.isCancelled else {
                transfer.finish(.failure(CancellationError()))
                return
            }
            guard let handle = CurlRequest.makeHandle(for: transfer, caBundle: caBundle) else {
                transfer.releaseHandle()
                transfer.finish(.failure(NetworkError.unreachable(host: transfer.host)))
                return
            }
            active[handle] = transfer
            cb_multi_add_handle(multi, handle)
        }

        private func abortCancelled(on multi: UnsafeMutableRawPointer) {
            for transfer in active.values where transfer.isCancelled {
                remove(transfer, from: multi)
                transfer.finish(.failure(CancellationError()))
            }
        }

        private func collectFinished(on multi: UnsafeMutableRawPointer) {
            var waiting: Int32 = 0
            while let message = cb_multi_info_read(multi, &waiting) {
                guard cb_message_is_done(message) != 0, let handle = message.pointee.easy_handle,
                      let transfer = active[handle] else { continue }
                let code = cb_message_result(message)
                let result = CurlResult.outcome(of: transfer, code: code, handle: handle)
                remove(transfer, from: multi)
                transfer.finish(result)
            }
        }

        private func remove(_ transfer: CurlTransfer, from multi: UnsafeMutableRawPointer) {
            if let handle = transfer.handle {
                cb_multi_remove_handle(multi, handle)
                active[handle] = nil
            }
            transfer.releaseHandle()
        }

        private func failEverything(_ error: any Error) {
            let waiting = inbox.withLock { inbox in
                defer { inbox.transfers = [] }
                return inbox.transfers
            }
            waiting.forEach { $0.finish(.failure(error)) }
        }
    }
}
