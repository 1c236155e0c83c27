/// A section's lines: its own rows, and at most one long text kept as laid out (the syllabus's),
/// never copied line by line, with the rows that follow it.
struct SectionLines {
    var head: [DetailLine]
    var text: SyllabusRows?
    var tail: [DetailLine]

    init(_ lines: [DetailLine] = [], text: SyllabusRows? = nil, tail: [DetailLine] = []) {
        head = lines
        self.text = text
        self.tail = tail
    }
}

extension DetailLines {
    /// The sections' lines one after another, around the one long text among them.
    init(sections: [SectionLines]) {
        var head: [DetailLine] = []
        var text: SyllabusRows?
        var tail: [DetailLine] = []
        for section in sections {
            if text != nil {
                tail += section.head + section.tail
            } else if let shared = section.text {
                head += section.head
                text = shared
                tail = section.tail
            } else {
                head += section.head + section.tail
            }
        }
        self.init(head, syllabus: text, tail: tail)
    }
}
