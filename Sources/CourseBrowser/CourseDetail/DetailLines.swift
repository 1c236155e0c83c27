/// The Course pane's content lines: the sections' own lines around the syllabus's.
///
/// The syllabus's lines can number hundreds of thousands; they are kept by its layout and
/// shared here, never copied line by line, so laying the pane out again (as every key does)
/// costs as much for a 10 MB syllabus as for a short one. They are plain text, never an item
/// or a landmark, so looking for those skips them.
struct DetailLines: RandomAccessCollection {
    private var head: [DetailLine]
    private var syllabus: SyllabusRows?
    private var tail: [DetailLine]

    init(_ head: [DetailLine] = [], syllabus: SyllabusRows? = nil, tail: [DetailLine] = []) {
        self.head = head
        self.syllabus = syllabus
        self.tail = tail
    }

    private var syllabusCount: Int { syllabus?.count ?? 0 }

    var startIndex: Int { 0 }
    var endIndex: Int { head.count + syllabusCount + tail.count }

    subscript(position: Int) -> DetailLine {
        if position < head.count { return head[position] }
        if let syllabus, position < head.count + syllabusCount { return .text(syllabus[position - head.count]) }
        return tail[position - head.count - syllabusCount]
    }

    /// Where line `position` is in the syllabus's text; nil outside it.
    func syllabusPlace(at position: Int) -> SyllabusRows.Place? {
        guard let syllabus, position >= head.count, position < head.count + syllabusCount else { return nil }
        return syllabus.place(ofLine: position - head.count)
    }

    /// The line at `place` in the syllabus's text; nil when it has no such line yet.
    func line(at place: SyllabusRows.Place) -> Int? {
        syllabus?.line(at: place).map { head.count + $0 }
    }

    /// These lines under `lines`.
    func prepending(_ lines: [DetailLine]) -> DetailLines {
        DetailLines(lines + head, syllabus: syllabus, tail: tail)
    }

    /// The positions of the lines that may be an item or a landmark: all but the syllabus's, in order.
    var markable: [Int] {
        Array(head.indices) + Array((head.count + syllabusCount)..<endIndex)
    }

    /// The first line outside the syllabus that `matches`.
    func firstMarked(where matches: (DetailLine) -> Bool) -> Int? {
        markable.first { matches(self[$0]) }
    }

    /// The last line outside the syllabus that `matches`.
    func lastMarked(where matches: (DetailLine) -> Bool) -> Int? {
        markable.last { matches(self[$0]) }
    }
}
