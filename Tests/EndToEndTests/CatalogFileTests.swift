import Foundation
import Testing

/// `--catalog FILE`: a broken or missing file is explained in the Courses pane, and `r` reloads it once fixed.
@Suite struct CatalogFileTests {
    /// A one-course catalog in the documented file format.
    static let validCatalog = """
        {"courses": [{
          "id": 1, "name": "Beekeeping for Beginners", "course_code": "BEE 101",
          "term": {"name": "Spring 2027"},
          "teachers": [{"display_name": "Maja Honig"}],
          "syllabus_body": "<p>Bring a veil.</p>",
          "modules": [{"id": 1, "name": "The Hive", "position": 1,
                       "items": [{"id": 1, "title": "Meet the queen", "type": "Page"}]}]
        }]}
        """

    /// Valid up to line 3, where a second comma follows the first (at column 20).
    static let malformedCatalog = """
        {"courses": [{
          "id": 1,
          "name": "Broken",,
          "course_code": "X 1"
        }]}
        """

    @Test func malformedCatalogNamesFileAndPositionThenRetryLoadsTheFixedFile() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let catalog = tmux.directory.appendingPathComponent("catalog.json")
        try Self.malformedCatalog.write(to: catalog, atomically: true, encoding: .utf8)
        try tmux.launchApp(["--catalog", catalog.path])

        let failed = try await tmux.waitFor(box: "Courses · Current", "the inline error") { $0.contains("[r]etry") }
        #expect(failed.isFocused)
        // The second comma on line 3 is its 20th character.
        #expect(failed.containsIgnoringWrapping("❗ Catalog file \(catalog.path) is not valid: line 3, column 20:"), "\(failed)")
        #expect(failed.text.range(of: #"column 20: \S.* \[r\]etry$"#, options: .regularExpression) != nil, "names the problem: \(failed)")

        try Self.validCatalog.write(to: catalog, atomically: true, encoding: .utf8)
        try tmux.press("r")
        let fixed = try await tmux.waitFor(box: "Courses · Current · 1", "the course from the fixed file") {
            $0.contains("Beekeeping for Beginners")
        }
        #expect(!fixed.contains("[r]etry"))

        try tmux.press("Enter")
        let course = try await tmux.waitFor(box: "Course", "the file's course open") { $0.contains("Meet the queen") }
        #expect(course.contains("BEE 101 · Spring 2027"))
        #expect(course.contains("Teacher: Maja Honig"))
        #expect(course.contains("Bring a veil."))
        #expect(course.contains("The Hive"))
    }

    @Test func missingCatalogSaysSoThenRetryLoadsTheNewFile() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let catalog = tmux.directory.appendingPathComponent("later.json")
        try tmux.launchApp(["--catalog", catalog.path])

        let missing = try await tmux.waitFor(box: "Courses · Current", "the missing-file error") { $0.contains("[r]etry") }
        #expect(missing.containsIgnoringWrapping("❗ Can't find catalog file \(catalog.path)"), "\(missing)")

        try Self.validCatalog.write(to: catalog, atomically: true, encoding: .utf8)
        try tmux.press("r")
        try await tmux.waitFor(box: "Courses · Current · 1", "the course from the new file") {
            $0.contains("Beekeeping for Beginners") && !$0.contains("[r]etry")
        }
    }
}
