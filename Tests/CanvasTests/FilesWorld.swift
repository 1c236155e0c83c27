import Foundation
import Synchronization
import HTTP

/// Canvas and its file store in memory, for download tests: Canvas (`school.example`) answers a
/// file's JSON and redirects its `url` to the store (`store.example`), which serves `content` with
/// ranges and `If-Range` as S3 does, and refuses a request that carries a token.
///
/// Its `download` writes as the libcurl client does: a 200 from the first byte, a 206 whose
/// `Content-Range` starts at `resumeFrom` appended there, anything else left in memory.
final class FilesWorld: Sendable {
    /// What the store does to its next request instead of answering normally.
    enum Fault: Sendable {
        /// The normal answer (for a probe that comes before the request a fault is meant for).
        case pass
        case expired
        case ignoreRange
        /// 1024 bytes more than the file, announced as such.
        case long
        /// Only the first bytes of the file, announced as the whole of it.
        case smaller(Int)
        /// Writes this many body bytes, then the connection drops.
        case cut(Int)
        /// Ends the body after this many bytes without an error (a server that under-announces).
        case short(Int)
        case serverError
        /// A 400 with S3's XML saying why, as a store says it of a request it will never take.
        case badRequest
        /// A relative redirect on the store, then a redirect back to Canvas, which sends to the store again.
        case bounce
    }

    struct State {
        var content = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        var etag = "\"v1\""
        var lockExplanation: String?
        var faults: [Fault] = []
        var requests: [HTTPRequest] = []
        /// Fresh addresses Canvas gave (each file JSON read is one).
        var freshAddresses = 0
        /// The store's answer to a request with a token.
        var tokenSeenByStore = false
    }

    let state = Mutex(State())

    var requests: [HTTPRequest] { state.withLock { $0.requests } }
    var content: Data { state.withLock { $0.content } }
    var freshAddresses: Int { state.withLock { $0.freshAddresses } }
    var tokenSeenByStore: Bool { state.withLock { $0.tokenSeenByStore } }

    func fault(_ faults: Fault...) {
        state.withLock { $0.faults += faults }
    }

    var client: HTTPClient {
        HTTPClient(
            send: { request in self.answer(request).response },
            download: { request, file, resumeFrom, progress in try self.download(request, to: file, resumeFrom: resumeFrom, progress: progress) }
        )
    }

    private func download(
        _ request: HTTPRequest, to file: URL, resumeFrom: Int64, progress: @Sendable (Int64) -> Void
    ) throws -> HTTPResponse {
        let answer = answer(request)
        let response = answer.response
        let appends = response.status == 206 && response.header("Content-Range")?.hasPrefix("bytes \(resumeFrom)-") == true
        guard response.status == 200 || appends else { return response }
        try write(answer.body, to: file, at: response.status == 200 ? 0 : resumeFrom, cut: answer.cut)
        progress(Int64((try? Data(contentsOf: file).count) ?? 0))
        return HTTPResponse(status: response.status, headers: response.headers)
    }

    private func write(_ body: Data, to file: URL, at offset: Int64, cut: Int?) throws {
        var existing = offset == 0 ? Data() : ((try? Data(contentsOf: file)) ?? Data()).prefix(Int(offset))
        existing.append(body.prefix(cut ?? body.count))
        try existing.write(to: file)
        if cut != nil {
            throw NetworkError.unreachable(host: "store.example")
        }
    }

    private struct Answer {
        var response: HTTPResponse
        var body = Data()
        var cut: Int?
    }

    private func answer(_ request: HTTPRequest) -> Answer {
        state.withLock { state in
            state.requests.append(request)
            let url = request.url
            let path = url.path
            if url.host == "school.example" {
                guard request.headers["Authorization"] == "Bearer s3cret" else { return Answer(response: HTTPResponse(status: 401)) }
                if path == "/api/v1/courses/2/files/77" {
                    state.freshAddresses += 1
                    let locked = state.lockExplanation.map { #""locked_for_user": true, "lock_explanation": "\#($0)", "url": """# }
                        ?? #""locked_for_user": false, "url": "https://school.example/files/77/download?verifier=v\#(state.freshAddresses)""#
                    let json = #"{"id": 77, "display_name": "notes.pdf", "size": \#(state.content.count), \#(locked)}"#
                    return Answer(response: HTTPResponse(status: 200, body: Data(json.utf8)))
                }
                if path == "/files/77/download" || path == "/files/77/again" {
                    let location = "https://store.example/obj/77?sig=\(state.freshAddresses)"
                    return Answer(response: HTTPResponse(status: 302, headers: ["Location": location]))
                }
                return Answer(response: HTTPResponse(status: 404))
            }
            guard url.host == "store.example" else { return Answer(response: HTTPResponse(status: 599)) }
            if request.headers["Authorization"] != nil {
                state.tokenSeenByStore = true
                return Answer(response: HTTPResponse(status: 400, body: Data("<Error><Message>Only one auth mechanism allowed</Message></Error>".utf8)))
            }
            let fault = state.faults.isEmpty ? nil : state.faults.removeFirst()
            var content = state.content
            let headers = ["ETag": state.etag, "Accept-Ranges": "bytes"]
            switch fault {
            case .expired:
                return Answer(response: HTTPResponse(status: 403, body: Data("<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>".utf8)))
            case .serverError:
                return Answer(response: HTTPResponse(status: 503))
            case .badRequest:
                let why = "<Error><Code>InvalidRequest</Code><Message>The object was stored with a key that no longer exists</Message></Error>"
                return Answer(response: HTTPResponse(status: 400, body: Data(why.utf8)))
            case .bounce:
                state.faults.insert(.bounce, at: 0)
                if path == "/obj/77" {
                    return Answer(response: HTTPResponse(status: 307, headers: ["Location": "../back/77"]))
                }
                state.faults.removeFirst()
                return Answer(response: HTTPResponse(status: 302, headers: ["Location": "https://school.example/files/77/again"]))
            case .long:
                content.append(Data(repeating: 0x55, count: 1024))
            case let .smaller(count):
                content = content.prefix(count)
            default:
                break
            }
            var status = 200
            var start = 0
            var end = content.count
            var rangeHeaders = headers
            if fault.map({ if case .ignoreRange = $0 { return false } else { return true } }) ?? true,
               let range = request.headers["Range"], range.hasPrefix("bytes="),
               request.headers["If-Range"].map({ $0 == state.etag }) ?? true {
                let bounds = range.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
                start = Int(bounds[0]) ?? 0
                if bounds.count > 1, let last = Int(bounds[1]) { end = min(end, last + 1) }
                guard start < content.count else {
                    return Answer(response: HTTPResponse(status: 416, headers: ["Content-Range": "bytes */\(content.count)"]))
                }
                status = 206
                rangeHeaders["Content-Range"] = "bytes \(start)-\(end - 1)/\(content.count)"
            }
            let body = content.subdata(in: start..<end)
            rangeHeaders["Content-Length"] = String(body.count)
            switch fault {
            case let .cut(bytes):
                return Answer(response: HTTPResponse(status: status, headers: rangeHeaders, body: body), body: body, cut: bytes)
            case let .short(bytes):
                let short = body.prefix(bytes)
                return Answer(response: HTTPResponse(status: status, headers: rangeHeaders, body: short), body: short)
            default:
                return Answer(response: HTTPResponse(status: status, headers: rangeHeaders, body: body), body: body)
            }
        }
    }
}
