import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

@MainActor
struct CourseDetailPaneTests {
    func render(_ pane: CourseDetailPane, width: Int = 50, height: Int = 30) -> [String] {
        pane.lines(width: width, height: height)
    }

    func loaded(_ environment: EnvironmentValues = Fixtures.environment(), id: CourseID = Fixtures.swift.id) async -> CourseDetailPane {
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(id))
        await settle { !pane.isAnimating }
        return pane
    }

    @Test func asksToPickACourseBeforeOneIsShown() {
        let pane = CourseDetailPane(environment: Fixtures.environment())
        #expect(render(pane)[0] == " Select a course and press Enter to open it.")
    }

    @Test func loadsEverySectionByIDAlone() async {
        var environment = Fixtures.environment()
        let asked = Recorder<String>()
        let catalog = Fixtures.catalog()
        environment.courseClient = CourseClient(
            coursesPage: { _, _, _ in throw Unimplemented("coursesPage") },
            course: { id, _ in asked.append("course \(id)"); return try catalog.entry(id).course },
            syllabus: { id, _ in asked.append("syllabus \(id)"); return try catalog.entry(id).syllabusHTML },
            modules: { id, _ in asked.append("modules \(id)"); return try catalog.entry(id).modules },
            assignments: { _, _ in [] }
        )
        let pane = await loaded(environment)
        #expect(Set(asked.values) == ["course 101", "syllabus 101", "modules 101"])
        let lines = render(pane)
        #expect(lines[0] == " Lập trình Swift cơ bản")
        #expect(lines[1] == " SWIFT-101 · Fall 2026")
        #expect(lines[2] == " Teacher: Nguyễn Văn A")
        #expect(lines.contains(" Syllabus"))
        #expect(lines.contains(" Welcome"))
        #expect(lines.contains(" Read & write code."))
        #expect(lines.contains(" • Week one"))
        #expect(lines.contains(" Modules · 1"))
        #expect(lines.contains(" Week 1"))
        #expect(lines.contains("   Page   Hello, world"))
    }

    @Test func showsASpinnerPerSectionWhileLoading() {
        var environment = Fixtures.environment()
        let gate = Gate()
        environment.courseClient.modules = { _, _ in
            await gate.wait()
            return []
        }
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        let lines = render(pane)
        #expect(lines.contains { $0.hasSuffix("Loading course…") })
        #expect(lines.contains { $0.hasSuffix("Loading syllabus…") })
        #expect(lines.contains { $0.hasSuffix("Loading modules…") })
        gate.open()
    }

    @Test func aFailedSectionShowsItsOwnErrorRowAndTheOthersStillShow() async {
        var environment = Fixtures.environment()
        environment.courseClient.syllabus = { _, _ in
            throw CourseClient.Failure(userMessage: "Can't reach school.example")
        }
        let pane = await loaded(environment)
        let lines = render(pane, width: 80)
        #expect(lines.contains(" ❗ Couldn't load syllabus: Can't reach school.example  [r]etry"))
        #expect(lines.contains(" Lập trình Swift cơ bản"))
        #expect(lines.contains(" Week 1"))
        #expect(pane.hints.contains(KeyHint(key: "r", action: "retry")))
    }

    @Test func anUnknownIDIsOneInlineErrorNotOnePerSection() async {
        let pane = await loaded(id: CourseID(999_999))
        let lines = render(pane, width: 80)
        #expect(lines.filter { $0.contains("❗") } == [" ❗ Couldn't load course: No course with ID 999999  [r]etry"])
        #expect(!lines.contains(" Syllabus"))
        #expect(!lines.contains(" Modules"))
        #expect(pane.state.hasFailure)
    }

    @Test func aSectionThatFailsDifferentlyFromTheOverviewStillSaysSo() async {
        var environment = Fixtures.environment()
        environment.courseClient.course = { _, _ in throw CourseClient.Failure(userMessage: "timed out") }
        environment.courseClient.modules = { _, _ in throw CourseClient.Failure(userMessage: "modules are off") }
        let pane = await loaded(environment)
        let errors = render(pane, width: 80).filter { $0.contains("❗") }
        #expect(errors == [
            " ❗ Couldn't load course: timed out  [r]etry",
            " ❗ Couldn't load modules: modules are off  [r]etry",
        ])
        #expect(render(pane, width: 80).contains(" Welcome"), "the syllabus that loaded is shown")
    }

    @Test func aCourseRestrictedByDateSaysSoOnceWithoutRetry() async {
        var environment = Fixtures.environment()
        environment.courseClient.course = { id, _ in .restricted(id) }
        environment.courseClient.modules = { _, _ in throw CourseClient.Failure(userMessage: "You don't have permission") }
        let pane = await loaded(environment)
        let lines = render(pane, width: 70).filter { !$0.isEmpty }
        #expect(lines == [" 🔒 Course 101 is not available (restricted by date)"])
        #expect(!lines.contains { $0.contains("[r]etry") })
    }

    @Test func aNicknamedCourseShowsItsOwnNameToo() async {
        let nicknamed = Course(id: CourseID(8), name: "Orgo", originalName: "Organic Chemistry I", code: "CHEM 241")
        let pane = await loaded(Fixtures.environment([nicknamed]), id: nicknamed.id)
        let lines = render(pane, width: 60)
        #expect(lines[0] == " Orgo")
        #expect(lines[1] == " Course name: Organic Chemistry I")
    }

    @Test func anInvitationAndAnEndedCourseAreSaidInTheOverview() async {
        let invited = Course(id: CourseID(8), name: "Seminar", code: "SEM", enrollment: .invited)
        let ended = Course(id: CourseID(9), name: "Old", code: "OLD", endAt: Fixtures.start - 86_400)
        let environment = Fixtures.environment([invited, ended])
        let invitedLines = render(await loaded(environment, id: invited.id), width: 90)
        #expect(invitedLines.contains(" You are invited to this course: accept the invitation in Canvas to take part."))
        #expect(render(await loaded(environment, id: ended.id), width: 60)[1] == " OLD · ended")
    }

    @Test func lockedModulesSayWhenTheyOpenAndLockedItemsWhy() async {
        var environment = Fixtures.environment()
        let opens = Fixtures.start + 3 * 86_400
        let reason = "Finish Week 1 first."
        environment.courseClient.modules = { _, _ in [
            CourseModule(id: "1", name: "Week 1", position: 1, items: [
                ModuleItem(id: "11", title: "Read me", type: "Page", requirement: .init(kind: "must_view", isCompleted: true)),
                ModuleItem(id: "12", title: "Homework", type: "Assignment", requirement: .init(kind: "must_submit", isCompleted: false)),
            ], progress: .started),
            CourseModule(id: "2", name: "Week 2", position: 2, items: [
                ModuleItem(id: "21", title: "Quiz", type: "Quiz", isLocked: true, lockExplanation: reason),
                ModuleItem(id: "22", title: "Lab", type: "Assignment", isLocked: true, lockExplanation: reason),
            ], progress: .locked, unlockAt: opens),
        ] }
        let pane = await loaded(environment)
        let lines = render(pane, width: 60, height: 40)
        #expect(lines.contains("   Page   ✓  Read me"))
        #expect(lines.contains("   Assign ○  Homework · submit"))
        #expect(lines.contains(" 🔒 Week 2 · " + DateText.opens(opens, now: Fixtures.start)))
        #expect(lines.contains("   Quiz   🔒 Quiz"))
        #expect(lines.filter { $0 == "             Finish Week 1 first." }.count == 1, "the reason is said once per module")
        #expect(lines.contains("   Assign 🔒 Lab"))
    }

    @Test func retryReloadsOnlyWhatFailed() async {
        var environment = Fixtures.environment()
        let modulesCalls = Recorder<Int>()
        let syllabusCalls = Recorder<Int>()
        let catalog = Fixtures.catalog()
        environment.courseClient.syllabus = { id, _ in
            syllabusCalls.append(1)
            return try catalog.entry(id).syllabusHTML
        }
        environment.courseClient.modules = { id, _ in
            modulesCalls.append(1)
            if modulesCalls.values.count == 1 { throw CourseClient.Failure(userMessage: "timed out") }
            return try catalog.entry(id).modules
        }
        let pane = await loaded(environment)
        #expect(render(pane, width: 80).contains(" ❗ Couldn't load modules: timed out  [r]etry"))
        #expect(pane.handle(.character("r")))
        await settle { !pane.isAnimating }
        #expect(render(pane).contains(" Week 1"))
        #expect(modulesCalls.values.count == 2)
        #expect(syllabusCalls.values.count == 1)
        _ = pane.handle(.character("r"))
        #expect(render(pane)[0] == " Nothing failed to load")
        #expect(modulesCalls.values.count == 2)
    }

    @Test func scrollsLongContentAndReportsThePosition() async {
        let pane = await loaded()
        let total = render(pane, width: 50, height: 100).filter { !$0.isEmpty }.count
        _ = render(pane, width: 50, height: 5)
        #expect(pane.footer == "1–5 of \(pane.state.lines.count)")
        _ = pane.handle(.down)
        #expect(render(pane, width: 50, height: 5)[0] == " SWIFT-101 · Fall 2026")
        _ = pane.handle(.end)
        let bottom = render(pane, width: 50, height: 5)
        #expect(bottom[4] == " No files", "Files comes last")
        #expect(pane.footer == "\(pane.state.lines.count - 4)–\(pane.state.lines.count) of \(pane.state.lines.count)")
        _ = pane.handle(.pageUp)
        #expect(render(pane, width: 50, height: 5)[4] != bottom[4])
        #expect(total > 5)
    }

    @Test func wrapsLongNamesWithoutCuttingCharacters() async {
        let long = Course(id: CourseID(5), name: String(repeating: "Lịch sử Việt Nam ", count: 5), code: "HIS")
        let pane = await loaded(Fixtures.environment([long]), id: long.id)
        let lines = render(pane, width: 24)
        #expect(lines[0] == " Lịch sử Việt Nam Lịch")
        #expect(lines.allSatisfy { $0.displayWidth <= 24 })
    }
}
