import CourseKit
import FoundationEssentials

extension HandInFlow {
    /// What to tell about a submission to `course` the queue finished or gave up on, and whether
    /// it was handed in (so the assignments are worth reading again); nil for any other change.
    static func news(of change: UploadChange, in course: CourseID?, now: Date) -> (notice: Notice, handedIn: Bool)? {
        guard case let .updated(job) = change, let plan = job.submission, job.courseID == course else { return nil }
        switch job.state {
        case .done:
            return (Notice(text: handedIn(job, plan, now: now)), true)
        case let .failed(reason):
            return (Notice(text: "Couldn't hand in to \(plan.assignmentName): \(reason)", isProblem: true), false)
        case .queued, .uploading, .waiting, .damaged:
            return nil
        }
    }

    /// What the job handed in, as a sentence names it: its files, its text or its link.
    private static func handedInWhat(_ job: UploadJob, _ plan: UploadJob.Submission) -> String {
        if let text = plan.text { return HandInText.naming(text: text) }
        if let url = plan.url { return HandInText.naming(link: url) }
        return names([job])
    }

    /// What Canvas recorded, as a person says it: `Handed in essay.pdf to Essay: attempt 2, Tue 1 Dec 08:41, late`.
    private static func handedIn(_ job: UploadJob, _ plan: UploadJob.Submission, now: Date) -> String {
        let lead = "Handed in \(handedInWhat(job, plan)) to \(plan.assignmentName)"
        guard let receipt = plan.receipt else { return lead }
        let time = receipt.submittedAt.map { ", " + DateText.short($0, now: now) } ?? ""
        return lead + ": attempt \(receipt.attempt)\(time), " + (receipt.isLate ? "late" : "on time")
    }
}
