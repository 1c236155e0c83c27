import Foundation
import Testing

/// The app in a locale without UTF-8 (`LANG=C`): boxes and marks in ASCII, and names spelled
/// without their accents rather than with a `?` for each accented letter.
@Suite struct ASCIITerminalTests {
    @Test func underLangCTheCoursesAreSpelledWithoutAccents() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.run("LANG=C " + tmux.appCommand() + #"; echo "exit=$?""#)
        let screen = try await tmux.waitFor("the sample catalog drawn in ASCII") { $0.contains("Lap trinh Swift co ban") }
        let rows = screen.lines.filter { !$0.hasPrefix("$") && !$0.isEmpty }
        #expect(rows.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(screen)")
        #expect(screen.contains("Hoc ky 1"), "the term's heading: \(screen)")
        #expect(!screen.contains("L?p"), "\(screen)")
        #expect(screen.lines.first?.hasPrefix("#=") == true, "the focused box's corner and edge in ASCII: \(screen)")

        // The course's header, teacher and all, is folded the same way.
        try tmux.type("/lap trinh")
        try tmux.press("Enter", "Enter")
        try await tmux.waitFor("the course open, its teacher spelled plainly") { $0.contains("Nguyen Van Hung") }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
