import Testing
@testable import CourseBrowser

/// A partial success says what was queued, then what was not.
struct QueueingReportTests {
    @Test func whatWasQueuedIsNamedUpToTwoFilesThenCounted() {
        #expect(QueueingReport.queued([]) == nil, "nothing queued: nothing to say before the failure")
        #expect(QueueingReport.queued(["my essay.txt"]) == "Queued my essay.txt")
        #expect(QueueingReport.queued(["a.pdf", "b.pdf"]) == "Queued a.pdf and b.pdf")
        #expect(QueueingReport.queued(["a", "b", "c"]) == "Queued 3 files")
    }

    @Test func whatWasNotQueuedSaysWhy() {
        #expect(QueueingReport.notQueued("Can't find /tmp/nothere.pdf") == "Not queued: Can't find /tmp/nothere.pdf")
    }
}
