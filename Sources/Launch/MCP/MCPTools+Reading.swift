import CourseBrowser
import CourseKit
import FoundationEssentials

extension MCPTools {
    /// The `courses` tool: the course list of a scope.
    @Sendable static func runCourses(_ arguments: MCPArguments, _ context: MCPContext) async throws -> MCPToolAnswer.Data {
        let name = try arguments.text("scope") ?? CourseScope.current.rawValue
        guard let scope = CourseScope(rawValue: name) else {
            throw SavedCopyFallback.Failure(message: "scope is current, favorites or all, not '\(name)'", kind: .usage)
        }
        let answer = try await CoursesCommand.read(scope, environment: context.environment, within: context.waitLimit).get()
        return MCPToolAnswer.Data(CoursesJSON.value(CourseListing.groups(answer.value, now: context.now)), savedAt: answer.savedAt)
    }

    /// The `course` tool: a course and its assignments, announcements and files.
    @Sendable static func runCourse(_ arguments: MCPArguments, _ context: MCPContext) async throws -> MCPToolAnswer.Data {
        let id = try arguments.course()
        let report = try await CourseReport.load(id, from: .of(context.environment), now: context.now, within: context.waitLimit).get()
        return MCPToolAnswer.Data(CourseJSON.value(report), savedAt: report.savedAt)
    }

    /// The `due` tool: what is due up to `days` ahead, under the Due pane's headings.
    @Sendable static func runDue(_ arguments: MCPArguments, _ context: MCPContext) async throws -> MCPToolAnswer.Data {
        let days = try arguments.integer("days", in: 1...LaunchOptions.maximumDays, else: 7)
        let now = context.now
        let answer = try await DueCommands.read(days: days, environment: context.environment, now: now, within: context.waitLimit).get()
        return MCPToolAnswer.Data(dueGroups(answer.items, now: now), savedAt: answer.savedAt)
    }

    /// The items under the Due pane's headings (Missing, Today, Tomorrow, each day), in its order.
    static func dueGroups(_ items: [PlannerItem], now: Date) -> PrettyJSON.Value {
        var groups: [(heading: String, items: [PrettyJSON.Value])] = []
        for line in DueListing.lines(items, now: now, glyphs: .unicode) {
            switch line {
            case let .heading(text): groups.append((text, []))
            case let .item(entry):
                if groups.isEmpty { groups.append(("", [])) }
                groups[groups.count - 1].items.append(DueJSON.object(entry.item, now: now))
            }
        }
        return .object(["groups": .array(groups.map { .object(["heading": .string($0.heading), "items": .array($0.items)]) })])
    }

    /// The `grades` tool: how a course's total is made.
    @Sendable static func runGrades(_ arguments: MCPArguments, _ context: MCPContext) async throws -> MCPToolAnswer.Data {
        let id = try arguments.course()
        let (grades, savedAt) = try await read(.grades(context.environment), id, "grades", context)
        return MCPToolAnswer.Data(GradesJSON.value(grades, course: id, savedAt: savedAt), savedAt: savedAt)
    }

    /// The `announcements` tool: a course's announcements, newest first.
    @Sendable static func runAnnouncements(_ arguments: MCPArguments, _ context: MCPContext) async throws -> MCPToolAnswer.Data {
        let id = try arguments.course()
        let (announcements, savedAt) = try await read(.announcements(context.environment), id, "announcements", context)
        return MCPToolAnswer.Data(.object(["course_id": .string(id.rawValue), "announcements": .array(announcements.map(CourseJSON.announcement))]), savedAt: savedAt)
    }

    /// The `files` tool: every file of a course's Files.
    @Sendable static func runFiles(_ arguments: MCPArguments, _ context: MCPContext) async throws -> MCPToolAnswer.Data {
        let id = try arguments.course()
        let (files, savedAt) = try await read(.files(context.environment), id, "files", context)
        return MCPToolAnswer.Data(.object(["course_id": .string(id.rawValue), "files": CourseJSON.files(files)]), savedAt: savedAt)
    }

    /// Section `name` of course `id`, or its saved copy, waiting for the site no longer than the context says.
    private static func read<Value>(
        _ reader: CourseSectionReader<Value>, _ id: CourseID, _ name: String, _ context: MCPContext
    ) async throws(SavedCopyFallback.Failure) -> (Value, savedAt: Date?) {
        let part = await CourseReport.part(reader, id, section: name, now: context.now, within: context.waitLimit)
        guard let value = part.value else {
            throw part.failure ?? SavedCopyFallback.Failure(message: "course \(id)'s \(name) could not be read", kind: .failed)
        }
        return (value, part.savedAt)
    }
}
