import FoundationEssentials
import HTMLText
import TerminalUI

/// The course's syllabus: by far the longest text the pane wraps, so its lines are kept by width,
/// glyphs and version, a long one is wrapped off the main actor, and its rest is converted a piece
/// at a time behind the part shown.
struct SyllabusSection: CourseSection {
    static let kind = CourseSectionKind.syllabus
    static let label = "syllabus"
    /// Its answer is the longest in coming, and the first screen shows it.
    static let loadsFirst = true
    private(set) var load = LoadState<SyllabusBlocks>()
    /// The syllabus's lines, by width, glyphs and version.
    private(set) var layout = SyllabusLines()
    /// Since when the rest of the syllabus is being converted behind the part shown; nil when all of it is.
    private(set) var pendingSince: Date?
    /// How much of the syllabus's HTML was read while the rest is converted, 0 to 1.
    private(set) var readShare: Double?
    /// The lines laid out for the last layout; nil until the syllabus loads, or while its wrap is under way.
    private var laidOut: SyllabusRows?
    /// The version after the last piece was added, and the version the value was last replaced
    /// at: while the first is current, the lines are extended, not wrapped anew.
    private var appended: (version: Int, base: Int)?

    /// Applies a load event; a new value, or none, ends the wait for the old one's rest.
    mutating func update(_ event: LoadEvent<SyllabusBlocks>) -> [CourseDetailState.Effect] {
        load.apply(event)
        switch event {
        case .restored, .finished(.success): pendingSince = nil
        case .started, .waiting, .finished(.failure): if load.value == nil { pendingSince = nil }
        }
        if pendingSince == nil {
            readShare = nil
        }
        return []
    }

    /// Adds a piece under what is shown; `more`: the rest is still being converted, `read` of the
    /// HTML read so far.
    mutating func receivePart(_ blocks: [TextBlock], more: Bool, read: Double, now: Date) {
        guard load.value != nil else { return }
        pendingSince = more ? (pendingSince ?? now) : nil
        readShare = more ? min(1, max(0, read)) : nil
        guard !blocks.isEmpty else { return }
        let base = self.base
        load.modify { $0.append(contentsOf: blocks) }
        appended = (load.version, base)
    }

    /// The version the value was last replaced at: pieces added since do not change it.
    var base: Int {
        guard let appended, appended.version == load.version else { return load.version }
        return appended.base
    }

    /// Lays the syllabus out at the context's width, reusing the lines while neither it nor the
    /// width changed.
    mutating func prepare(for context: SectionContext) {
        // Let go of the last lines first, so the layout adds a new piece's lines in place.
        laidOut = nil
        guard let blocks = load.value else { return }
        laidOut = layout.lines(for: blocks, key: SyllabusLines.Key(width: context.width, glyphs: context.glyphs, version: base))
    }

    /// What the pane is to do about wrapping the syllabus off the main actor since the last layout, if anything.
    mutating func takeWrapRequest() -> CourseDetailState.Effect? {
        switch layout.takeRequest() {
        case let .wrap(key): load.value.map { .wrapSyllabus($0, key) } ?? .dropSyllabusWrap
        case .drop: .dropSyllabusWrap
        case nil: nil
        }
    }

    /// Puts the lines wrapped off the main actor in place, if they are still wanted.
    mutating func receiveWrapped(_ rows: SyllabusRows, key: SyllabusLines.Key) {
        layout.adopt(rows, key: key)
    }

    /// The heading and any row about the load, the lines laid out (shared, never copied), and
    /// the rows that follow them: a failed refresh's, and the rest still being converted.
    func lines(in context: SectionContext) -> SectionLines {
        guard context.shows(load) else { return SectionLines() }
        let head = Self.heading("Syllabus", count: nil, landmark: "syllabus")
        let rows = rows(width: context.width, glyphs: context.glyphs) { _ in [] }
        guard load.value != nil else { return SectionLines(head + rows) }
        var tail = rows
        if let since = pendingSince {
            let share = readShare.map { " \(Int(($0 * 100).rounded(.down)))%" } ?? ""
            tail.append(.loading(label: "Reading the rest of the syllabus…" + share, since: since, note: nil))
        }
        return SectionLines(head, text: laidOut, tail: tail)
    }
}

extension CourseSectionKind {
    static let syllabus = CourseSectionKind("syllabus")
}
