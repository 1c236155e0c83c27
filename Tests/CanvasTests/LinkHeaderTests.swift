import Foundation
import Testing
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

struct LinkHeaderTests {
    let header = #"<https://s.example/api/v1/courses?page=2&per_page=10>; rel="current", <https://s.example/api/v1/courses?page=3&per_page=10>; rel="next", <https://s.example/api/v1/courses?page=1&per_page=10>; rel="first""#

    @Test func findsEachRelation() {
        #expect(LinkHeader.url("next", in: header)?.absoluteString == "https://s.example/api/v1/courses?page=3&per_page=10")
        #expect(LinkHeader.url("first", in: header)?.query == "page=1&per_page=10")
        #expect(LinkHeader.url("last", in: header) == nil)
        #expect(LinkHeader.url("next", in: nil) == nil)
    }

    @Test func acceptsUnquotedAndMultipleRelations() {
        #expect(LinkHeader.url("next", in: "<https://a.example/x>; rel=next") != nil)
        #expect(LinkHeader.url("next", in: #"<https://a.example/y>; rel="last next""#)?.path == "/y")
        #expect(LinkHeader.url("next", in: "garbage, <also>; nothing") == nil)
    }
}
