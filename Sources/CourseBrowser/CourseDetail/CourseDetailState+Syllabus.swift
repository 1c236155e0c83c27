import FoundationEssentials
import HTMLText

extension CourseDetailState {
    /// Applies a load event of the syllabus; a new value, or none, ends the wait for the old one's rest.
    mutating func receiveSyllabus(_ event: LoadEvent<SyllabusBlocks>) {
        syllabus.apply(event)
        switch event {
        case .restored, .finished(.success): syllabusPendingSince = nil
        case .started, .waiting, .finished(.failure): if syllabus.value == nil { syllabusPendingSince = nil }
        }
    }

    /// Adds a piece of the syllabus under what is shown; `more`: the rest is still being converted.
    mutating func receiveSyllabusPart(_ blocks: [TextBlock], more: Bool, now: Date) {
        guard syllabus.value != nil else { return }
        syllabusPendingSince = more ? (syllabusPendingSince ?? now) : nil
        guard !blocks.isEmpty else { return }
        let base = syllabusBase
        syllabus.modify { $0.append(contentsOf: blocks) }
        syllabusAppended = (syllabus.version, base)
    }

    /// The version the syllabus's value was last replaced at: pieces added since do not change it.
    var syllabusBase: Int {
        guard let syllabusAppended, syllabusAppended.version == syllabus.version else { return syllabus.version }
        return syllabusAppended.base
    }
}
