@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

extension CanvasCredentials {
    /// `token` as if it came from `CANVAS_TOKEN`.
    static func test(_ token: String) -> CanvasCredentials {
        CanvasCredentials(token: token, source: "CANVAS_TOKEN")
    }
}
