import CCurl
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Sets up a libcurl easy handle for a transfer: address, method, headers, body, timeouts, callbacks.
enum CurlRequest {
    /// Bytes per second under which an idle deadline counts as "nothing moves".
    static let idleSpeed = 1
    /// Large reads keep uploads near disk and network speed (libcurl's maximum is 2 MB).
    static let uploadBufferSize = 1 << 20
    /// Large pieces of a download mean few writes to its file: a gigabyte in a few thousand.
    static let downloadBufferSize = 512 << 10

    /// A handle for `transfer`, trusting the authorities in `caBundle` when one is named.
    static func makeHandle(for transfer: CurlTransfer, caBundle: String?) -> UnsafeMutableRawPointer? {
        guard let handle = cb_easy_init() else { return nil }
        transfer.handle = handle
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        let request = transfer.request
        var ok = cb_setopt_string(handle, CURLOPT_URL, request.url.absoluteString) == CURLE_OK
        ok = ok && setCommon(handle, context: context)
        ok = ok && setReceiving(handle, transfer: transfer)
        ok = ok && setMethod(handle, transfer: transfer)
        ok = ok && setConnection(handle, request: request)
        ok = ok && setTrust(handle, bundle: caBundle)
        ok = ok && setTimeouts(handle, transfer: transfer)
        transfer.headerList = headerList(for: request)
        ok = ok && cb_setopt_list(handle, CURLOPT_HTTPHEADER, transfer.headerList) == CURLE_OK
        return ok ? handle : nil
    }

    private static func setCommon(_ handle: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer) -> Bool {
        let results = [
            cb_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
            // Redirects reach the caller, which decides whether the next address may see the token.
            cb_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            cb_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            cb_setopt_string(handle, CURLOPT_USERAGENT, "coursebrowser"),
            cb_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, CurlCallbacks.write),
            cb_setopt_pointer(handle, CURLOPT_WRITEDATA, context),
            cb_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, CurlCallbacks.header),
            cb_setopt_pointer(handle, CURLOPT_HEADERDATA, context),
            cb_setopt_progress_callback(handle, CurlCallbacks.progress),
            cb_setopt_pointer(handle, CURLOPT_XFERINFODATA, context),
            cb_setopt_long(handle, CURLOPT_NOPROGRESS, 0),
        ]
        return results.allSatisfy { $0 == CURLE_OK }
    }

    /// Compressed answers for API calls; a download asks for the file's own bytes, whose
    /// offsets are what `Range` and `Content-Range` count, and reads them in large pieces.
    private static func setReceiving(_ handle: UnsafeMutableRawPointer, transfer: CurlTransfer) -> Bool {
        guard transfer.sink == nil else {
            return cb_setopt_long(handle, CURLOPT_BUFFERSIZE, downloadBufferSize) == CURLE_OK
        }
        // Every encoding this libcurl can decode (gzip, br, zstd): smaller answers on slow links.
        return cb_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "") == CURLE_OK
    }

    private static func setMethod(_ handle: UnsafeMutableRawPointer, transfer: CurlTransfer) -> Bool {
        let method = transfer.request.method.uppercased()
        var results: [CURLcode] = []
        if let body = transfer.body {
            results += [
                cb_setopt_long(handle, CURLOPT_POST, 1),
                cb_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.length)),
                cb_setopt_data_callback(handle, CURLOPT_READFUNCTION, CurlCallbacks.read),
                cb_setopt_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(transfer).toOpaque()),
                cb_setopt_long(handle, CURLOPT_UPLOAD_BUFFERSIZE, uploadBufferSize),
                // The reader refuses to rewind a body sent at most once (see `setConnection`).
                cb_setopt_seek_callback(handle, CurlCallbacks.seek),
                cb_setopt_pointer(handle, CURLOPT_SEEKDATA, Unmanaged.passUnretained(transfer).toOpaque()),
            ]
            if method != "POST" {
                results.append(cb_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method))
            }
        } else if method == "HEAD" {
            results.append(cb_setopt_long(handle, CURLOPT_NOBODY, 1))
        } else if method != "GET" {
            results.append(cb_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method))
        }
        return results.allSatisfy { $0 == CURLE_OK }
    }

    /// An ordinary request asks for HTTP/2 over TLS and waits for a connection being set up
    /// to the same origin rather than opening one of its own, so requests started together
    /// (a course's pages, modules and assignments) become streams on one connection. Where
    /// the server offers only HTTP/1.1 the waiting ones then open their own, one handshake
    /// later; over plain HTTP, which can't offer HTTP/2 here, they don't wait at all.
    ///
    /// A request sent at most once goes out on a new connection, over HTTP/1.1, and its body
    /// refuses to rewind (`BodyReader.seek(to:)`), so libcurl has no way to send it twice.
    ///
    /// libcurl sends a request again by itself when a connection it reused dies before any
    /// answer arrives, rewinding the body through the seek callback: a server that acted on
    /// the request and then dropped the connection gets it twice. A new connection is not a
    /// reused one, so that retry can't start; it costs one handshake for each such request
    /// (one per hand-in) while every other request keeps reusing the pool, and it spares the
    /// request a kept connection the server may just have closed for idleness, which would
    /// fail it. HTTP/1.1, because an HTTP/2 connection is shared: another request multiplexed
    /// onto it makes it a reused one, and the retry is armed again. HTTP/2's other retry, of
    /// a stream the server refused (REFUSED_STREAM, or above a GOAWAY's last stream), is safe
    /// by itself, since RFC 9113 §8.7 guarantees the server did not act on such a stream, but
    /// it can't be kept without the first. Any other re-send libcurl might attempt needs a
    /// rewind the body refuses, and fails the transfer instead. Such a
    /// request doesn't wait for a shared connection: it would never use one.
    private static func setConnection(_ handle: UnsafeMutableRawPointer, request: HTTPRequest) -> Bool {
        guard request.isSentAtMostOnce else {
            let overTLS = request.url.scheme?.lowercased() == "https"
            return cb_setopt_long(handle, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS) == CURLE_OK
                && cb_setopt_long(handle, CURLOPT_PIPEWAIT, overTLS ? 1 : 0) == CURLE_OK
        }
        return cb_setopt_long(handle, CURLOPT_FRESH_CONNECT, 1) == CURLE_OK
            && cb_setopt_long(handle, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1) == CURLE_OK
    }

    /// Certificate authorities from `bundle` when one is named; else libcurl's own.
    /// Verification itself is never relaxed.
    private static func setTrust(_ handle: UnsafeMutableRawPointer, bundle: String?) -> Bool {
        guard let bundle else { return true }
        return cb_setopt_string(handle, CURLOPT_CAINFO, bundle) == CURLE_OK
    }

    private static func setTimeouts(_ handle: UnsafeMutableRawPointer, transfer: CurlTransfer) -> Bool {
        var results = [cb_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, transfer.connectTimeout.milliseconds)]
        switch transfer.deadline {
        case let .total(limit):
            results.append(cb_setopt_long(handle, CURLOPT_TIMEOUT_MS, limit.milliseconds))
        case let .idle(limit):
            results += [
                cb_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, idleSpeed),
                cb_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, max(1, Int(limit.seconds.rounded(.up)))),
            ]
        }
        return results.allSatisfy { $0 == CURLE_OK }
    }

    /// The request's headers, plus an empty `Expect:` so libcurl never waits for `100 Continue`.
    private static func headerList(for request: HTTPRequest) -> UnsafeMutablePointer<curl_slist>? {
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            // By scalar: "\r\n" is one Character, neither "\r" nor "\n", and would pass whole.
            let clean = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }))
            list = cb_slist_append(list, "\(name): \(clean)")
        }
        list = cb_slist_append(list, "Expect:")
        return list
    }
}
