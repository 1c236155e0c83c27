import CourseKit
import Foundation
import Testing

/// A profile other than the default keeps its queue and saved copies in folders of its own;
/// the settings and the logins stay in the one config directory.
@Suite struct ProfilePathsTests {
    let environment = ["HOME": "/home/an", "XDG_CACHE_HOME": "/var/cache/an"]

    @Test func theDefaultProfileKeepsThePlainFolders() {
        let paths = Paths.live(environment: environment)
        #expect(paths.dataDirectory.path == "/home/an/.local/share/coursebrowser")
        #expect(paths.cacheDirectory.path == "/var/cache/an/coursebrowser")
    }

    @Test func anotherProfileHasItsOwnQueueAndSavedCopies() {
        let paths = Paths.live(environment: environment, profile: "work")
        #expect(paths.dataDirectory.path == "/home/an/.local/share/coursebrowser/profiles/work")
        #expect(paths.cacheDirectory.path == "/var/cache/an/coursebrowser/profiles/work")
        #expect(paths.configDirectory.path == "/home/an/.config/coursebrowser")
    }

    @Test func dataDirWinsForTheQueueButNotForSavedCopies() {
        let paths = Paths.live(environment: environment, dataDirectory: "/srv/queue", profile: "work")
        #expect(paths.dataDirectory.path == "/srv/queue")
        #expect(paths.cacheDirectory.path == "/var/cache/an/coursebrowser/profiles/work")
    }
}
