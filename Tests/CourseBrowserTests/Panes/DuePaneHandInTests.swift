import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// `s` in the Due pane: the course's assignments load, the prompt opens on the row's assignment,
/// the files are queued as one submission, and once handed in the row says so.
@MainActor
struct DuePaneHandInTests {
    nonisolated static let lab = Assignment(id: "5003", name: "Lab 3: closures", submissionTypes: ["online_upload"])

    let queued = Recorder<String>()
    let handedIn = Shared(false)
    let listener = Shared<AsyncStream<UploadChange>.Continuation?>(nil)

    func pane() async -> DuePane {
        var environment = Fixtures.environment()
        let handedIn = handedIn
        environment.planner = PlannerClient { _, _, _ in
            [PlannerFixtures.assignment(5003, "Lab 3: closures", in: PlannerFixtures.day, status: .init(isSubmitted: handedIn.value))]
        }
        environment.courseClient.assignments = { _, _ in [Self.lab] }
        let queued = queued
        environment.uploadQueue.enqueueSubmission = { files, course, assignment in
            queued.append("\(course) \(assignment.id) " + files.map(\.path).joined(separator: " "))
            let files = files.map { QueuedFile(name: $0.lastPathComponent, sourcePath: $0.path, size: 10) }
            return UploadJob(id: "job-1", courseID: course, files: files, submission: .init(assignmentID: assignment.id, assignmentName: assignment.name),
                             backend: "offline", queuedAt: Fixtures.start)
        }
        let listener = listener
        environment.uploadQueue.updates = {
            let (stream, continuation) = AsyncStream.makeStream(of: UploadChange.self)
            listener.value = continuation
            return stream
        }
        let pane = DuePane(environment: environment)
        pane.start()
        await settle { !pane.isAnimating }
        return pane
    }

    @Test func sGoesStraightToTheFilePromptAndTheRowShowsTheHandInOnceItIsIn() async throws {
        let pane = await pane()
        #expect(pane.handle(.character("s")))
        await settle { pane.capturesKeys }
        #expect(pane.lines(width: 80, height: 12)[0] == " Submit to Lab 3: closures:")
        for character in "/tmp/lab3.py" { _ = pane.handle(.character(character)) }
        _ = pane.handle(.enter)
        #expect(pane.lines(width: 80, height: 12).contains { $0.hasSuffix("? y/n") }, "it asks before handing in")
        _ = pane.handle(.character("y"))
        await settle { !pane.capturesKeys }
        #expect(queued.values == ["101 5003 /tmp/lab3.py"])
        #expect(pane.lines(width: 80, height: 12)[0].hasPrefix(" Queued lab3.py for Lab 3: closures"))

        handedIn.value = true
        let continuation = try #require(listener.value)
        var done = UploadJob(
            id: "job-1", courseID: Fixtures.swift.id, files: [QueuedFile(name: "lab3.py", sourcePath: "/tmp/lab3.py", size: 10)],
            submission: .init(assignmentID: "5003", assignmentName: "Lab 3: closures"), backend: "offline", queuedAt: Fixtures.start
        )
        done.state = .done
        continuation.yield(.updated(done))
        await settle { pane.lines(width: 80, height: 12).contains { $0.contains("✓ submitted") } }
        let lines = pane.lines(width: 80, height: 12)
        #expect(lines[0] == " Handed in lab3.py to Lab 3: closures")
        #expect(lines.contains { $0.contains("Lab 3: closures") && $0.hasSuffix("✓ submitted") })
    }
}
