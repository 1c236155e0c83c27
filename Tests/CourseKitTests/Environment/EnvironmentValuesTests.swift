import Foundation
import Testing
@testable import CourseKit
import TestSupport

struct EnvironmentValuesTests {
    @Test func unsetValuesAreHarmlessDefaultsForTheApp() async throws {
        let environment = EnvironmentValues()
        #expect(try await environment.courseClient.coursesPage(.current, nil, .ignored).items.isEmpty)
        await #expect(throws: CourseNotFound(id: CourseID(1))) { try await environment.courseClient.course(CourseID(1), .ignored) }
        #expect(environment.settings.load() == Settings())
        #expect(try await environment.uploadQueue.jobs().isEmpty)
        environment.analytics.track(.paneShown("x"))
    }

    @Test func aSetValueIsReadBackAndCopiesAreIndependent() throws {
        let fixed = Date(timeIntervalSince1970: 42)
        let reported = Recorder<String>()
        let base = EnvironmentValues.unimplemented(report: reported.record)
        var changed = base
        changed.clock = .fixed(fixed)
        #expect(changed.clock.now() == fixed)
        #expect(reported.values.isEmpty)
        #expect(base.clock.now() != fixed)
        #expect(reported.values == ["WallClock.now"])
    }

    @Test func unimplementedClientsFailLoudly() async {
        await #expect(throws: Unimplemented("CourseClient.modules")) {
            try await CourseClient.unimplemented.modules(CourseID(1), .ignored)
        }
    }

    @Test func callingAClientTheTestDidNotProvideFailsTheTestNamingIt() async {
        let environment = EnvironmentValues.unimplemented
        await withKnownIssue {
            #expect(await environment.webBrowser.open(URL(fileURLWithPath: "/")) == .noDisplay)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["Unimplemented: WebBrowser.open"]
        }
    }

    @Test func aThrowingEndpointTheTestDidNotProvideFailsTheTestAndThrows() async {
        let environment = EnvironmentValues.unimplemented
        await withKnownIssue {
            await #expect(throws: Unimplemented("UploadQueueClient.jobs")) { try await environment.uploadQueue.jobs() }
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["Unimplemented: UploadQueueClient.jobs"]
        }
    }

    @Test func aProvidedClientReportsNothingAndTheOthersStillDo() async throws {
        let reported = Recorder<String>()
        var environment = EnvironmentValues.unimplemented(report: reported.record)
        let opened = Recorder<URL>()
        let course = try #require(URL(string: "https://canvas.example/courses/1"))
        environment.webBrowser = WebBrowser { url in
            opened.append(url)
            return .opened
        }
        environment.courseClient.syllabus = { _, _ in "<p>Hi</p>" }
        #expect(await environment.webBrowser.open(course) == .opened)
        #expect(try await environment.courseClient.syllabus(CourseID(1), .ignored) == "<p>Hi</p>")
        #expect(opened.values == [course])
        #expect(reported.values.isEmpty)
        await #expect(throws: Unimplemented("CourseClient.modules")) { try await environment.courseClient.modules(CourseID(1), .ignored) }
        #expect(reported.values == ["CourseClient.modules"])
    }

    @Test func everyEndpointOfEveryUnprovidedClientNamesItselfAndHarmsNothing() async {
        let reported = Recorder<String>()
        let environment = EnvironmentValues.unimplemented(report: reported.record)
        let id = CourseID(1)
        for call in [
            { _ = try await environment.courseClient.coursesPage(.current, nil, .ignored) },
            { _ = try await environment.courseClient.course(id, .ignored) },
            { _ = try await environment.courseClient.syllabus(id, .ignored) },
            { _ = try await environment.courseClient.modules(id, .ignored) },
            { _ = try await environment.courseClient.assignments(id, .ignored) },
            { _ = try await environment.uploadQueue.jobs() },
            { _ = try await environment.uploadQueue.enqueue(LocalPath("/f"), id) },
            { _ = try await environment.uploadQueue.enqueueSubmission([LocalPath("/f")], id, Assignment(id: "2", name: "A")) },
            { try await environment.uploadQueue.retry("j") },
            { try await environment.uploadQueue.retryAllFailed() },
            { try await environment.uploadQueue.remove("j") },
            { try await environment.uploadQueue.checkWritable() },
            { _ = try await environment.planner.items(Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1), .ignored) },
        ] as [@Sendable () async throws -> Void] {
            await #expect(throws: Unimplemented.self) { try await call() }
        }
        #expect(environment.uploadQueue.progress().isEmpty)
        for await _ in environment.uploadQueue.updates() {
            Issue.record("an unprovided queue announced a change")
        }
        #expect(environment.clock.now() == Date(timeIntervalSince1970: 0))
        environment.analytics.track(.paneShown("x"))
        environment.notifier.notify("Uploaded", "f")
        #expect(environment.settings.load() == Settings())
        environment.settings.save(Settings(courseScope: .all))
        #expect(environment.savedCopies.courses(.current) == nil)
        #expect(environment.savedCopies.course(id) == nil)
        #expect(environment.savedCopies.syllabus(id) == nil)
        #expect(environment.savedCopies.modules(id) == nil)
        #expect(environment.savedCopies.assignments(id) == nil)
        #expect(await environment.webBrowser.open(URL(fileURLWithPath: "/")) == .noDisplay)
        environment.clipboard.copy("x")
        #expect(reported.values == [
            "CourseClient.coursesPage", "CourseClient.course", "CourseClient.syllabus", "CourseClient.modules", "CourseClient.assignments",
            "UploadQueueClient.jobs", "UploadQueueClient.enqueue", "UploadQueueClient.enqueueSubmission", "UploadQueueClient.retry",
            "UploadQueueClient.retryAllFailed", "UploadQueueClient.remove", "UploadQueueClient.checkWritable", "PlannerClient.items",
            "UploadQueueClient.progress", "UploadQueueClient.updates", "WallClock.now", "Analytics.track", "Notifier.notify",
            "SettingsClient.load", "SettingsClient.save", "SavedCopyClient.courses", "SavedCopyClient.course", "SavedCopyClient.syllabus",
            "SavedCopyClient.modules", "SavedCopyClient.assignments", "WebBrowser.open", "Clipboard.copy",
        ])
    }

    /// A pane's ticker sleeps in a loop that ignores errors: an unprovided sleep must report
    /// once and then wait to be cancelled, not throw at once and spin.
    @Test func anUnprovidedSleepReportsOnceAndWaitsToBeCancelled() async throws {
        let reported = Recorder<String>()
        let clock = EnvironmentValues.unimplemented(report: reported.record).clock
        let sleeper = Task {
            var sleeps = 0
            while !Task.isCancelled {
                try? await clock.sleep(.milliseconds(1))
                sleeps += 1
            }
            return sleeps
        }
        try await eventually("the sleep reported") { reported.values == ["WallClock.sleep"] }
        try? await Task.sleep(for: .milliseconds(50))
        sleeper.cancel()
        #expect(await sleeper.value <= 1)
        #expect(reported.values == ["WallClock.sleep"])
    }

    @Test func unprovidedPlainValuesCanNotBeMistakenForRealOnes() throws {
        let reported = Recorder<String>()
        let environment = EnvironmentValues.unimplemented(report: reported.record)
        #expect(environment.siteLabel == nil)
        let paths = environment.paths
        for folder in [paths.dataDirectory, paths.homeDirectory, paths.configDirectory, paths.cacheDirectory] {
            #expect(folder.path.contains("unimplemented-paths"))
            #expect(throws: (any Error).self) { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        }
        #expect(reported.values.isEmpty)
    }

    @Test func settingsLiveUnderXDGConfigOrHome() {
        #expect(Paths.live(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/a"]).configDirectory.path == "/x/config/coursebrowser")
        #expect(Paths.live(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/a"]).configDirectory.path == "/home/a/.config/coursebrowser")
    }

    @Test func dataLivesUnderXDGOrHome() {
        #expect(Paths.live(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/a"]).dataDirectory.path == "/x/data/coursebrowser")
        #expect(Paths.live(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"]).dataDirectory.path == "/home/a/.local/share/coursebrowser")
        #expect(Paths.live(environment: ["HOME": "/home/a"]).dataDirectory.path == "/home/a/.local/share/coursebrowser")
        #expect(Paths.live(environment: ["HOME": "/home/a", "XDG_DATA_HOME": "/x"], dataDirectory: "/q").dataDirectory.path == "/q")
        #expect(Paths.live(environment: ["HOME": "/home/a"]).homeDirectory.path == "/home/a")
    }
}
