@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

extension AccessCredentials {
    /// `token` as if it came from `CANVAS_TOKEN`.
    static func test(_ token: String) -> AccessCredentials {
        AccessCredentials(token: token, source: "CANVAS_TOKEN")
    }
}
