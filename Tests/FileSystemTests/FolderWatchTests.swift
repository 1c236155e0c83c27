import Foundation
import Synchronization
import Testing
@testable import FileSystem
import TestSupport

/// A folder watch hears every change to the folder's entries, and the folder being touched,
/// from when the folder appears, however many folders above it were missing too.
struct FolderWatchTests {
    /// A watch on `path` counting the changes it tells of.
    final class Heard: Sendable {
        let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func watch(_ path: String) throws -> FolderWatch {
            try FolderWatch(path: path) { self.count.withLock { $0 += 1 } }
        }
    }

    /// Does `change`, then waits until the watch told of it.
    func expectHeard(_ heard: Heard, _ what: String, _ change: () throws -> Void) async throws {
        let before = heard.value
        try change()
        try await eventually(what) { heard.value > before }
    }

    @Test func everyChangeToTheFoldersEntriesAndTouchingItIsHeard() async throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let folder = scratch.url.appendingPathComponent("jobs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let heard = Heard()
        let watch = try heard.watch(folder.path)
        defer { watch.cancel() }
        let entry = folder.appendingPathComponent("a")
        try await expectHeard(heard, "a folder made in it") { try FileManager.default.createDirectory(at: entry, withIntermediateDirectories: false) }
        try await expectHeard(heard, "a rename in it") { try FileManager.default.moveItem(at: entry, to: folder.appendingPathComponent("b")) }
        try await expectHeard(heard, "the folder touched") { #expect(utimensat(AT_FDCWD, folder.path, nil, 0) == 0) }
        try await expectHeard(heard, "an entry moved out of it") {
            try FileManager.default.moveItem(at: folder.appendingPathComponent("b"), to: scratch.url.appendingPathComponent("b"))
        }
    }

    @Test func aFolderNotMadeYetIsWatchedOnceItAppears() async throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let folder = scratch.url.appendingPathComponent("data/queue/jobs")
        let heard = Heard()
        let watch = try heard.watch(folder.path)
        defer { watch.cancel() }
        try await expectHeard(heard, "the folder made, with the folders above it") {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try await expectHeard(heard, "an entry made in the new folder") {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("a"), withIntermediateDirectories: false)
        }
    }

    @Test func aFolderRemovedAndMadeAgainIsStillWatched() async throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let folder = scratch.url.appendingPathComponent("jobs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let heard = Heard()
        let watch = try heard.watch(folder.path)
        defer { watch.cancel() }
        try await expectHeard(heard, "the folder removed") { try FileManager.default.removeItem(at: folder) }
        try await expectHeard(heard, "the folder made again") { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) }
        try await expectHeard(heard, "an entry made in it") {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("a"), withIntermediateDirectories: false)
        }
    }

    @Test func changesBesideTheFolderAreNotHeard() async throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let heard = Heard()
        let watch = try heard.watch(scratch.url.appendingPathComponent("data/queue/jobs").path)
        defer { watch.cancel() }
        let beside = scratch.url.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: beside, withIntermediateDirectories: false)
        try Data("x".utf8).write(to: scratch.url.appendingPathComponent("note.txt"))
        // A change the watch does hear comes after those, so once it is heard they would have been.
        try await expectHeard(heard, "the folder made") {
            try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("data/queue/jobs"), withIntermediateDirectories: true)
        }
        #expect(heard.value == 1, "only the folder appearing was told")
    }
}
