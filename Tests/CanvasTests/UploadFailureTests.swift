import Foundation
import Testing
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

/// Which failures the queue retries by itself, and what people read about them.
struct UploadFailureTests {
    struct Mystery: Error {}

    @Test(arguments: [
        (NetworkError.unreachable(host: "school.edu") as any Error, true),
        (NetworkError.timedOut(host: "school.edu", seconds: 30), true),
        (CanvasError.server(host: "school.edu", status: 500), true),
        (CanvasError.server(host: "school.edu", status: 503), true),
        (CanvasError.throttled(host: "school.edu", retryAfter: nil), true),
        (CanvasError.unexpectedResponse(host: "school.edu"), true),
        (CanvasUploadError.signatureExpired(host: "s3.example"), true),
        (CanvasUploadError.sizeMismatch(fileName: "a.zip", host: "school.edu"), true),
        (UploadError.cannotSave(fileName: "a.zip", reason: "No space left on device"), true),
        (CanvasUploadError.rejected(host: "s3.example", status: 404), true),
        (Mystery(), true),
        (CancellationError(), true),
        (CanvasError.invalidToken(host: "school.edu", source: "CANVAS_TOKEN"), false),
        (CanvasError.notFound(.courseFiles(CourseID(42))), false),
        (CanvasError.notPermitted(.courseFiles(CourseID(42))), false),
        (CanvasError.noCanvasAPI(host: "school.edu"), false),
        (CanvasError.server(host: "school.edu", status: 400), false),
        (CanvasUploadError.tooLarge(fileName: "a.zip"), false),
        (UploadError.payloadMissing(fileName: "a.zip"), false),
        (CanvasUploadError.confirmationElsewhere(host: "other.example"), false),
        (CanvasUploadError.rejected(host: "s3.example", status: 400), false),
        (Unimplemented("CourseClient.course"), false),
        (HTTPClient.Unimplemented(endpoint: "HTTPClient.upload"), false),
    ])
    func failuresAreSortedIntoTransientAndPermanent(error: any Error, transient: Bool) {
        #expect(UploadFailure.isTransient(error) == transient)
    }

    @Test(arguments: [
        (UploadError.payloadMissing(fileName: "lab3.zip") as any UserFacingError, "The file to upload is gone from the queue: lab3.zip"),
        (CanvasUploadError.tooLarge(fileName: "lab3.zip"), "File too large for this course (quota): lab3.zip"),
        (CanvasUploadError.signatureExpired(host: "s3.example"), "The upload link from s3.example expired before the file was sent"),
        (CanvasUploadError.rejected(host: "s3.example", status: 400), "s3.example refused the file (HTTP 400)"),
        (CanvasUploadError.sizeMismatch(fileName: "lab3.zip", host: "school.edu"), "school.edu stored lab3.zip incompletely"),
        (CanvasUploadError.confirmationElsewhere(host: "school.instructure.com"),
         "Canvas asked to finish the upload at school.instructure.com; use that address with --canvas"),
        (UploadError.cannotSave(fileName: "lab3.zip", reason: "No space left on device"), "Can't save lab3.zip: No space left on device"),
    ])
    func messagesAreOneShortLineNamingTheHostOrTheFile(error: any UserFacingError, message: String) {
        #expect(error.userMessage == message)
        #expect(!message.contains("\n"))
    }
}
