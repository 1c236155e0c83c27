import CourseKit
import FoundationEssentials
import HTTP

extension HTTPClient {
    /// This client with every request that carries Canvas's token passing `budget`'s gate first,
    /// at the urgency its task is marked with, and each answer's reading of the budget kept.
    ///
    /// Gated here, below the Canvas API, so page fetches, redirect hops of downloads and
    /// uploads alike pass it; a file store's requests carry no token and go straight out.
    func budgeted(by budget: RateBudgetClient, host: String, clock: WallClock) -> HTTPClient {
        var gated = self
        let send = self.send
        let upload = self.upload
        let download = self.download
        gated.send = { request in
            try await Self.passing(budget, request, host: host, clock: clock) { try await send(request) }
        }
        gated.upload = { request, body, progress in
            try await Self.passing(budget, request, host: host, clock: clock) { try await upload(request, body, progress) }
        }
        gated.download = { request, file, offset, progress in
            try await Self.passing(budget, request, host: host, clock: clock) { try await download(request, file, offset, progress) }
        }
        return gated
    }

    private static func passing(
        _ budget: RateBudgetClient, _ request: HTTPRequest, host: String, clock: WallClock,
        _ exchange: () async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        guard request.headers["Authorization"] != nil else { return try await exchange() }
        let urgency: RequestUrgency = request.isBackground ? .background : .interactive
        try await budget.admit(urgency)
        let response: HTTPResponse
        do {
            response = try await exchange()
        } catch {
            budget.finished(urgency, nil)
            throw error
        }
        budget.finished(urgency, RateReading(response, host: host, at: clock.now()))
        return response
    }
}
