import CCurl
import FoundationEssentials

/// Turns how a libcurl transfer ended into a response or the error a person can read.
enum CurlResult {
    static func outcome(of transfer: CurlTransfer, code: CURLcode, handle: UnsafeMutableRawPointer) -> Result<HTTPResponse, any Error> {
        if code == CURLE_OK {
            var status = 0
            cb_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            if let sink = transfer.sink {
                do {
                    try sink.finish(status: status, contentRange: transfer.responseHeader("content-range"), host: transfer.host)
                } catch {
                    return .failure(error)
                }
            }
            var response = transfer.response(status: status)
            response.httpVersion = httpVersion(handle)
            return .success(response)
        }
        return .failure(error(for: transfer, code: code, handle: handle))
    }

    private static func error(for transfer: CurlTransfer, code: CURLcode, handle: UnsafeMutableRawPointer) -> any Error {
        let host = transfer.host
        if transfer.isCancelled { return CancellationError() }
        if transfer.bodyTooLarge { return NetworkError.answerTooLarge(host: host, limit: transfer.maxBodyBytes) }
        if let failure = transfer.reader?.failure { return failure }
        // Writes what the download buffered before the transfer ended, so a full disk shows as one.
        transfer.sink?.close()
        if let failure = transfer.sink?.failure { return failure }
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return connected(handle)
                ? NetworkError.timedOut(host: host, seconds: seconds(transfer))
                : NetworkError.noConnection(host: host, seconds: Int(transfer.connectTimeout.seconds.rounded()))
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
             CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return NetworkError.untrustedCertificate(host: host)
        default:
            return answered(handle) ? NetworkError.cutOff(host: host) : NetworkError.unreachable(host: host)
        }
    }

    /// Whether the answer's status line had come when the transfer ended.
    private static func answered(_ handle: UnsafeMutableRawPointer) -> Bool {
        var status = 0
        cb_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return status > 0
    }

    /// Whether the transfer got as far as sending its request before it ended.
    ///
    /// Asked by what was sent rather than by the time spent connecting, which is 0 on a
    /// connection kept from an earlier request.
    private static func connected(_ handle: UnsafeMutableRawPointer) -> Bool {
        var requestBytes = 0
        cb_getinfo_long(handle, CURLINFO_REQUEST_SIZE, &requestBytes)
        return requestBytes > 0
    }

    /// The version libcurl spoke for the answer, as HTTP spells it.
    private static func httpVersion(_ handle: UnsafeMutableRawPointer) -> String? {
        var version = 0
        cb_getinfo_long(handle, CURLINFO_HTTP_VERSION, &version)
        switch version {
        case CURL_HTTP_VERSION_1_0: return "1.0"
        case CURL_HTTP_VERSION_1_1: return "1.1"
        case CURL_HTTP_VERSION_2_0: return "2"
        case CURL_HTTP_VERSION_3: return "3"
        default: return nil
        }
    }

    private static func seconds(_ transfer: CurlTransfer) -> Int {
        switch transfer.deadline {
        case let .total(limit), let .idle(limit): return Int(limit.seconds.rounded())
        }
    }
}
