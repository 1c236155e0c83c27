import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// Esc goes back from the Course pane to the courses, and h and l move focus across the
/// screen, unless what is open in the focused pane has a use for the key.
@MainActor
struct AppShellSideKeysTests {
    func started(opening id: CourseID? = Fixtures.swift.id, width: Int = 120, height: Int = 30) async -> AppShell {
        let shell = AppShell(environment: Fixtures.environment().planning([]))
        shell.start(openingCourse: id)
        await settle { !shell.isAnimating }
        _ = shell.lines(width: width, height: height)
        return shell
    }

    @Test func escInTheCoursePaneGoesBackToTheCourses() async {
        let shell = await started()
        #expect(shell.focus == .detail)
        #expect(shell.handle(.escape) == .handled)
        #expect(shell.focus == .list)
        #expect(shell.lines(width: 120, height: 30)[0].hasPrefix("┏━ Courses"))
        #expect(shell.handle(.escape) == .handled, "the list's Esc is its own: it clears a filter")
        #expect(shell.focus == .list)
    }

    @Test func escFirstLetsGoOfTheSelectedItemThenGoesBack() async {
        let shell = await started()
        _ = shell.handle(.character("n"))
        #expect(shell.detail.state.selectedItem != nil, "the module item is selected")
        _ = shell.handle(.escape)
        #expect(shell.focus == .detail)
        #expect(shell.detail.state.selectedItem == nil)
        _ = shell.handle(.escape)
        #expect(shell.focus == .list)
    }

    @Test func escInAnOpenPromptCancelsItAndKeepsTheCourse() async {
        let shell = await started()
        _ = shell.handle(.character("u"))
        #expect(shell.detail.capturesKeys)
        _ = shell.handle(.escape)
        #expect(!shell.detail.capturesKeys)
        #expect(shell.focus == .detail)
        _ = shell.handle(.escape)
        #expect(shell.focus == .list)
    }

    @Test func escInTheListClearsItsFilterAndInTheOtherPanesMovesNothing() async {
        let shell = await started(opening: nil)
        for key in [Key.character("/"), .character("r"), .character("o"), .character("b"), .enter] {
            _ = shell.handle(key)
        }
        #expect(shell.lines(width: 120, height: 30)[0].contains("1 of 3"))
        _ = shell.handle(.escape)
        #expect(shell.focus == .list)
        #expect(!shell.lines(width: 120, height: 30)[0].contains(" of 3"), "the filter is cleared")
        for id in [AppShell.PaneID.uploads, .due] {
            shell.setFocus(id)
            _ = shell.handle(.escape)
            #expect(shell.focus == id)
        }
    }

    @Test func hAndLFollowTheBoxesSideBySide() async {
        let shell = await started(opening: nil)
        let moves: [(from: AppShell.PaneID, key: Character, to: AppShell.PaneID)] = [
            (.list, "l", .detail), (.list, "h", .list), (.detail, "h", .list), (.detail, "l", .detail),
            (.due, "l", .detail), (.due, "h", .due), (.uploads, "h", .uploads), (.uploads, "l", .uploads),
        ]
        for move in moves {
            shell.setFocus(move.from)
            #expect(shell.handle(.character(move.key)) == .handled)
            #expect(shell.focus == move.to, "\(move.key) from \(move.from)")
        }
    }

    @Test func hAndLFollowTheTabsOnANarrowScreen() async {
        let shell = await started(opening: nil, width: 60, height: 20)
        var visited = [shell.focus]
        for _ in 0..<4 {
            _ = shell.handle(.character("l"))
            visited.append(shell.focus)
        }
        #expect(visited == [.list, .due, .detail, .uploads, .uploads], "no wrapping past the last tab")
        _ = shell.handle(.character("h"))
        #expect(shell.focus == .detail)
        #expect(shell.lines(width: 60, height: 20)[1].hasPrefix("┏━ Course"))
    }

    @Test func hAndLAreLettersWhileTheFilterIsTyped() async {
        let shell = await started(opening: nil)
        _ = shell.handle(.character("/"))
        _ = shell.handle(.character("l"))
        #expect(shell.focus == .list)
        #expect(shell.lines(width: 120, height: 30)[1].contains("/ l"), "l went into the filter")
    }

    @Test func hAndLAreLettersInTheFilePrompt() async {
        let shell = await started()
        _ = shell.handle(.character("u"))
        _ = shell.handle(.character("h"))
        _ = shell.handle(.character("l"))
        #expect(shell.focus == .detail)
        #expect(shell.detail.state.handIn?.prompt?.editor.text.hasSuffix("hl") == true)
    }

    @Test func hAnswersTheUploadsPanesQuestionAsAnyOtherKeyDoes() async {
        var environment = Fixtures.environment()
        let job = UploadJob(
            id: "a", courseID: Fixtures.swift.id, fileName: "essay.pdf", sourcePath: "/home/an/essay.pdf", size: 2_100,
            backend: "offline", queuedAt: Fixtures.start, state: .queued, attempts: 0
        )
        environment.uploadQueue.jobs = { [job] }
        let shell = AppShell(environment: environment.planning([]))
        shell.start(focusing: .uploads)
        await settle { !shell.isAnimating && shell.lines(width: 120, height: 30).contains { $0.contains("essay.pdf") } }
        _ = shell.handle(.character("d"))
        #expect(shell.lines(width: 120, height: 30).contains { $0.contains("Remove essay.pdf from the queue? y/n") })
        _ = shell.handle(.character("h"))
        #expect(shell.focus == .uploads, "h keeps the upload, as any key but y does, and stays")
        #expect(!shell.lines(width: 120, height: 30).contains { $0.contains("Remove essay.pdf") })
        _ = shell.handle(.character("h"))
        #expect(shell.focus == .uploads, "nothing lies left of Uploads")
        _ = shell.handle(.tab)
        _ = shell.handle(.character("l"))
        #expect(shell.focus == .detail, "from Due, the Course pane")
    }

    @Test func theHintLineNamesHAndLOnlyWhereTheFocusedPanesOwnKeysLeaveRoom() async {
        let shell = await started()
        #expect(shell.lines(width: 120, height: 30).last == " Tab focus  ↑↓ move  u upload  n/p item  h/l pane  ? help  q quit")
        let narrow = shell.lines(width: 60, height: 20).last ?? ""
        #expect(!narrow.contains("h/l"))
        #expect(narrow.contains("n/p item"))
    }

    @Test func theHelpAndTheKeyTableListHAndLWithTheShellsKeys() {
        let everywhere = KeyTable.groups.first { $0.title == ShellKeys.everywhere }
        #expect(everywhere?.rows.contains { $0.label == "h l" } == true)
        let course = KeyTable.groups.first { $0.title == "Course" }
        #expect(course?.rows.contains { $0.label == "Esc" && $0.does.contains("back to the courses") } == true)
    }
}
