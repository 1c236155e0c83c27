import CourseKit
import FoundationEssentials

extension MoodleAPI {
    /// A course's assignments with their settings, the student's overrides applied.
    func assignments(_ course: CourseID, background: Bool = false) async throws -> [MoodleAssign] {
        let number = try Self.number(of: course)
        var parameters = MoodleParameters()
        parameters.add("courseids", list: [String(number)])
        let answer = try await call(MoodleAssignments.self, "mod_assign_get_assignments", parameters, Call(isBackground: background))
        return answer.courses.filter { $0.id.value == number }.flatMap(\.assignments)
    }

    /// Where the student's submission to the assignment `instance` stands; `raw` keeps its text
    /// exactly as stored, as a save must send it back.
    func submissionStatus(_ instance: Int, raw: Bool = false, background: Bool = false) async throws -> MoodleSubmissionStatus {
        var parameters = MoodleParameters()
        parameters.add("assignid", instance)
        return try await call(MoodleSubmissionStatus.self, "mod_assign_get_submission_status", parameters, Call(raw: raw, isBackground: background))
    }
}
