import CourseKit
import TerminalUI

/// The course list's `/` filter: the text typed, and whether it is still being typed.
struct CourseFilter: Equatable {
    var editor = LineEditor()
    /// True while keys go to the filter; Enter keeps it and gives the keys back to the list.
    var isEditing = true

    /// The filter's words, folded, as UTF-8 for matching and as text for highlighting.
    var words: [String] { SearchText.words(editor.text) }
}

/// Each course's folded name, code and term, as UTF-8: what the filter looks through, made once per listing.
struct CourseSearchKeys {
    private(set) var keys: [[UInt8]]
    /// The folder that made them, which knows every character of every course by now.
    let folder: SearchText.Folder

    init(_ courses: some Collection<Course>) {
        var folder = SearchText.Folder()
        keys = courses.map { course in
            // A unit separator between the parts, so no word is found across two of them.
            folder.fold(course.name) + [0x1F] + folder.fold(course.code) + [0x1F] + folder.fold(course.term?.name ?? "")
        }
        self.folder = folder
    }

    /// Which courses every word of `words` matches, by index; only those `among` marks are looked at.
    func matching(_ words: [String], among candidates: [Bool]? = nil) -> [Bool] {
        let needles = words.map { Array($0.utf8) }
        guard let candidates else { return keys.map { SearchText.matches(needles, in: $0) } }
        return keys.indices.map { candidates[$0] && SearchText.matches(needles, in: keys[$0]) }
    }

    /// Whether every course `words` matches also matches `earlier`, as when typing goes on:
    /// then only the earlier matches need looking at.
    static func narrows(_ words: [String], _ earlier: [String]) -> Bool {
        guard !earlier.isEmpty, words.count >= earlier.count else { return false }
        return zip(earlier, words).allSatisfy { old, new in new.contains(old) }
    }
}
