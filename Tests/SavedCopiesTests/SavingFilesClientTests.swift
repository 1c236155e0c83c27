import Foundation
import Testing
import CourseKit
@testable import SavedCopies
import TestSupport

/// A course's Files saved for when the backend can't be reached.
struct SavingFilesClientTests {
    let folder: ScratchFolder
    let account = SavedCopyAccount(origin: "https://school.example", user: "17")
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let course = CourseID(7)

    init() throws {
        folder = try ScratchFolder()
    }

    static let files = CourseFiles(
        folders: [CourseFolder(id: "1", fullName: "course files"), CourseFolder(id: "2", parentID: "1", fullName: "course files/Lectures")],
        files: [
            CourseFile(id: "11", folderID: "2", name: "Lecture 1.pdf", size: 4096, updatedAt: now - 86_400,
                       downloadURL: URL(string: "https://school.example/files/11/download")),
            CourseFile(id: "12", folderID: "1", name: "Exam rules.pdf", isLocked: true, lockExplanation: "Locked until Friday"),
        ]
    )

    @Test func eachCoursesFilesAreSavedAndReadBackAsTheyWere() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .fixed(Self.now))
        let account = account
        let client = FileClient(files: { id, _ in id == Self.course ? Self.files : CourseFiles() }, file: { _, id in throw FileNotFound(id: id) })
        let saving = client.saving(to: store) { account }
        #expect(store.read(.files(Self.course), of: account, as: CourseFiles.self) == nil)

        #expect(try await saving.files(Self.course, .ignored) == Self.files)
        _ = try await saving.files(CourseID(8), .ignored)
        try await eventually("both courses saved") { store.read(.files(CourseID(8)), of: account, as: CourseFiles.self) != nil }
        #expect(store.read(.files(Self.course), of: account, as: CourseFiles.self) == Saved(value: Self.files, savedAt: Self.now))
        #expect(store.read(.files(CourseID(8)), of: account, as: CourseFiles.self)?.value == CourseFiles())
    }

    @Test func aFailedListingLeavesTheSavedCopyAsItWas() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .fixed(Self.now))
        let account = account
        let fails = Recorder<Bool>()
        let client = FileClient(
            files: { _, _ in
                if fails.values.isEmpty { return Self.files }
                throw URLError(.notConnectedToInternet)
            },
            file: { _, id in throw FileNotFound(id: id) }
        )
        let saving = client.saving(to: store) { account }
        _ = try await saving.files(Self.course, .ignored)
        try await eventually("the list saved") { store.read(.files(Self.course), of: account, as: CourseFiles.self) != nil }
        fails.append(true)
        await #expect(throws: URLError.self) { try await saving.files(Self.course, .ignored) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(store.read(.files(Self.course), of: account, as: CourseFiles.self)?.value == Self.files)
    }

    @Test func oneFilesFreshDetailsPassThroughUnsaved() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .fixed(Self.now))
        let account = account
        let client = FileClient(files: { _, _ in CourseFiles() }, file: { _, id in Self.files.files.first { $0.id == id } ?? CourseFile(id: id, name: "?") })
        let saving = client.saving(to: store) { account }
        #expect(try await saving.file(Self.course, "11").name == "Lecture 1.pdf")
        try await Task.sleep(for: .milliseconds(100))
        #expect(store.read(.files(Self.course), of: account, as: CourseFiles.self) == nil)
    }
}
