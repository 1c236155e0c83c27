import Foundation
import Testing
import CourseKit
@testable import SavedCopies
import TestSupport

/// The planner's answers saved for when the backend can't be reached.
struct SavingPlannerClientTests {
    let folder: ScratchFolder
    let account = SavedCopyAccount(origin: "https://school.example", user: "17")
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        folder = try ScratchFolder()
    }

    static func item(_ title: String) -> PlannerItem {
        PlannerItem(id: "assignment:\(title)", kind: .other("peer_quiz"), title: title, date: now, isAllDay: true,
                    status: PlannerItem.Status(isMissing: true))
    }

    @Test func theLastAnswerIsSavedAndReadBackAsItWas() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .fixed(Self.now))
        let answers = Recorder<Int>()
        let planner = PlannerClient { _, _, _ in
            answers.append(1)
            return answers.values.count == 1 ? [Self.item("First")] : [Self.item("Second"), Self.item("Third")]
        }
        let account = account
        let saving = planner.saving(to: store) { account }
        let saved = SavedCopyClient.store(store, account: account)
        #expect(saved.planner() == nil)

        #expect(try await saving.items(Self.now, Self.now + 86_400, .ignored).map(\.title) == ["First"])
        _ = try await saving.items(Self.now, Self.now + 86_400, .ignored)
        try await eventually("the second answer saved") { saved.planner()?.value.count == 2 }
        #expect(saved.planner() == Saved(value: [Self.item("Second"), Self.item("Third")], savedAt: Self.now))
    }

    @Test func aFailedAnswerLeavesTheSavedCopyAsItWas() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .fixed(Self.now))
        let account = account
        store.write([Self.item("Kept")], as: .planner, of: account)
        let saving = PlannerClient { _, _, _ in throw URLError(.notConnectedToInternet) }.saving(to: store) { account }
        await #expect(throws: URLError.self) { try await saving.items(Self.now, Self.now, .ignored) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(SavedCopyClient.store(store, account: account).planner()?.value.map(\.title) == ["Kept"])
    }
}
