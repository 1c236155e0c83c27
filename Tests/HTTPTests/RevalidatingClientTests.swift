import Foundation
import Testing
import HTTP
import TestSupport

/// `HTTPClient.revalidating`: conditions on GETs, a 304 seen as the kept 200, what is kept and what not.
@Suite
struct RevalidatingClientTests {
    let url = URL(string: "https://school.example/api/v1/courses?per_page=10")!
    let tokenA = ["Authorization": "Bearer token-a"]

    /// A client whose server answers `answer(request)` and records each request it gets.
    func client(_ sent: Recorder<HTTPRequest>, _ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) -> HTTPClient {
        HTTPClient { request in
            sent.append(request)
            return answer(request)
        }
    }

    /// A server holding one resource with `etag`: a 304 when asked with it, else the whole.
    func server(etag: String = "W/\"v1\"", body: String = "[1,2]", link: String = "<https://school.example/p2>; rel=\"next\"")
        -> @Sendable (HTTPRequest) -> HTTPResponse
    {
        { request in
            let headers = ["ETag": etag, "Link": link, "X-Rate-Limit-Remaining": "700.0"]
            if request.headers["If-None-Match"] == etag {
                return HTTPResponse(status: 304, headers: headers)
            }
            return HTTPResponse(status: 200, headers: headers.merging(["Content-Type": "application/json"]) { $1 }, body: Data(body.utf8))
        }
    }

    @Test func aSecondGetAsksWithTheTagAndA304ComesBackAsTheKept200WithItsLink() async throws {
        let store = MemoryStore()
        let sent = Recorder<HTTPRequest>()
        let http = client(sent, server()).revalidating(store.store)
        let first = try await http.send(HTTPRequest(url: url, headers: tokenA))
        let second = try await http.send(HTTPRequest(url: url, headers: tokenA))
        #expect(sent.values.map { $0.headers["If-None-Match"] } == [nil, "W/\"v1\""])
        #expect(second.status == 200)
        #expect(second.body == first.body)
        #expect(second.header("Link") == "<https://school.example/p2>; rel=\"next\"")
        #expect(second.header("Content-Type") == "application/json")
    }

    @Test func the304sOwnFieldsReplaceTheKeptOnes() async throws {
        let store = MemoryStore()
        let sent = Recorder<HTTPRequest>()
        let calls = Shared(0)
        let http = client(sent) { request in
            let call = calls.modify { count in
                count += 1
                return count
            }
            let fields = ["ETag": "\"t\"", "Link": "<https://school.example/p\(call)>; rel=\"next\"", "X-Rate-Limit-Remaining": "\(700 - call)"]
            guard request.headers["If-None-Match"] == nil else { return HTTPResponse(status: 304, headers: fields) }
            return HTTPResponse(status: 200, headers: fields.merging(["Content-Type": "application/json"]) { $1 }, body: Data("[]".utf8))
        }.revalidating(store.store)
        _ = try await http.send(HTTPRequest(url: url, headers: tokenA))
        let confirmed = try await http.send(HTTPRequest(url: url, headers: tokenA))
        #expect(confirmed.header("Link") == "<https://school.example/p2>; rel=\"next\"")
        #expect(confirmed.header("X-Rate-Limit-Remaining") == "698")
        #expect(confirmed.header("Content-Type") == "application/json")
    }

    /// A 304 that says nothing of the rate budget must not hand on the first answer's figure as
    /// news: the budget gate would take it for a reading made now.
    @Test func a304WithoutRateFieldsCarriesNoneOfTheKeptOnes() async throws {
        let store = MemoryStore()
        let http = client(Recorder()) { request in
            guard request.headers["If-None-Match"] == nil else { return HTTPResponse(status: 304, headers: ["ETag": "\"t\""]) }
            return HTTPResponse(status: 200, headers: ["ETag": "\"t\"", "X-Rate-Limit-Remaining": "650", "X-Request-Cost": "0.5", "Date": "Wed, 02 Dec 2026 10:00:00 GMT"], body: Data("[]".utf8))
        }.revalidating(store.store)
        _ = try await http.send(HTTPRequest(url: url, headers: tokenA))
        let confirmed = try await http.send(HTTPRequest(url: url, headers: tokenA))
        #expect(confirmed.status == 200)
        #expect(confirmed.header("X-Rate-Limit-Remaining") == nil && confirmed.header("X-Request-Cost") == nil && confirmed.header("Date") == nil)
    }

    @Test func withOnlyLastModifiedTheConditionIsIfModifiedSince() async throws {
        let store = MemoryStore()
        let sent = Recorder<HTTPRequest>()
        let stamp = "Wed, 02 Dec 2026 10:00:00 GMT"
        let http = client(sent) { _ in HTTPResponse(status: 200, headers: ["Last-Modified": stamp], body: Data("{}".utf8)) }
            .revalidating(store.store)
        _ = try await http.send(HTTPRequest(url: url, headers: tokenA))
        _ = try await http.send(HTTPRequest(url: url, headers: tokenA))
        #expect(sent.values.map { $0.headers["If-Modified-Since"] } == [nil, stamp])
        #expect(sent.values.allSatisfy { $0.headers["If-None-Match"] == nil })
    }

    @Test func anAnswerWithoutValidatorsIsNotKeptAndTheNextGetIsUnconditional() async throws {
        let store = MemoryStore()
        let sent = Recorder<HTTPRequest>()
        let http = client(sent) { _ in HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("[]".utf8)) }
            .revalidating(store.store)
        _ = try await http.send(HTTPRequest(url: url, headers: tokenA))
        _ = try await http.send(HTTPRequest(url: url, headers: tokenA))
        #expect(store.kept.value.isEmpty)
        #expect(sent.values.allSatisfy { $0.headers.keys.allSatisfy { !$0.hasPrefix("If-") } })
    }

    @Test func aFullAnswerWithoutValidatorsForgetsWhatWasKept() async throws {
        let store = MemoryStore()
        let tagged = Shared(true)
        let sent = Recorder<HTTPRequest>()
        let http = client(sent) { _ in
            HTTPResponse(status: 200, headers: tagged.value ? ["ETag": "\"a\""] : [:], body: Data("[]".utf8))
        }.revalidating(store.store)
        _ = try await http.send(HTTPRequest(url: url, headers: tokenA))
        #expect(store.kept.value.count == 1)
        tagged.value = false
        _ = try await http.send(HTTPRequest(url: url, headers: tokenA))
        #expect(store.kept.value.isEmpty)
    }

    @Test func anotherTokenSendsNoConditionAndKeepsItsOwnAnswer() async throws {
        let store = MemoryStore()
        let sent = Recorder<HTTPRequest>()
        let http = client(sent, server()).revalidating(store.store)
        _ = try await http.send(HTTPRequest(url: url, headers: tokenA))
        _ = try await http.send(HTTPRequest(url: url, headers: ["Authorization": "Bearer token-b"]))
        #expect(sent.values.map { $0.headers["If-None-Match"] } == [nil, nil])
        #expect(store.kept.value.count == 2)
        #expect(store.kept.value.keys.allSatisfy { !$0.contains("token") })
    }

    @Test func a304ForAnAnswerNoLongerKeptIsAskedAgainOnceWithoutConditions() async throws {
        let store = MemoryStore()
        let sent = Recorder<HTTPRequest>()
        let http = client(sent, server(body: "[3]")).revalidating(store.store)
        var vanishing = store.store
        vanishing.answer = { _ in nil }
        // The validators are read, the answer is gone by the time the 304 arrives.
        _ = try await http.send(HTTPRequest(url: url, headers: tokenA))
        let response = try await client(sent, server(body: "[3]")).revalidating(vanishing).send(HTTPRequest(url: url, headers: tokenA))
        #expect(sent.values.map { $0.headers["If-None-Match"] } == [nil, "W/\"v1\"", nil])
        #expect(response.status == 200)
        #expect(response.body == Data("[3]".utf8))
    }

    @Test func a304ForAnAnswerReplacedMeanwhileIsAskedAgainWithoutConditions() async throws {
        let store = MemoryStore()
        let sent = Recorder<HTTPRequest>()
        var replaced = store.store
        replaced.validators = { _ in Validators(etag: "W/\"v1\"") }
        store.kept.value[ValidatorStore.key(for: HTTPRequest(url: url, headers: tokenA))] =
            StoredAnswer(validators: Validators(etag: "W/\"v2\""), headers: [:], body: Data("[9]".utf8))
        let response = try await client(sent, server(body: "[1]")).revalidating(replaced).send(HTTPRequest(url: url, headers: tokenA))
        #expect(sent.values.count == 2)
        #expect(response.body == Data("[1]".utf8))
    }

    @Test(arguments: ["POST", "PUT", "DELETE"])
    func aRequestOtherThanGetIsSentAsItIs(method: String) async throws {
        let store = MemoryStore()
        let sent = Recorder<HTTPRequest>()
        let http = client(sent, server()).revalidating(store.store)
        _ = try await http.send(HTTPRequest(url: url, headers: tokenA))
        let request = HTTPRequest(method: method, url: url, headers: tokenA, body: Data("x".utf8))
        _ = try await http.send(request)
        #expect(sent.values.last == request)
        #expect(store.saves.value == 1)
    }

    @Test func aGetWithoutTokenOrWithItsOwnRangeIsSentAsItIs() async throws {
        let store = MemoryStore()
        let sent = Recorder<HTTPRequest>()
        let http = client(sent, server()).revalidating(store.store)
        _ = try await http.send(HTTPRequest(url: url, headers: tokenA))
        let ranged = HTTPRequest(url: url, headers: tokenA.merging(["range": "bytes=0-0"]) { $1 })
        let anonymous = HTTPRequest(url: url)
        _ = try await http.send(ranged)
        _ = try await http.send(anonymous)
        _ = try await http.send(anonymous)
        #expect(Array(sent.values.dropFirst()) == [ranged, anonymous, anonymous])
        #expect(store.saves.value == 1)
    }

    @Test func errorsAreNeitherKeptNorForgetting() async throws {
        let store = MemoryStore()
        let failing = Shared(false)
        let sent = Recorder<HTTPRequest>()
        let http = client(sent) { request in
            if failing.value { return HTTPResponse(status: 503, headers: ["ETag": "\"e\""], body: Data("busy".utf8)) }
            return server()(request)
        }.revalidating(store.store)
        _ = try await http.send(HTTPRequest(url: url, headers: tokenA))
        failing.value = true
        let busy = try await http.send(HTTPRequest(url: url, headers: tokenA))
        #expect(busy.status == 503)
        #expect(store.kept.value.values.map(\.validators) == [Validators(etag: "W/\"v1\"")])
    }
}

/// A `ValidatorStore` in memory, counting saves.
final class MemoryStore: Sendable {
    let kept = Shared<[String: StoredAnswer]>([:])
    let saves = Shared(0)

    var store: ValidatorStore {
        let (kept, saves) = (kept, saves)
        return ValidatorStore(
            validators: { kept.value[$0]?.validators },
            answer: { kept.value[$0] },
            save: { key, answer in
                kept.value[key] = answer
                saves.modify { $0 += 1 }
            },
            remove: { key in kept.value[key] = nil }
        )
    }
}
