import Foundation
import Testing
@testable import CourseKit
import TestSupport

struct EnvironmentValuesTests {
    @Test func unsetValuesAreHarmlessDefaults() async throws {
        let environment = EnvironmentValues()
        #expect(try await environment.courseClient.coursesPage(.current, nil, .ignored).items.isEmpty)
        await #expect(throws: CourseNotFound(id: CourseID(1))) { try await environment.courseClient.course(CourseID(1), .ignored) }
        #expect(environment.settings.load() == Settings())
        #expect(try await environment.uploadQueue.jobs().isEmpty)
        environment.analytics.track(.paneShown("x"))
    }

    @Test func aSetValueIsReadBackAndCopiesAreIndependent() throws {
        let fixed = Date(timeIntervalSince1970: 42)
        let base = EnvironmentValues()
        var changed = base
        changed.clock = .fixed(fixed)
        #expect(changed.clock.now() == fixed)
        #expect(base.clock.now() != fixed)
    }

    @Test func unimplementedClientsFailLoudly() async {
        await #expect(throws: Unimplemented("CourseClient.modules")) {
            try await CourseClient.unimplemented.modules(CourseID(1), .ignored)
        }
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
