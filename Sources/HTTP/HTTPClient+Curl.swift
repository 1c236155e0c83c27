import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

extension HTTPClient {
    /// The most a JSON answer may be; more is refused, so memory stays bounded whatever a server sends.
    public static let defaultMaxAnswerBytes: Int64 = 32 * 1024 * 1024

    /// Sends requests through libcurl on `engine`, without following redirects.
    ///
    /// `send` gives up after `timeouts.request` in total; `upload` and `download` give up when
    /// nothing is sent or received for `timeouts.request`; all give up connecting after
    /// `timeouts.connect`. Answers over `maxAnswerBytes` end in `NetworkError.answerTooLarge`.
    /// Proxies come from the usual environment variables, as with curl.
    public static func curl(
        _ engine: HTTPEngine,
        timeouts: HTTPTimeouts = .standard,
        maxAnswerBytes: Int64 = defaultMaxAnswerBytes
    ) -> HTTPClient {
        HTTPClient(
            send: { request in
                let body = request.body.map { UploadBody([.bytes($0)]) }
                let transfer = CurlTransfer(
                    request: request, body: body, connectTimeout: timeouts.connect,
                    deadline: .total(timeouts.request), maxBodyBytes: maxAnswerBytes, progress: nil
                )
                return try await engine.curl.perform(transfer)
            },
            upload: { request, body, progress in
                let transfer = CurlTransfer(
                    request: request, body: body, connectTimeout: timeouts.connect,
                    deadline: .idle(timeouts.request), maxBodyBytes: maxAnswerBytes, progress: progress
                )
                return try await engine.curl.perform(transfer)
            },
            download: { request, file, resumeFrom, progress in
                let transfer = CurlTransfer(
                    request: request, body: nil, connectTimeout: timeouts.connect,
                    deadline: .idle(timeouts.request), maxBodyBytes: maxAnswerBytes, progress: nil,
                    sink: DownloadSink(path: file.path, resumeFrom: resumeFrom, progress: progress)
                )
                return try await engine.curl.perform(transfer)
            }
        )
    }
}

/// The machinery behind the live HTTP clients: one thread and one connection pool, shared
/// by every client made from it. Make one at the app's root and pass it down.
///
/// libcurl and its thread start with the first request, so a run that never goes online
/// (the sample catalog, a catalog file, `queue`) never starts them.
public final class HTTPEngine: Sendable {
    /// The engine, once a request or `prepare` started it; a closed one after `shutDown`.
    let started = Mutex<CurlEngine?>(nil)
    /// The thread `prepare` opens libcurl on, until `shutDown` waits for it.
    let preparing = Mutex<pthread_t?>(nil)
    /// The file of certificate authorities every request trusts; libcurl's own when nil.
    private let caBundle: String?

    /// An engine whose requests trust the authorities in `caBundle` (see `caBundle(in:)`), or
    /// libcurl's own when nil.
    public init(caBundle: String? = nil) {
        self.caBundle = caBundle
    }

    /// The bundle of certificate authorities `environment` names, as the curl tool reads it:
    /// `CURL_CA_BUNDLE`, else `SSL_CERT_FILE`; for a school behind its own authority.
    public static func caBundle(in environment: [String: String]) -> String? {
        ["CURL_CA_BUNDLE", "SSL_CERT_FILE"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }

    var curl: CurlEngine {
        started.withLock { engine in
            if let engine { return engine }
            let new = CurlEngine(caBundle: caBundle)
            engine = new
            return new
        }
    }
}
