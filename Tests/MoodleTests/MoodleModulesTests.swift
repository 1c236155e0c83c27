import CourseKit
import Foundation
@testable import Moodle
import Testing

/// A course's sections as the panes' modules (`MoodleModules`), from `core_course_get_contents`.
struct MoodleModulesTests {
    func modules() async throws -> [CourseModule] {
        let http = MoodleScriptedHTTP()
        http.on("core_course_get_contents", json: ContentsFixtures.course)
        return try await CourseClient.moodle(TestSite.connection(http)).modules(CourseID(5), .ignored)
    }

    @Test func everySectionIsAModuleNamedAsTheCourseShowsIt() async throws {
        let modules = try await modules()
        #expect(modules.map(\.id) == ["11", "12", "13", "14"])
        #expect(modules.map(\.name) == ["General", "Week 1 & intro", "Section 2", "Week 2/3 & review"])
        #expect(modules.map(\.position) == [0, 1, 2, 3])
        #expect(modules.map(\.progress) == [nil, nil, .locked, nil])
    }

    @Test func everyActivityIsAnItemOfItsKind() async throws {
        let week = try await modules()[1]
        #expect(week.items.map(\.id) == ["42", "45", "43", "101", "46", "47", "48", "49"])
        #expect(week.items.map(\.title) == [
            "Notes & slides", "Lecture 1", "Lab code", "Essay & reflection", "Course website", "Read the notes before class", "Quiz 1", "Reading list",
        ])
        #expect(week.items.map(\.type) == ["File", "File", "Folder", "Assignment", "ExternalUrl", "SubHeader", "Quiz", "Page"])
        #expect(week.items.first?.htmlURL?.absoluteString == "https://learn.example.edu/mod/resource/view.php?id=42")
        #expect(week.items[5].htmlURL == nil, "a label has no page of its own")
        #expect(try await modules()[3].items.first?.type == "H5pactivity", "a kind without a pane name keeps Moodle's")
    }

    @Test func aResourceItemNamesItsMainFileForDownload() async throws {
        let week = try await modules()[1]
        #expect(week.items[0].fileID == "42/notes.pdf")
        #expect(week.items[1].fileID == "45/lecture 1.pdf", "the first Moodle lists is the main file")
        #expect(week.items[2].fileID == nil, "a folder is no single file")
        #expect(week.items[7].fileID == nil, "a page is no file")
    }

    @Test func aRestrictedActivitySaysWhyAsPlainText() async throws {
        let quiz = try await modules()[1].items[6]
        #expect(quiz.isLocked)
        #expect(quiz.lockExplanation == "Available from 20 October 2025, 8:00 AM")
        let open = try await modules()[1].items[0]
        #expect(!open.isLocked)
        #expect(open.lockExplanation == nil)
    }

    @Test func aRestrictedSectionIsLockedWithItsReason() async throws {
        let section = try await modules()[2]
        #expect(section.isLocked(at: TestSite.now))
        #expect(section.items.isEmpty, "Moodle sends no modules of a section the student can't see")
        let http = MoodleScriptedHTTP()
        http.on("core_course_get_contents", json: "[" + ContentsFixtures.section(
            id: 20, number: 4, name: "Extra", visible: false, availability: ContentsFixtures.restriction,
            modules: [ContentsFixtures.module(id: 60, name: "Bonus", modname: "assign", instance: 20)]
        ) + "]")
        let item = try #require(try await CourseClient.moodle(TestSite.connection(http)).modules(CourseID(5), .ignored).first?.items.first)
        #expect(item.isLocked, "an item of a locked section is locked")
        #expect(item.lockExplanation == "Not available unless: The activity Quiz 1 is marked complete")
    }

    @Test func completionRequirementsSayWhatToDoAndWhetherItIsDone() async throws {
        let modules = try await modules()
        let week = modules[1].items
        #expect(modules[0].items[0].requirement == nil, "no completion tracking")
        #expect(week[0].requirement == ModuleItem.Requirement(kind: "must_mark_done", isCompleted: false))
        #expect(week[3].requirement == ModuleItem.Requirement(kind: "must_submit", isCompleted: true))
        #expect(week[4].requirement == ModuleItem.Requirement(kind: "must_view", isCompleted: false))
        #expect(week[6].requirement == ModuleItem.Requirement(kind: "must_submit", isCompleted: false), "complete with a fail asks for more")
        #expect(modules[3].items[0].requirement == ModuleItem.Requirement(kind: "must_view", isCompleted: true), "complete with a pass")
        #expect(week[1].requirement == nil)
    }

    @Test func aForumThatAsksForPostsAsksTheStudentToContribute() throws {
        let json = "[" + ContentsFixtures.section(id: 1, number: 0, name: "General", modules: [
            ContentsFixtures.module(id: 70, name: "Introductions", modname: "forum", instance: 9, completion: 2, state: 0),
        ]) + "]"
        let sections = try JSONDecoder().decode([MoodleSection].self, from: Data(json.utf8))
        #expect(MoodleModules.modules(sections).first?.items.first?.requirement == ModuleItem.Requirement(kind: "must_contribute", isCompleted: false))
    }
}
