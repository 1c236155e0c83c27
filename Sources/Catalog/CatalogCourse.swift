import CanvasJSON
import CourseKit

/// A course of a catalog document as read whole: Canvas's fields, and what only catalogs give
/// beside them (its files).
struct CatalogCourse: Decodable, Sendable {
    var canvas: CanvasCourse
    var files: [CatalogCourseFile]

    init(canvas: CanvasCourse, files: [CatalogCourseFile] = []) {
        self.canvas = canvas
        self.files = files
    }

    init(from decoder: any Decoder) throws {
        canvas = try CanvasCourse(from: decoder)
        files = try Files(from: decoder).files ?? []
    }

    /// The domain course.
    var course: Course { canvas.course }

    var entry: Catalog.Entry {
        var entry = canvas.entry
        entry.files = files
        return entry
    }

    /// The catalog's own member of a course object.
    private struct Files: Decodable {
        var files: [CatalogCourseFile]?
    }
}
