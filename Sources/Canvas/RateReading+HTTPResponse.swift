import CourseKit
import FoundationEssentials
import HTTP
import TextBasics

extension RateReading {
    /// What `response`'s `X-Rate-Limit-Remaining` and `X-Request-Cost` say; nil without the first.
    init?(_ response: HTTPResponse, host: String, at date: Date) {
        guard let text = response.header("X-Rate-Limit-Remaining"), let remaining = Double(text.trimming(.whitespaces)),
              remaining.isFinite else { return nil }
        let cost = response.header("X-Request-Cost").flatMap { Double($0.trimming(.whitespaces)) }.flatMap { $0.isFinite ? $0 : nil }
        self.init(remaining: remaining, cost: cost, at: date, host: host)
    }
}
