import CourseKit
import Foundation
import Testing
import TestSupport
@testable import SavedCopies

struct SavedCopyStoreTests {
    let folder: ScratchFolder
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let account = SavedCopyAccount(origin: "https://school.example", user: "17")
    var store: SavedCopyStore { SavedCopyStore(directory: folder.url.appendingPathComponent("cache"), clock: clock.client) }

    init() throws {
        folder = try ScratchFolder()
    }

    func mode(_ url: URL) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test func whatWasSavedReadsBackWithWhenAndOwnerOnly() throws {
        defer { folder.remove() }
        let course = Course(id: CourseID(3), name: "Giải tích 1", code: "MAT1041", term: .init(name: "Học kỳ 1"))
        store.write(course, as: .course(course.id), of: account)
        store.write(String?.none, as: .syllabus(course.id), of: account)
        let saved = try #require(store.read(.course(course.id), of: account, as: Course.self))
        #expect(saved == Saved(value: course, savedAt: clock.now()))
        #expect(store.read(.syllabus(course.id), of: account, as: String?.self)?.value == .some(nil), "a course with no syllabus is saved as such")
        #expect(store.read(.modules(course.id), of: account, as: [CourseModule].self) == nil)
        let file = store.folder(for: account).appendingPathComponent("course-3.json")
        #expect(try mode(file) == 0o600)
        #expect(try mode(store.folder(for: account)) == 0o700)
        #expect(try mode(store.directory) == 0o700)
    }

    @Test func twoAccountsOrTwoSchoolsNeverShareACopy() throws {
        defer { folder.remove() }
        let other = SavedCopyAccount(origin: "https://school.example", user: "18")
        let elsewhere = SavedCopyAccount(origin: "https://other.example", user: "17")
        store.write([Course(id: CourseID(1), name: "Mine")], as: .courses(.current), of: account)
        #expect(store.read(.courses(.current), of: other, as: [Course].self) == nil)
        #expect(store.read(.courses(.current), of: elsewhere, as: [Course].self) == nil)
    }

    @Test func aDamagedFileIsTakenAsNeverSavedAndReplaced() throws {
        defer { folder.remove() }
        store.write([Course(id: CourseID(1), name: "A")], as: .courses(.all), of: account)
        let file = store.folder(for: account).appendingPathComponent("courses-all.json")
        try Data("{\"saved_at\": 1, \"value\": [".utf8).write(to: file)
        #expect(store.read(.courses(.all), of: account, as: [Course].self) == nil)
        store.write([Course(id: CourseID(2), name: "B")], as: .courses(.all), of: account)
        #expect(store.read(.courses(.all), of: account, as: [Course].self)?.value.map(\.name) == ["B"])
    }

    @Test func aTokenIsRememberedByADigestNeverAsItIs() throws {
        defer { folder.remove() }
        let token = "7~SecretTokenValue1234567890"
        #expect(store.knownUser(origin: account.origin, token: token) == nil)
        store.remember(user: "17", origin: account.origin, token: token)
        #expect(store.knownUser(origin: account.origin, token: token) == "17")
        #expect(store.knownUser(origin: account.origin, token: token + "x") == nil)
        #expect(store.knownUser(origin: "https://other.example", token: token) == nil)
        let everything = FileManager.default.enumerator(atPath: store.directory.path)?.compactMap { $0 as? String } ?? []
        for name in everything {
            #expect(!name.contains(token))
            let contents = FileManager.default.contents(atPath: store.directory.appendingPathComponent(name).path) ?? Data()
            #expect(!String(decoding: contents, as: UTF8.self).contains(token), "\(name) holds the token")
        }
    }

    @Test func theWholeStaysUnderItsLimitTheOldestDroppedFirst() throws {
        defer { folder.remove() }
        let small = SavedCopyStore(directory: folder.url.appendingPathComponent("cache"), clock: clock.client, limit: 40_000)
        let syllabus = String(repeating: "x", count: 9_000)
        for number in 1...6 {
            small.write(syllabus, as: .syllabus(CourseID(number)), of: account)
            let file = small.folder(for: account).appendingPathComponent("syllabus-\(number).json")
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(1_000 * number))], ofItemAtPath: file.path)
        }
        small.trim()
        let kept = (1...6).filter { small.read(.syllabus(CourseID($0)), of: account, as: String.self) != nil }
        #expect(kept == [4, 5, 6], "the newest copies are kept, under the limit")
    }

    @Test func trimmingKeepsWhoseTokenIsWhoseOldestThoughItIs() throws {
        defer { folder.remove() }
        let small = SavedCopyStore(directory: folder.url.appendingPathComponent("cache"), clock: clock.client, limit: 20_000)
        small.remember(user: "17", origin: account.origin, token: "7~token")
        let tokens = small.directory.appendingPathComponent(SavedCopyStore.component(account.origin)).appendingPathComponent("tokens")
        for name in try FileManager.default.contentsOfDirectory(atPath: tokens.path) {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1)], ofItemAtPath: tokens.appendingPathComponent(name).path)
        }
        for number in 1...4 {
            small.write(String(repeating: "x", count: 9_000), as: .syllabus(CourseID(number)), of: account)
        }
        small.trim()
        #expect(small.knownUser(origin: account.origin, token: "7~token") == "17", "a start offline still knows whose copies to show")
        #expect(small.read(.syllabus(CourseID(1)), of: account, as: String.self) == nil, "copies were dropped instead")
    }

    @Test func trimmingLeavesOtherProfilesStoresToThemselves() throws {
        defer { folder.remove() }
        let root = folder.url.appendingPathComponent("cache")
        let other = SavedCopyStore(directory: root.appendingPathComponent("profiles/work"), clock: clock.client)
        for number in 1...3 {
            other.write(String(repeating: "w", count: 9_000), as: .syllabus(CourseID(number)), of: account)
        }
        let small = SavedCopyStore(directory: root, clock: clock.client, limit: 20_000)
        small.write(String(repeating: "x", count: 9_000), as: .syllabus(CourseID(9)), of: account)
        small.trim()
        #expect(small.read(.syllabus(CourseID(9)), of: account, as: String.self) != nil, "the other profile's copies don't count against this store")
        #expect((1...3).allSatisfy { other.read(.syllabus(CourseID($0)), of: account, as: String.self) != nil }, "nor are they dropped")
    }
}

struct SavingCourseClientTests {
    let folder: ScratchFolder
    let account = SavedCopyAccount(origin: "https://school.example", user: "17")

    init() throws {
        folder = try ScratchFolder()
    }

    @Test func everyAnswerIsSavedAndAViewOnlyOnceItsListingEnds() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .fixed(Date(timeIntervalSince1970: 1_800_000_000)))
        var client = CourseClient.unimplemented
        client.coursesPage = { _, cursor, _ in
            // Two overlapping listings, as "All" is: course 2 comes in both.
            cursor == nil
                ? Page(items: [Course(id: CourseID(1), name: "One"), Course(id: CourseID(2), name: "Two")], next: PageCursor("2"))
                : Page(items: [Course(id: CourseID(2), name: "Two"), Course(id: CourseID(3), name: "Three")])
        }
        client.course = { id, _ in Course(id: id, name: "Course \(id)") }
        client.syllabus = { _, _ in "<p>Hi</p>" }
        client.modules = { _, _ in [CourseModule(id: "1", name: "Week 1", position: 1, items: [])] }
        client.assignments = { _, _ in [Assignment(id: "9", name: "Essay")] }
        let account = account
        let saving = client.saving(to: store) { account }
        let saved = SavedCopyClient.store(store, account: account)

        let first = try await saving.coursesPage(.all, nil, .ignored)
        try await Task.sleep(for: .milliseconds(100))
        #expect(saved.courses(.all) == nil, "a first page is not the whole list")
        _ = try await saving.coursesPage(.all, first.next, .ignored)
        try await eventually("the whole list saved") { saved.courses(.all) != nil }
        #expect(saved.courses(.all)?.value.map(\.name) == ["One", "Two", "Three"], "each course once")
        _ = try await saving.course(CourseID(5), .ignored)
        _ = try await saving.syllabus(CourseID(5), .ignored)
        _ = try await saving.modules(CourseID(5), .ignored)
        _ = try await saving.assignments(CourseID(5), .ignored)
        try await eventually("every answer saved") { saved.assignments(CourseID(5)) != nil && saved.modules(CourseID(5)) != nil }
        #expect(saved.course(CourseID(5))?.value.name == "Course 5")
        #expect(saved.syllabus(CourseID(5))?.value == "<p>Hi</p>")
        #expect(saved.modules(CourseID(5))?.value.map(\.name) == ["Week 1"])
        #expect(saved.assignments(CourseID(5))?.value.map(\.name) == ["Essay"])
    }

    @Test func aListingThatStartsAgainIsNotMixedWithAPageOfTheOldOne() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .live)
        var client = CourseClient.unimplemented
        client.coursesPage = { _, cursor, _ in
            switch cursor?.rawValue {
            case nil: Page(items: [Course(id: CourseID(1), name: "One")], next: PageCursor("new-2"))
            case "old-2": Page(items: [Course(id: CourseID(9), name: "Dropped since")])
            default: Page(items: [Course(id: CourseID(2), name: "Two")])
            }
        }
        let account = account
        let saving = client.saving(to: store) { account }
        // The first page again (r pressed), then the old listing's late second page, then the new one's.
        let first = try await saving.coursesPage(.current, nil, .ignored)
        _ = try await saving.coursesPage(.current, PageCursor("old-2"), .ignored)
        _ = try await saving.coursesPage(.current, first.next, .ignored)
        let saved = SavedCopyClient.store(store, account: account)
        try await eventually("the whole list saved") { saved.courses(.current) != nil }
        #expect(saved.courses(.current)?.value.map(\.name) == ["One", "Two"])
    }

    @Test func answersAreSavedInTheOrderTheyArrived() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .live)
        let answer = Shared(0)
        var client = CourseClient.unimplemented
        client.course = { id, _ in
            answer.value += 1
            return Course(id: id, name: "Answer \(answer.value)")
        }
        let account = account
        let saving = client.saving(to: store) { account }
        for _ in 1...30 {
            _ = try await saving.course(CourseID(4), .ignored)
        }
        let saved = SavedCopyClient.store(store, account: account)
        try await eventually("the last answer saved") { saved.course(CourseID(4))?.value.name == "Answer 30" }
        try await Task.sleep(for: .milliseconds(200))
        #expect(saved.course(CourseID(4))?.value.name == "Answer 30", "no earlier answer lands after it")
    }

    @Test func anAnswerIsHandedOnWithoutWaitingForItsCopy() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .live)
        let gate = Gate()
        var client = CourseClient.unimplemented
        client.course = { id, _ in Course(id: id, name: "X") }
        // Whose copies these are is not known until the gate opens: the answer must not wait for it.
        let course = try await client.saving(to: store) {
            await gate.wait()
            return SavedCopyAccount(origin: "https://school.example", user: "1")
        }.course(CourseID(1), .ignored)
        #expect(course.name == "X")
        gate.open()
    }

    @Test func withoutAKnownAccountNothingIsSaved() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .live)
        var client = CourseClient.unimplemented
        client.course = { id, _ in Course(id: id, name: "X") }
        _ = try await client.saving(to: store) { nil }.course(CourseID(1), .ignored)
        try await Task.sleep(for: .milliseconds(200))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).isEmpty)
    }
}
