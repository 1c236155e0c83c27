import CCurl

/// libcurl's process-wide setup, which must run once before any handle exists and
/// before other threads use it; a `static let` is Swift's run-once.
enum CurlGlobal {
    private static let initialized: Bool = cb_global_init() == CURLE_OK

    /// Initializes libcurl if nothing did yet; returns whether it is usable.
    static func ensure() -> Bool {
        initialized
    }
}
