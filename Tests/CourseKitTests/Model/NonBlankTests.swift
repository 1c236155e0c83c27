import Testing
@testable import CourseKit

/// A name of only spaces (of any kind) or line breaks counts as no name.
struct NonBlankTests {
    @Test(arguments: ["", " ", "\t\n", "\u{A0}\u{3000}", "\r\n\u{2028}", "\u{85}", "\u{200B}"])
    func blankTextIsNone(text: String) {
        #expect(text.nonBlank == nil)
    }

    @Test(arguments: ["a", " a ", "Lập trình", "\u{301}", " 😀\n"])
    func otherTextIsKeptWhole(text: String) {
        #expect(text.nonBlank == text)
    }
}
