import CourseKit
import FoundationEssentials
import TerminalUI

/// What every section's lines are laid out for: the width, the glyphs, the time now, and what
/// the other sections know that a section's lines refer to.
struct SectionContext {
    var width: Int
    var glyphs: Glyphs
    var now: Date
    /// The course, once the overview has it: its pages are what some lines open.
    var course: Course?
    /// The course's assignments, once loaded: the Grades section links each to its page.
    var assignments: [Assignment]?
    /// Why the course itself couldn't be read: a section failing for the same reason says nothing more.
    var overviewFailure: String?

    /// Whether a section whose load stands at `load` has something to say that the overview's row does not.
    func shows<Value>(_ load: LoadState<Value>) -> Bool {
        guard let failure = load.failureMessage else { return true }
        return failure != overviewFailure
    }
}
