import Testing
@testable import Canvas

/// Which Canvas answers to a hand-in prove it made no attempt: only those clear the mark that
/// the request may have been sent, so anything that may come after the server acted must not.
struct CanvasErrorChangedNothingTests {
    /// A proxy's 502 or 504 after the backend committed is the classic duplicate: the attempt is
    /// there, the answer is not. A 408 is the server giving up on a request it may have begun.
    @Test(arguments: [500, 502, 503, 504, 599, 408])
    func aServerErrorMayHaveComeAfterTheAttemptWasMade(status: Int) {
        #expect(!CanvasError.server(host: "school.example", status: status).changedNothing)
    }

    @Test(arguments: [400, 422])
    func aClientErrorSaysTheRequestWasTurnedAway(status: Int) {
        #expect(CanvasError.server(host: "school.example", status: status).changedNothing)
    }

    @Test func anAnswerThatCantBeReadMayHaveComeAfterTheAttemptWasMade() {
        #expect(!CanvasError.unexpectedResponse(host: "school.example").changedNothing)
    }
}
