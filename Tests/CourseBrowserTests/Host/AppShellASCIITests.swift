import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The whole screen on a terminal without UTF-8: names lose their accents, not their letters,
/// and every box keeps its columns.
@MainActor
struct AppShellASCIITests {
    @Test func aVietnameseCourseIsSpelledWithoutAccentsAndTheBoxesKeepTheirColumns() async {
        let shell = AppShell(environment: Fixtures.environment().planning([]))
        shell.start(openingCourse: Fixtures.swift.id)
        await settle { !shell.isAnimating }
        let ascii = shell.lines(width: 120, height: 30, glyphs: .ascii)
        let unicode = shell.lines(width: 120, height: 30)

        #expect(ascii.allSatisfy { $0.allSatisfy { $0.isASCII } })
        #expect(ascii[2].hasPrefix("|> Lap trinh Swift co ban      SWIFT-101 |#"), "\(ascii[2])")
        #expect(ascii[1].contains("# Lap trinh Swift co ban "))
        #expect(ascii[3].contains("# Teacher: Nguyen Van A "))
        // The hint line spells the arrows out in ASCII, so only the boxes above it keep their columns.
        for (index, (plain, drawn)) in zip(ascii.dropLast(), unicode).enumerated() where !drawn.contains("日本語") && !drawn.contains("🤖") {
            #expect(plain.count == drawn.count, "row \(index): \(plain)")
        }
    }

    @Test func theArrowsAreSpelledOutOnTheHintLineAndInTheHelpNotReadAsCtrl() async {
        let shell = AppShell(environment: Fixtures.environment().planning([]))
        shell.start(openingCourse: nil)
        await settle { !shell.isAnimating }
        let hints = shell.lines(width: 120, height: 30, glyphs: .ascii).last ?? ""
        #expect(hints.contains("Up/Down scroll") || hints.contains("Up/Down move"), "\(hints)")
        #expect(!hints.contains("^v"))
        #expect(shell.lines(width: 120, height: 30).last?.contains("↑↓") == true, "UTF-8 keeps its arrows")
        _ = shell.lines(width: 120, height: 30, glyphs: .ascii)
        _ = shell.handle(.character("?"))
        let help = shell.lines(width: 120, height: 30, glyphs: .ascii)
        #expect(help.contains { $0.contains("Up Down  j k") }, "\(help.joined(separator: "\n"))")
        #expect(!help.contains { $0.contains("^ v") })
    }
}
