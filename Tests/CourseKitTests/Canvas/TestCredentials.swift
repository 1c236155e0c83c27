@testable import CourseKit

extension CanvasCredentials {
    /// `token` as if it came from `CANVAS_TOKEN`.
    static func test(_ token: String) -> CanvasCredentials {
        CanvasCredentials(token: token, source: "CANVAS_TOKEN")
    }
}
