import Foundation
import Testing
@testable import CourseKit

struct SampleCatalogTests {
    let catalog: Catalog

    init() throws {
        catalog = try SampleCatalog.load()
    }

    @Test func holdsARealisticCatalog() {
        let courses = catalog.entries.map(\.course)
        #expect(courses.count >= 40)
        #expect(Set(courses.map(\.id)).count == courses.count)
        #expect(catalog.entries.filter { $0.syllabusHTML != nil }.count >= 40)
        #expect(catalog.entries.filter { !$0.modules.isEmpty }.count >= 40)
        #expect(courses.filter { $0.term != nil }.count >= 40)
    }

    @Test func namesSpanSeveralScripts() {
        let names = catalog.entries.map(\.course.name)
        #expect(names.contains("Lập trình Swift cơ bản"))
        #expect(names.contains("日本語入門"))
        #expect(names.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
        #expect(names.contains { $0.count > 120 })
        #expect(names.contains { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
    }

    @Test func everySyllabusBecomesReadableText() {
        for entry in catalog.entries {
            let blocks = HTMLText.blocks(from: entry.syllabusHTML ?? "")
            for block in blocks {
                #expect(!block.text.contains("<p"), "course \(entry.course.id)")
                #expect(!block.text.contains("&amp;"), "course \(entry.course.id)")
            }
        }
    }
}
