import CourseKit
import Foundation
import Testing
@testable import Launch
import TestSupport

/// Where what the student saw of each course is kept: in memory for the catalogs and `--no-cache`,
/// so nothing is written where no copy is.
struct LiveEnvironmentSeenTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    var processEnvironment: [String: String] {
        ["HOME": scratch.url.appendingPathComponent("home").path, "CANVAS_TOKEN": "t0ken"]
    }

    /// Records course 5 in `services`' environment and reads it back.
    func recordsAndReadsBack(_ services: LiveEnvironment.Services) -> Bool {
        let seen = SeenCourse(recordedAt: Date(timeIntervalSince1970: 1_800_000_000), announcements: ["announcement:1"])
        services.environment.seen.record(CourseID(5), seen)
        return services.environment.seen.seen(CourseID(5)) == seen
    }

    func cacheFiles() -> [String] {
        let cache = scratch.url.appendingPathComponent("home/.cache")
        return (FileManager.default.enumerator(atPath: cache.path)?.allObjects as? [String]) ?? []
    }

    @Test func aCatalogRemembersWhatWasSeenForTheRunAndWritesNothing() throws {
        defer { scratch.remove() }
        let catalog = try LiveEnvironment.make(options: LaunchOptions(catalogPath: "/nonexistent.json"), processEnvironment: processEnvironment)
        #expect(recordsAndReadsBack(catalog))
        let nextRun = try LiveEnvironment.make(options: LaunchOptions(catalogPath: "/nonexistent.json"), processEnvironment: processEnvironment)
        #expect(nextRun.environment.seen.seen(CourseID(5)) == nil)
        #expect(cacheFiles().isEmpty)
    }

    @Test func canvasWithoutCopiesRemembersInMemoryOnly() throws {
        defer { scratch.remove() }
        var options = LaunchOptions(canvasURL: URL(string: "https://school.example"))
        options.noCache = true
        let canvas = try LiveEnvironment.make(options: options, processEnvironment: processEnvironment)
        #expect(recordsAndReadsBack(canvas))
        #expect(cacheFiles().isEmpty)
    }
}
