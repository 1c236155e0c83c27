import CCurl
#if canImport(Glibc)
import Glibc
#endif

extension HTTPEngine {
    /// Starts opening libcurl at once, on a thread of its own, when the command line or the
    /// environment names the site the run asks at once (`--canvas`, `CANVAS_URL`, the default
    /// profile's saved login, no offline command): call it first thing in `main`, so the opening
    /// runs beside the options' parsing and the environment's setting up. A request waits for it
    /// as it waits for `prepare`'s, and so does the process's exit.
    package static func openEarly() {
        cb_curl_open_early(CommandLine.argc, CommandLine.unsafeArgv, environ)
    }

    /// Opens libcurl and starts the engine's thread now, on a thread of its own, for a run that
    /// is about to go online.
    ///
    /// Opening libcurl loads some thirty libraries (about 7 ms here, more on a busy machine);
    /// done by the first request it delays that request by as much, while done here it runs
    /// beside the rest of the start (reading the login, setting up the environment) on another
    /// core. A request made before it is done waits for it, as it would have waited for its own.
    public func prepare() {
        guard !hasStarted else { return }
        preparing.withLock { preparing in
            // Once is enough: a second call would open nothing more.
            guard preparing == nil else { return }
            let context = Unmanaged.passRetained(self).toOpaque()
            var thread = pthread_t()
            let created = pthread_create(&thread, nil, { context in
                guard let context else { return nil }
                _ = Unmanaged<HTTPEngine>.fromOpaque(context).takeRetainedValue().curl
                return nil
            }, context)
            if created == 0 {
                preparing = thread
            } else {
                Unmanaged<HTTPEngine>.fromOpaque(context).release()
            }
        }
    }

    /// Readies the process to exit: waits for `prepare`'s opening of libcurl to end, then stops
    /// the engine's thread and waits up to `seconds` for it to leave libcurl. A request made
    /// after this is cancelled at once, and opens nothing.
    ///
    /// Exiting while another thread is inside libcurl (loading its libraries, or polling) lets
    /// `exit` tear down what that thread still uses; now and then such a run crashed on its way
    /// out. Call it last, before `exit`.
    public func shutDown(within seconds: Double = 2) {
        if let thread = preparing.withLock({ thread in defer { thread = nil }; return thread }) {
            pthread_join(thread, nil)
        }
        let running = started.withLock { engine -> CurlEngine? in
            defer { engine = CurlEngine(closed: ()) }
            return engine
        }
        running?.stopAndWait(within: seconds)
    }

    /// Whether libcurl was opened and the engine's thread started, by a request or by `prepare`.
    var hasStarted: Bool {
        started.withLock { $0 != nil }
    }
}
