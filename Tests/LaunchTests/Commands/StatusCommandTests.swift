import Canvas
import CourseKit
import Foundation
import HTTP
@testable import Launch
import Testing

/// What `status` makes of Canvas's answer, the queue and the kept rate budget, before it prints.
@Suite struct StatusCommandTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func dependencies(
        whoAmI: @escaping @Sendable () async throws -> String, reading: RateReading? = nil, jobs: [UploadJob] = [], kind: SiteKind = .canvas
    ) -> StatusCommand.Dependencies {
        StatusCommand.Dependencies(
            backend: "school.example",
            site: .init(kind: kind, tokenSource: kind == .canvas ? "CANVAS_TOKEN" : "MOODLE_TOKEN") {
                SiteAccount.User(id: "7", name: try await whoAmI(), siteName: kind == .moodle ? "Trường Đại học Mở" : nil, release: kind == .moodle ? "4.5.5+ (Build: 20250613)" : nil)
            },
            jobs: { jobs },
            lastReading: { reading },
            now: { Self.now }
        )
    }

    @Test func anAcceptedTokenExitsZeroAndSaysTheBudgetAndItsAge() async {
        let reading = RateReading(remaining: 598.4, cost: 0.3, at: Self.now.addingTimeInterval(-300), host: "school.example")
        let status = await StatusCommand.gather(using: dependencies(whoAmI: { "Ada" }, reading: reading))
        #expect(status.exitCode == 0)
        #expect(StatusCommand.lines(status) == [
            "Logged in to school.example as Ada",
            "Token from CANVAS_TOKEN",
            "Queue: 0 queued, 0 waiting, 0 failed, 0 done",
            "Canvas rate budget 598 left (5 min ago)",
        ])
    }

    @Test func aRefusedTokenAndAnUnreachableCanvasExitOneAndAreToldApart() async {
        let refused = await StatusCommand.gather(using: dependencies(whoAmI: {
            throw CanvasError.invalidToken(host: "school.example", source: "CANVAS_TOKEN")
        }))
        let offline = await StatusCommand.gather(using: dependencies(whoAmI: { throw NetworkError.unreachable(host: "school.example") }))
        #expect(refused.exitCode == 1 && offline.exitCode == 1)
        guard case .refused = refused.check, case .unreachable = offline.check else {
            Issue.record("refused: \(refused.check), offline: \(offline.check)")
            return
        }
        #expect(StatusCommand.lines(offline)[0].contains("offline, the token was not checked"))
    }

    @Test func aReadingOfAnotherCanvasIsNotShown() async {
        let elsewhere = RateReading(remaining: 12, cost: nil, at: Self.now, host: "old-school.example")
        let status = await StatusCommand.gather(using: dependencies(whoAmI: { "Ada" }, reading: elsewhere))
        #expect(status.reading == nil)
        #expect(StatusCommand.lines(status).last == "Canvas rate budget: no reading yet")
    }

    @Test func aMoodleTokenNamesTheSiteAndItsReleaseAndNoRateBudget() async {
        let reading = RateReading(remaining: 598.4, cost: 0.3, at: Self.now, host: "school.example")
        let status = await StatusCommand.gather(using: dependencies(whoAmI: { "Nguyễn Văn An" }, reading: reading, kind: .moodle))
        #expect(status.exitCode == 0)
        #expect(StatusCommand.lines(status) == [
            "Logged in to Moodle at school.example (Trường Đại học Mở, Moodle 4.5.5+ (Build: 20250613)) as Nguyễn Văn An",
            "Token from MOODLE_TOKEN",
            "Queue: 0 queued, 0 waiting, 0 failed, 0 done",
        ])
        let json = StatusCommand.json(status)
        #expect(json.contains(#""kind" : "moodle""#), "\(json)")
        #expect(json.contains(#""rate_budget" : null"#), "\(json)")
    }

    @Test func anUnreachableMoodleSaysMoodle() async {
        let offline = await StatusCommand.gather(using: dependencies(whoAmI: { throw NetworkError.unreachable(host: "school.example") }, kind: .moodle))
        #expect(StatusCommand.lines(offline).first?.hasPrefix("Moodle school.example: offline, the token was not checked") == true)
    }
}
