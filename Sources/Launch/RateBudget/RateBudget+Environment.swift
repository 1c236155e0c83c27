import Canvas
import CourseKit
import FoundationEssentials

extension RateBudget.Policy {
    /// Canvas's defaults, or a school's own bucket where `CANVAS_RATE_HWM` (the high-water mark,
    /// what a full bucket reads) and `CANVAS_RATE_OUTFLOW` (what leaks out each second) say it
    /// changed them; the reserve and the point where background work goes one at a time follow the size.
    static func given(by processEnvironment: [String: String]) -> RateBudget.Policy {
        var policy = RateBudget.Policy()
        if let size = positive(processEnvironment["CANVAS_RATE_HWM"]) {
            policy.size = size
            policy.reserve = size / 3
            policy.lowBudget = size * 2 / 3
        }
        if let outflow = positive(processEnvironment["CANVAS_RATE_OUTFLOW"]) {
            policy.outflow = outflow
        }
        return policy
    }

    private static func positive(_ text: String?) -> Double? {
        guard let text, let value = Double(text), value.isFinite, value > 0 else { return nil }
        return value
    }
}
