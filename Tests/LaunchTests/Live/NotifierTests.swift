import CourseKit
@testable import Launch
import Testing

/// The text of a terminal notification, which must stay inside its escape sequence.
struct NotifierTests {
    @Test func notificationTextCannotEndOrSplitItsEscapeSequence() {
        #expect(Notifier.printable("done\u{1B}]0;x\u{07}; ok\u{9C}") == "done]0x ok")
    }
}
