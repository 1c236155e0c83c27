import Testing
import HTTP
@testable import UploadQueue

/// How long the queue waits before sending a hand-in again whose answer never came, against
/// how long the request that sent it may have waited for that answer.
struct AnswerWindowTests {
    /// The hand-in goes through the upload engine's client, which keeps the standard limits.
    /// A request the client gave up on may still be running at the server; twice its limit
    /// is what lets the queue take the silence that follows as "no attempt was made".
    @Test func theAnswerWindowIsAtLeastTwiceTheLongestARequestWaitsForItsAnswer() {
        let longest = HTTPTimeouts.standard.request
        #expect(UploadEngine.answerWindow >= 2 * Double(longest.components.seconds))
    }
}
