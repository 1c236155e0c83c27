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

/// `PackedBlocks`: what goes in comes back out, block for block.
struct PackedBlocksTests {
    static let blocks: [TextBlock] = [
        TextBlock(kind: .heading(level: 3), text: "Tuần học & bài tập"),
        TextBlock(kind: .paragraph, text: "Đọc giáo trình chương một và hai trước buổi học."),
        TextBlock(kind: .paragraph, text: "the rest of it", joinsPrevious: " "),
        TextBlock(kind: .paragraph, text: "after a cut with nothing taken out", joinsPrevious: ""),
        TextBlock(kind: .listItem(marker: "•", depth: 0), text: "Lab 1: variables <and> types"),
        TextBlock(kind: .listItem(marker: "12.", depth: 3), text: ""),
        TextBlock(kind: .listItem(marker: "", depth: 1), text: "continued item"),
        TextBlock(kind: .quote, text: "quoted 日本語"),
        TextBlock(kind: .preformatted, text: "  kept\n   as written"),
        TextBlock(kind: .preformatted, text: "more", joinsPrevious: "  \n\n"),
        TextBlock(kind: .rule, text: ""),
        TextBlock(kind: .heading(level: 6), text: "e\u{301} and ©\u{FE0F}"),
    ]

    @Test func everyKindComesBackAsItWent() throws {
        let packed = try #require(PackedBlocks(Self.blocks))
        #expect(packed.count == Self.blocks.count)
        #expect((0..<packed.count).map { packed[$0] } == Self.blocks)
        #expect((0..<packed.count).map { packed[$0].text.utf8.elementsEqual(Self.blocks[$0].text.utf8) }.allSatisfy { $0 })
    }

    @Test func kindAndJoinAreReadWithoutTheText() throws {
        let packed = try #require(PackedBlocks(Self.blocks))
        #expect((0..<packed.count).filter(packed.isListItem) == [4, 5, 6])
        #expect((0..<packed.count).filter(packed.joinsPrevious) == [2, 3, 9])
    }

    @Test func theCollectionAnswersTheSameForEveryPiece() {
        var syllabus = SyllabusBlocks(Array(Self.blocks.prefix(5)))
        syllabus.append(contentsOf: Array(Self.blocks.dropFirst(5)))
        #expect(Array(syllabus) == Self.blocks)
        #expect((0..<syllabus.count).filter(syllabus.isListItem) == [4, 5, 6])
        #expect((0..<syllabus.count).filter(syllabus.joinsPrevious) == [2, 3, 9])
        #expect(syllabus.textBytes == Self.blocks.reduce(0) { $0 + $1.text.utf8.count })
    }
}
