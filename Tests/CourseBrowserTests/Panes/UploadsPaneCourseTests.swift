import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The Uploads pane names each job's course as the course list does, and lets a finished job go.
@MainActor
struct UploadsPaneCourseTests {
    let now = Fixtures.start

    func job(_ name: String, _ state: UploadJob.State, course: Int = 10032) -> UploadJob {
        UploadJob(id: name, courseID: CourseID(course), fileName: name, sourcePath: "/home/an/\(name)", size: 12,
                  backend: "offline", queuedAt: now, state: state, attempts: 1)
    }

    func pane(_ jobs: [UploadJob], queue: UploadQueueClient = .noOp) async -> UploadsPane {
        var environment = Fixtures.environment()
        var client = queue
        client.jobs = { jobs }
        environment.uploadQueue = client
        let pane = UploadsPane(environment: environment)
        pane.start()
        await settle { pane.state.queue.value != nil }
        return pane
    }

    func render(_ pane: UploadsPane, focused: Bool = true) -> [String] {
        pane.lines(width: 80, height: 6, focused: focused)
    }

    @Test func aRowNamesItsCourseByTheCodeTheCourseListGave() async {
        let pane = await pane([job("my essay.txt", .done)])
        #expect(render(pane)[0].contains("my essay.txt"))
        #expect(render(pane)[0].contains("10032      12 B"), "no course list yet: the ID")
        pane.update(.courses([Course(id: CourseID(10032), name: "Lập trình nâng cao", code: "INT2215")]))
        #expect(render(pane)[0].hasPrefix(" ✓ my essay.txt"))
        #expect(render(pane)[0].hasSuffix("INT2215    12 B      done"), "\(render(pane)[0])")
    }

    @Test func aCourseWithoutACodeIsNamedAndAnUnknownOneKeepsItsID() async {
        let pane = await pane([job("a.txt", .queued), job("b.txt", .queued, course: 5)])
        pane.update(.courses([Course(id: CourseID(10032), name: "Biology", code: "")]))
        let lines = render(pane)
        #expect(lines[0].contains(" Biology    12 B"), "\(lines[0])")
        #expect(lines[1].contains(" 5          12 B"), "\(lines[1])")
    }

    @Test func aJobQueuedAfterTheListLoadedIsNamedAndARenameFollows() async {
        let pane = await pane([])
        pane.update(.courses([Course(id: CourseID(10032), name: "Biology", code: "BIO1"), Course(id: CourseID(5), name: "Art", code: "ART")]))
        pane.update(.changed(.updated(job("late.txt", .queued, course: 5))))
        #expect(render(pane)[0].contains(" ART        12 B"), "\(render(pane)[0])")
        pane.update(.changed(.updated(job("later.txt", .queued))))
        #expect(render(pane)[1].contains(" BIO1       12 B"), "\(render(pane)[1])")
        pane.update(.courses([Course(id: CourseID(5), name: "Art", code: "ART2")]))
        #expect(render(pane)[0].contains(" ART2       12 B"), "\(render(pane)[0])")
    }

    @Test func aLongCourseNameIsCutToItsColumn() async {
        let pane = await pane([job("a.txt", .queued)])
        pane.update(.courses([Course(id: CourseID(10032), name: "Introduction to Programming")]))
        #expect(render(pane)[0].contains(" Introduct… 12 B"), "\(render(pane)[0])")
    }

    @Test func dRemovesAFinishedJobWithoutAsking() async {
        let removed = Recorder<String>()
        var queue = UploadQueueClient.noOp
        queue.remove = { removed.append($0) }
        let pane = await pane([job("done.txt", .done)], queue: queue)
        #expect(pane.hints.contains(KeyHint(key: "d", action: "remove")))
        #expect(pane.handle(.character("d")))
        await settle { removed.values == ["done.txt"] }
        #expect(!render(pane).contains { $0.contains("Remove") }, "losing a finished job's line loses nothing, so it is not asked")
    }

    @Test func dOnAJobUnderWaySaysWhyItDoesNothing() async {
        let removed = Recorder<String>()
        var queue = UploadQueueClient.noOp
        queue.remove = { removed.append($0) }
        let pane = await pane([job("video.mp4", .uploading)], queue: queue)
        #expect(!pane.hints.contains(KeyHint(key: "d", action: "remove")))
        _ = pane.handle(.character("d"))
        #expect(render(pane).contains(" video.mp4 is under way; it can be removed once it is done or fails"), "\(render(pane))")
        #expect(removed.values.isEmpty)
    }
}
