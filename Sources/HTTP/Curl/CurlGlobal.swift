import CCurl

/// libcurl, opened and set up once, before any handle exists and before other threads use
/// it; a `static let` is Swift's run-once.
enum CurlGlobal {
    /// Nil when libcurl is usable, else why not.
    private static let failure: String? = cb_curl_load() == 0 ? nil : String(cString: cb_curl_load_error())

    /// Opens and initialises libcurl if nothing did yet; returns whether it is usable.
    static func ensure() -> Bool {
        failure == nil
    }

    /// Why libcurl can't be used, when it can't.
    static var unavailableReason: String? { failure }
}
