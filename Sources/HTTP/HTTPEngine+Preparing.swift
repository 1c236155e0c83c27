#if canImport(Glibc)
import Glibc
#endif

extension HTTPEngine {
    /// Opens libcurl and starts the engine's thread now, on a thread of its own, for a run that
    /// is about to go online.
    ///
    /// Opening libcurl loads some thirty libraries (about 7 ms here, more on a busy machine);
    /// done by the first request it delays that request by as much, while done here it runs
    /// beside the rest of the start (reading the login, setting up the environment) on another
    /// core. A request made before it is done waits for it, as it would have waited for its own.
    public func prepare() {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            _ = Unmanaged<HTTPEngine>.fromOpaque(context).takeRetainedValue().curl
            return nil
        }, context)
        if created == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<HTTPEngine>.fromOpaque(context).release()
        }
    }

    /// Whether libcurl was opened and the engine's thread started, by a request or by `prepare`.
    var hasStarted: Bool {
        started.withLock { $0 != nil }
    }
}
