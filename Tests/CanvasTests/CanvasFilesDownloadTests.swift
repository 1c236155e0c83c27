import Foundation
import Testing
@testable import Canvas
import CourseKit
import HTTP
import TestSupport

/// `DownloadTransport.canvas`: the token stays on Canvas's origin, a part resumes with
/// `Range` and `If-Range`, a refused address is renewed once, and the length is checked.
struct CanvasFilesDownloadTests {
    let world = FilesWorld()
    let scratch: ScratchFolder
    let remembered = Recorder<String?>()

    init() throws {
        scratch = try ScratchFolder()
    }

    private var part: URL { scratch.url.appendingPathComponent("notes.pdf.part") }

    private func transport() throws -> DownloadTransport {
        .canvas(CanvasConnection(baseURL: try #require(URL(string: "https://school.example")), credentials: .test("s3cret"),
                                 http: world.client, clock: .fixed(Date(timeIntervalSince1970: 0)), analytics: .noOp))
    }

    /// One attempt at file 77 of course 2 (5000 bytes), from `url` (nil: Canvas is asked for it).
    private func fetch(url: String? = nil, validator: String? = nil) async throws {
        var job = uploadJob("notes.pdf", course: CourseID(2), size: 5000)
        job.download = UploadJob.Download(
            fileID: "77", destination: scratch.url.appendingPathComponent("notes.pdf").path, size: 5000, url: url.flatMap(URL.init(string:))
        )
        let request = DownloadRequest(job: job, part: part, validator: validator, remember: { remembered.append($0) }, progress: { _ in })
        try await transport().fetch(request)
    }

    private var partBytes: Data? { try? Data(contentsOf: part) }

    private func storeRequests() -> [HTTPRequest] {
        world.requests.filter { $0.url.host == "store.example" }
    }

    @Test func aFreshDownloadAsksCanvasThenTheStoreWithoutTheToken() async throws {
        defer { scratch.remove() }
        try await fetch()
        #expect(partBytes == world.content)
        let canvas = world.requests.filter { $0.url.host == "school.example" }
        // The probe found the store's address, so the download itself goes there directly.
        #expect(canvas.map(\.url.path) == ["/api/v1/courses/2/files/77", "/files/77/download"])
        #expect(canvas.allSatisfy { $0.headers["Authorization"] == "Bearer s3cret" })
        #expect(storeRequests().count == 2)
        #expect(storeRequests().allSatisfy { $0.headers["Authorization"] == nil })
        // The validator is known before the body's first byte: a probe of one byte comes first.
        #expect(storeRequests().map { $0.headers["Range"] } == ["bytes=0-0", nil])
        #expect(remembered.values == ["\"v1\""])
    }

    @Test func aRelativeRedirectOnTheStoreAndOneBackToCanvasCarryTheTokenOnlyToCanvas() async throws {
        defer { scratch.remove() }
        world.fault(.bounce)
        try await fetch(url: "https://school.example/files/77/download?verifier=old")
        #expect(partBytes == world.content)
        let hops = world.requests.map { "\($0.url.host ?? "")\($0.url.path)" }
        #expect(hops.starts(with: ["school.example/files/77/download", "store.example/obj/77", "store.example/back/77", "school.example/files/77/again"]))
        #expect(world.requests.allSatisfy { ($0.url.host == "school.example") == ($0.headers["Authorization"] != nil) })
        #expect(!world.tokenSeenByStore)
    }

    @Test func aPartResumesWithRangeAndIfRangeAndEndsWhole() async throws {
        defer { scratch.remove() }
        try world.content.prefix(1200).write(to: part)
        try await fetch(url: "https://store.example/obj/77?sig=0", validator: "\"v1\"")
        #expect(partBytes == world.content)
        let sent = storeRequests()
        #expect(sent.count == 1)
        #expect(sent.first?.headers["Range"] == "bytes=1200-")
        #expect(sent.first?.headers["If-Range"] == "\"v1\"")
        #expect(world.requests.count == 1)
        #expect(remembered.values.isEmpty)
    }

    @Test func aChangedFileStartsOverAndItsNewValidatorIsRemembered() async throws {
        defer { scratch.remove() }
        try Data(repeating: 0xEE, count: 1200).write(to: part)
        world.state.withLock { $0.etag = "\"v2\"" }
        try await fetch(url: "https://store.example/obj/77?sig=0", validator: "\"v1\"")
        #expect(partBytes == world.content)
        #expect(remembered.values == ["\"v2\""])
    }

    @Test func aStoreThatIgnoresRangeRestartsTheFileCleanly() async throws {
        defer { scratch.remove() }
        try world.content.prefix(1200).write(to: part)
        world.fault(.ignoreRange)
        try await fetch(url: "https://store.example/obj/77?sig=0", validator: "\"v1\"")
        #expect(partBytes == world.content)
        #expect(storeRequests().first?.headers["Range"] == "bytes=1200-")
    }

    @Test func aPartWithoutAValidatorStartsOver() async throws {
        defer { scratch.remove() }
        try Data(repeating: 0xEE, count: 1200).write(to: part)
        try await fetch(url: "https://store.example/obj/77?sig=0")
        #expect(partBytes == world.content)
        #expect(storeRequests().map { $0.headers["Range"] } == ["bytes=0-0", nil])
    }

    @Test func aWholePartLeftBeforeTheRenameIsDone() async throws {
        defer { scratch.remove() }
        try world.content.write(to: part)
        try await fetch(url: "https://store.example/obj/77?sig=0", validator: "\"v1\"")
        #expect(partBytes == world.content)
        #expect(storeRequests().map { $0.headers["Range"] } == ["bytes=5000-"])
    }

    @Test func anExpiredAddressIsRenewedOnceFromCanvas() async throws {
        defer { scratch.remove() }
        world.fault(.expired)
        try await fetch(url: "https://store.example/obj/77?sig=old")
        #expect(partBytes == world.content)
        #expect(world.freshAddresses == 1)
    }

    @Test func aStoreThatRefusesTheFreshAddressTooFailsForGoodWithItsReason() async throws {
        defer { scratch.remove() }
        world.fault(.expired, .expired)
        let error = await #expect(throws: CanvasDownloadError.self) { try await fetch(url: "https://store.example/obj/77?sig=old") }
        #expect(error == .refused(fileName: "notes.pdf", host: "store.example", reason: "Request has expired"))
        #expect(error?.isTransient == false)
        #expect(world.freshAddresses == 1)
    }

    @Test func aLongerBodyIsRefusedAndThrownAway() async throws {
        defer { scratch.remove() }
        world.fault(.pass, .long)
        let error = await #expect(throws: CanvasDownloadError.self) { try await fetch(url: "https://store.example/obj/77?sig=0") }
        #expect(error == .tooLong(fileName: "notes.pdf", expected: 5000, received: 6024))
        #expect(error?.isTransient == false)
        #expect(partBytes == nil)
    }

    /// Even one byte short: no resuming can ever reach the size Canvas gives.
    @Test(arguments: [4000, 4999])
    func aStoreFileShorterThanCanvasSaysIsRefusedForGood(storeSize: Int) async throws {
        defer { scratch.remove() }
        world.fault(.pass, .smaller(storeSize))
        let error = await #expect(throws: CanvasDownloadError.self) { try await fetch(url: "https://store.example/obj/77?sig=0") }
        #expect(error == .tooShort(fileName: "notes.pdf", expected: 5000, received: Int64(storeSize)))
        #expect(error?.isTransient == false)
        #expect(partBytes == nil)
    }

    @Test func aPartPastTheEndStartsOverNextTime() async throws {
        defer { scratch.remove() }
        try Data(repeating: 1, count: 6000).write(to: part)
        let error = await #expect(throws: CanvasError.self) {
            try await fetch(url: "https://store.example/obj/77?sig=0", validator: "\"v1\"")
        }
        #expect(error?.isTransient == true)
        #expect(partBytes == nil)
    }

    @Test func aShorterBodyKeepsItsPrefixForTheNextTry() async throws {
        defer { scratch.remove() }
        world.fault(.pass, .short(3000))
        let error = await #expect(throws: CanvasDownloadError.self) { try await fetch(url: "https://store.example/obj/77?sig=0") }
        #expect(error == .incomplete(fileName: "notes.pdf", expected: 5000, received: 3000))
        #expect(error?.isTransient == true)
        #expect(partBytes == world.content.prefix(3000))
    }

    @Test func aDroppedConnectionKeepsThePrefixAndTheNextTryResumesAfterIt() async throws {
        defer { scratch.remove() }
        world.fault(.pass, .cut(2000))
        await #expect(throws: NetworkError.unreachable(host: "store.example")) { try await fetch(url: "https://store.example/obj/77?sig=0") }
        #expect(partBytes == world.content.prefix(2000))
        // What a kill -9 at this point leaves: the part, and the validator remembered before its first byte.
        let validator = try #require(remembered.values.last)
        try await fetch(url: "https://store.example/obj/77?sig=0", validator: validator)
        #expect(partBytes == world.content)
        #expect(storeRequests().last?.headers["Range"] == "bytes=2000-")
    }

    @Test func aLockedFileFailsWithCanvasReasonAndNothingIsFetched() async throws {
        defer { scratch.remove() }
        world.state.withLock { $0.lockExplanation = "This file is locked until Dec 9 at 08:00." }
        let error = await #expect(throws: CanvasDownloadError.self) { try await fetch() }
        #expect(error == .locked(fileName: "notes.pdf", reason: "This file is locked until Dec 9 at 08:00."))
        #expect(storeRequests().isEmpty)
    }

    @Test func aFileDeletedFromTheCourseFailsForGood() async throws {
        defer { scratch.remove() }
        var job = uploadJob("notes.pdf", course: CourseID(2), size: 5000)
        job.download = UploadJob.Download(fileID: "78", destination: scratch.url.appendingPathComponent("notes.pdf").path, size: 5000)
        let error = await #expect(throws: CanvasDownloadError.self) {
            try await transport().fetch(DownloadRequest(job: job, part: part, validator: nil, remember: { _ in }, progress: { _ in }))
        }
        #expect(error == .refused(fileName: "notes.pdf", host: "school.example", reason: "the file is no longer in the course"))
        #expect(error?.isTransient == false)
    }

    @Test func aBusyStoreIsWorthAnotherTryLater() async throws {
        defer { scratch.remove() }
        world.fault(.serverError)
        let error = await #expect(throws: CanvasDownloadError.self) { try await fetch(url: "https://store.example/obj/77?sig=0") }
        #expect(error == .storeFailed(fileName: "notes.pdf", host: "store.example", status: 503, reason: "HTTP 503"))
        #expect(error?.userMessage == "store.example failed to send notes.pdf: HTTP 503")
        #expect(error?.isTransient == true)
    }

    /// A store's refusal says why in its body (S3's XML, Canvas's file domain's JSON): the
    /// message carries those words, and a refusal of this kind is not tried again by itself.
    @Test func aStoresRefusalSaysTheStoresOwnReason() async throws {
        defer { scratch.remove() }
        world.fault(.badRequest)
        let error = await #expect(throws: CanvasDownloadError.self) { try await fetch(url: "https://store.example/obj/77?sig=0") }
        #expect(error?.userMessage == "store.example failed to send notes.pdf: The object was stored with a key that no longer exists (HTTP 400)")
        #expect(error?.isTransient == false)
    }
}
