import CourseKit
import Foundation
import Testing
@testable import CourseBrowser

struct LiveEnvironmentTests {
    @Test func canvasWithoutATokenIsAClearErrorBeforeTheUIStarts() {
        let options = LaunchOptions(canvasURL: URL(string: "https://school.example"))
        #expect(throws: CanvasSetupError.missingToken) {
            try LiveEnvironment.make(options: options, processEnvironment: ["HOME": "/tmp"])
        }
    }

    @Test func canvasURLFromTheEnvironmentSelectsCanvasToo() {
        #expect(throws: CanvasSetupError.missingToken) {
            try LiveEnvironment.make(options: LaunchOptions(), processEnvironment: ["CANVAS_URL": "https://school.example"])
        }
        #expect(throws: UsageError("CANVAS_URL needs a URL like https://school.instructure.com, not 'nope'")) {
            try LiveEnvironment.make(options: LaunchOptions(), processEnvironment: ["CANVAS_URL": "nope"])
        }
    }

    @Test func aCatalogFileWinsOverCanvasURLInTheEnvironment() throws {
        let options = LaunchOptions(catalogPath: "/nonexistent/catalog.json")
        _ = try LiveEnvironment.make(options: options, processEnvironment: ["CANVAS_URL": "https://school.example"])
    }

    @Test func theTokenFileIsReadAndTrimmed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)").path
        try Data("  1~abc\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try CanvasToken.resolve(tokenFile: path, environment: ["CANVAS_TOKEN": "other"]) == "1~abc")
        #expect(try CanvasToken.resolve(tokenFile: nil, environment: ["CANVAS_TOKEN": " 2~def "]) == "2~def")
        try Data("\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: CanvasSetupError.emptyTokenFile(path: path)) { try CanvasToken.resolve(tokenFile: path, environment: [:]) }
        #expect(throws: CanvasSetupError.unreadableTokenFile(path: "/nonexistent/t", reason: "no such file")) {
            try CanvasToken.resolve(tokenFile: "/nonexistent/t", environment: [:])
        }
    }

    @Test func aMissingTokenSaysWhereATokenComesFrom() {
        #expect(CanvasSetupError.missingToken.userMessage == "Canvas needs an access token: set CANVAS_TOKEN or pass --token-file PATH")
    }
}
