import HTMLText
import Testing
@testable import CourseBrowser

/// `SyllabusBlocks`: pieces appended one after another read as one collection.
struct SyllabusBlocksTests {
    func blocks(_ texts: String...) -> [TextBlock] {
        texts.map { TextBlock(kind: .paragraph, text: $0) }
    }

    @Test func piecesReadInOrderAsOneCollection() {
        var syllabus = SyllabusBlocks(blocks("a", "b"))
        syllabus.append(contentsOf: [])
        syllabus.append(contentsOf: blocks("c"))
        syllabus.append(contentsOf: blocks("d", "e", "f"))
        #expect(syllabus.count == 6)
        #expect(syllabus.map(\.text) == ["a", "b", "c", "d", "e", "f"])
        #expect((0..<6).map { syllabus[$0].text } == ["a", "b", "c", "d", "e", "f"])
        #expect(syllabus.last?.text == "f")
    }

    @Test func theSameBlocksInOtherPiecesAreEqual() {
        var pieces = SyllabusBlocks(blocks("a"))
        pieces.append(contentsOf: blocks("b", "c"))
        #expect(pieces == SyllabusBlocks(blocks("a", "b", "c")))
        #expect(pieces != SyllabusBlocks(blocks("a", "b")))
        #expect(pieces != SyllabusBlocks(blocks("a", "b", "x")))
    }

    @Test func aCopyKeepsWhatItHadWhenTheOriginalGrows() {
        var original = SyllabusBlocks(blocks("a"))
        let copy = original
        original.append(contentsOf: blocks("b"))
        #expect(copy.map(\.text) == ["a"])
        #expect(original.map(\.text) == ["a", "b"])
    }
}
