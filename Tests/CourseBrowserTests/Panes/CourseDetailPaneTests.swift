import CourseKit
import Foundation
import Testing
import TerminalUI
@testable import CourseBrowser

@MainActor
struct CourseDetailPaneTests {
    func render(_ pane: CourseDetailPane, width: Int = 50, height: Int = 30) -> [String] {
        var grid = Grid(width: width, height: height)
        pane.draw(into: &grid, rect: grid.bounds, focused: true)
        return grid.lines
    }

    func loaded(_ environment: EnvironmentValues = Fixtures.environment(), id: CourseID = Fixtures.swift.id) async -> CourseDetailPane {
        let pane = CourseDetailPane(environment: environment)
        pane.show(id)
        await settle { !pane.isAnimating }
        return pane
    }

    @Test func asksToPickACourseBeforeOneIsShown() {
        let pane = CourseDetailPane(environment: Fixtures.environment())
        #expect(render(pane)[0] == " Select a course and press Enter to open it.")
    }

    @Test func loadsEverySectionByIDAlone() async {
        var environment = EnvironmentValues()
        environment.clock = Fixtures.clock
        let asked = Recorder<String>()
        let catalog = Fixtures.catalog()
        environment.courseClient = CourseClient(
            coursesPage: { _ in throw Unimplemented("coursesPage") },
            course: { asked.append("course \($0)"); return try catalog.entry($0).course },
            syllabus: { asked.append("syllabus \($0)"); return try catalog.entry($0).syllabusHTML },
            modules: { asked.append("modules \($0)"); return try catalog.entry($0).modules }
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
        environment.courseClient.modules = { _ in
            await gate.wait()
            return []
        }
        let pane = CourseDetailPane(environment: environment)
        pane.show(Fixtures.swift.id)
        let lines = render(pane)
        #expect(lines.contains { $0.hasSuffix("Loading course…") })
        #expect(lines.contains { $0.hasSuffix("Loading syllabus…") })
        #expect(lines.contains { $0.hasSuffix("Loading modules…") })
        gate.open()
    }

    @Test func aFailedSectionShowsItsOwnErrorRowAndTheOthersStillShow() async {
        var environment = Fixtures.environment()
        environment.courseClient.syllabus = { _ in
            throw CourseClient.Failure(userMessage: "Can't reach school.example")
        }
        let pane = await loaded(environment)
        let lines = render(pane, width: 80)
        #expect(lines.contains(" ❗ Couldn't load syllabus: Can't reach school.example  [r]etry"))
        #expect(lines.contains(" Lập trình Swift cơ bản"))
        #expect(lines.contains(" Week 1"))
        #expect(pane.hints.contains(KeyHint(key: "r", action: "retry")))
    }

    @Test func anUnknownIDIsAnInlineErrorInEverySection() async {
        let pane = await loaded(id: CourseID(999_999))
        let errors = render(pane, width: 80).filter { $0.contains("❗") }
        #expect(errors == [
            " ❗ Couldn't load course: No course with ID 999999  [r]etry",
            " ❗ Couldn't load syllabus: No course with ID 999999  [r]etry",
            " ❗ Couldn't load modules: No course with ID 999999  [r]etry",
        ])
    }

    @Test func retryReloadsOnlyWhatFailed() async {
        var environment = Fixtures.environment()
        let modulesCalls = Recorder<Int>()
        let syllabusCalls = Recorder<Int>()
        let catalog = Fixtures.catalog()
        environment.courseClient.syllabus = { id in
            syllabusCalls.append(1)
            return try catalog.entry(id).syllabusHTML
        }
        environment.courseClient.modules = { id in
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
        #expect(!pane.handle(.character("r")))
    }

    @Test func scrollsLongContentAndReportsThePosition() async {
        let pane = await loaded()
        let total = render(pane, width: 50, height: 100).filter { !$0.isEmpty }.count
        _ = render(pane, width: 50, height: 5)
        #expect(pane.footer == "5/\(pane.lineCount)")
        _ = pane.handle(.down)
        #expect(render(pane, width: 50, height: 5)[0] == " SWIFT-101 · Fall 2026")
        _ = pane.handle(.end)
        let bottom = render(pane, width: 50, height: 5)
        #expect(bottom[4] == "   Page   Hello, world")
        #expect(pane.footer == "\(pane.lineCount)/\(pane.lineCount)")
        _ = pane.handle(.up)
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
