import Foundation
import Testing
import CourseKit
import TestSupport
@testable import UploadQueue

struct DownloadPlaceTests {
    let root = URL(fileURLWithPath: "/home/sam/Downloads")

    @Test(arguments: ["../../etc/passwd", "a/b", "\u{1}x", "..", ".", "", "x\u{202E}fdp.exe", " .hidden", String(repeating: "é", count: 150) + ".pdf"])
    func aNameFromTheServerLandsInsideTheRoot(_ name: String) throws {
        let place = DownloadPlace.destination(root: root, courseFolder: "../BIO 101", folderPath: ["..", "Week/1", "."], name: name)
        let path = place.path
        #expect(path.hasPrefix(root.path + "/coursebrowser/"))
        let components = path.dropFirst(root.path.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        #expect(components.count == 6, "coursebrowser, the course, three folders, the name: \(path)")
        for component in components {
            #expect(!component.isEmpty && !component.hasPrefix(".") && !component.hasPrefix(" "))
            #expect(component.utf8.count <= 255)
            #expect(!component.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        }
        #expect(URL(fileURLWithPath: path).standardizedFileURL.path.hasPrefix(root.path + "/"))
    }

    @Test func unsafePiecesBecomePlainNames() {
        #expect(DownloadPlace.safeName("a/b") == "a_b")
        #expect(DownloadPlace.safeName("\u{1}x") == "_x")
        #expect(DownloadPlace.safeName("..") == "_")
        #expect(DownloadPlace.safeName("") == "_")
        #expect(DownloadPlace.safeName("../../etc/passwd") == "_.._etc_passwd")
        #expect(DownloadPlace.safeName("Lecture 1.pdf") == "Lecture 1.pdf")
    }

    @Test func anOverlongNameIsCutToAWholeCharacterKeepingItsExtension() {
        let name = DownloadPlace.safeName(String(repeating: "é", count: 150) + ".pdf")
        #expect(name.utf8.count <= 255 && name.utf8.count >= 250)
        #expect(name.hasSuffix("é.pdf"))
        let numbered = DownloadPlace.numbered(name, 12)
        #expect(numbered.utf8.count <= 255)
        #expect(numbered.hasSuffix("é (12).pdf"))
        #expect(DownloadPlace.numbered("notes.pdf", 2) == "notes (2).pdf")
        #expect(DownloadPlace.numbered("README", 3) == "README (3)")
    }
}

struct DownloadDirectoryTests {
    let folder: UploadTestFolder
    var home: URL { folder.root.appendingPathComponent("home") }

    init() throws {
        folder = try UploadTestFolder()
    }

    func userDirs(_ text: String, in config: URL) throws {
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: config.appendingPathComponent("user-dirs.dirs"))
    }

    @Test func anExplicitDirectoryWinsWithTildeAndRelativePathsResolved() {
        #expect(DownloadPlace.downloadDirectory(explicit: "~/dl", environment: [:], home: home).path == home.appendingPathComponent("dl").path)
        #expect(DownloadPlace.downloadDirectory(explicit: "/srv/files/", environment: [:], home: home).path == "/srv/files")
        let relative = DownloadPlace.downloadDirectory(explicit: "course-files", environment: [:], home: home).path
        #expect(relative == URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("course-files").path)
    }

    @Test func theUsersDownloadFolderIsReadFromUserDirs() throws {
        let config = folder.root.appendingPathComponent("config")
        try userDirs("# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_DOWNLOAD_DIR=\"$HOME/Téléchargements\"\n", in: config)
        let found = DownloadPlace.downloadDirectory(explicit: nil, environment: ["XDG_CONFIG_HOME": config.path], home: home)
        #expect(found.path == home.appendingPathComponent("Téléchargements").path)
    }

    @Test func userDirsIsFoundInTheHomeConfigFolderByDefault() throws {
        try userDirs("XDG_DOWNLOAD_DIR=\"/data/incoming\"\n", in: home.appendingPathComponent(".config"))
        #expect(DownloadPlace.downloadDirectory(explicit: nil, environment: [:], home: home).path == "/data/incoming")
    }

    @Test func anInvalidOrMissingEntryFallsBackToDownloadsInHome() throws {
        let config = folder.root.appendingPathComponent("config")
        let fallback = home.appendingPathComponent("Downloads").path
        #expect(DownloadPlace.downloadDirectory(explicit: nil, environment: ["XDG_CONFIG_HOME": config.path], home: home).path == fallback)
        try userDirs("XDG_DOWNLOAD_DIR=\"Downloads\"\n", in: config)
        #expect(DownloadPlace.downloadDirectory(explicit: nil, environment: ["XDG_CONFIG_HOME": config.path], home: home).path == fallback)
        #expect(DownloadPlace.downloadDirectory(explicit: "  ", environment: ["XDG_CONFIG_HOME": config.path], home: home).path == fallback)
    }
}
