import CourseKit
import FoundationEssentials

extension MoodleAPI {
    /// How many submission statuses are asked at once: enough that a course of a dozen
    /// assignments arrives in two round trips, few enough not to look like a flood to the site.
    static let statusesAtOnce = 8

    /// A course's assignments, each with where the student's submission stands.
    ///
    /// The settings come in one call; each status takes a call of its own, which needs the
    /// assignment's ID. The course's contents (read for its modules and files anyway) name every
    /// assignment the student can see, so the statuses start as soon as those arrive, beside the
    /// settings, instead of after them: a course is whole a round trip sooner.
    func studentAssignments(_ course: CourseID, shared: MoodleShared, background: Bool, now: Date) async throws -> [Assignment] {
        async let settings = shared.assignments.value(for: course) { try await assignments(course, background: background) }
        let sections = try? await shared.contents.value(for: course) { try await contents(course, background: background) }
        let listed = (sections ?? []).flatMap(\.modules).filter { $0.modname == "assign" && $0.uservisible != false }.compactMap(\.instance?.value)
        async let early = submissionStatuses(of: listed, background: background)
        let assigns = try await settings
        var statuses = try await early
        let missing = assigns.map(\.id.value).filter { statuses[$0] == nil }
        statuses.merge(try await submissionStatuses(of: missing, background: background)) { first, _ in first }
        return assigns.compactMap { assign in
            statuses[assign.id.value].map { MoodleAssignment.assignment(assign, status: $0, site: siteURL, now: now) }
        }
    }

    /// The status of each of `instances`, by instance, `statusesAtOnce` at a time.
    private func submissionStatuses(of instances: [Int], background: Bool) async throws -> [Int: MoodleSubmissionStatus] {
        var statuses: [Int: MoodleSubmissionStatus] = [:]
        try await withThrowingTaskGroup(of: (Int, MoodleSubmissionStatus).self) { group in
            var next = 0
            func start() {
                guard next < instances.count else { return }
                let instance = instances[next]
                group.addTask { (instance, try await submissionStatus(instance, background: background)) }
                next += 1
            }
            for _ in 0..<Self.statusesAtOnce { start() }
            while let (instance, status) = try await group.next() {
                statuses[instance] = status
                start()
            }
        }
        return statuses
    }
}
