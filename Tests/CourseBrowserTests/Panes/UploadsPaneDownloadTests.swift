import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// Download jobs in the Uploads pane: marked `↓`, under the course's code, with what arrived
/// while running and where the file went once done; a failed one retries with `r`.
@MainActor
struct UploadsPaneDownloadTests {
    let now = Fixtures.start
    static let destination = "/home/an/Downloads/coursebrowser/SWIFT-101/Lectures/slides1.pdf"

    func download(_ state: UploadJob.State, size: Int64? = 40_000_000) -> UploadJob {
        var job = UploadJob(
            id: "d1", courseID: CourseID(101), fileName: "slides1.pdf", sourcePath: Self.destination, size: size ?? 0,
            backend: "canvas", queuedAt: now, state: state
        )
        job.download = UploadJob.Download(fileID: "11", destination: Self.destination, size: size)
        return job
    }

    func pane(_ jobs: [UploadJob], progress: [String: UploadProgress] = [:], retried: Recorder<String> = Recorder()) async -> UploadsPane {
        var environment = Fixtures.environment()
        environment.paths = Paths(
            dataDirectory: URL(fileURLWithPath: "/home/an/.local/share/coursebrowser"), homeDirectory: URL(fileURLWithPath: "/home/an"),
            configDirectory: URL(fileURLWithPath: "/home/an/.config")
        )
        environment.uploadQueue.jobs = { jobs }
        environment.uploadQueue.progressUpdates = { AsyncStream { $0.yield(progress) } }
        environment.uploadQueue.retry = { retried.append($0) }
        let pane = UploadsPane(environment: environment)
        pane.start()
        await settle { pane.state.queue.value != nil }
        return pane
    }

    /// The pane's first row at `width`.
    func row(_ pane: UploadsPane, width: Int = 140) -> String {
        pane.lines(width: width, height: 8)[0]
    }

    @Test func aQueuedDownloadIsMarkedAndShowsTheCoursesCode() async {
        let row = row(await pane([download(.queued)]))
        #expect(row.hasPrefix(" · ↓ slides1.pdf"), "\(row)")
        #expect(row.contains("  SWIFT-101 "), "the course's folder, its code, rather than its ID: \(row)")
        #expect(row.hasSuffix("40.0 MB   queued to download"), "\(row)")
    }

    @Test func aRunningDownloadSaysHowMuchArrivedOfHowMuchAndHowFast() async {
        let progress = ["d1": UploadProgress(sentBytes: 12_300_000, startedAt: now - 2)]
        let pane = await pane([download(.uploading)], progress: progress)
        await settle { pane.state.progress["d1"] != nil }
        let row = row(pane)
        #expect(row.hasPrefix(" • ↓ slides1.pdf"), "\(row)")
        #expect(row.hasSuffix("downloading 12.3 MB of 40.0 MB · 6.2 MB/s"), "\(row)")
    }

    @Test func aDoneDownloadSaysWhereTheFileWentUnderHome() async {
        let row = row(await pane([download(.done)]), width: 160)
        #expect(row.hasPrefix(" ✓ ↓ slides1.pdf"), "\(row)")
        #expect(row.hasSuffix("downloaded → ~/Downloads/coursebrowser/SWIFT-101/Lectures/slides1.pdf"), "\(row)")
    }

    @Test func aFailedDownloadSaysWhyAndRRetriesIt() async {
        let retried = Recorder<String>()
        let pane = await pane([download(.failed(reason: "The file store refused it (403)"))], retried: retried)
        let row = row(pane)
        #expect(row.hasPrefix(" ❗ ↓ slides1.pdf"), "\(row)")
        #expect(row.hasSuffix("The file store refused it (403)  [r]etry"), "\(row)")
        #expect(pane.title == "Queue · 1 · 1 failed")
        #expect(pane.handle(.character("r")))
        await settle { retried.values == ["d1"] }
    }

    @Test func aDownloadWithoutAnnouncedSizeSaysOnlyWhatArrived() async {
        let progress = ["d1": UploadProgress(sentBytes: 512, startedAt: now)]
        let pane = await pane([download(.uploading, size: nil)], progress: progress)
        await settle { pane.state.progress["d1"] != nil }
        #expect(row(pane).hasSuffix("downloading 512 B"), "\(row(pane))")
    }
}
