import CanvasJSON
import CourseKit
import FoundationEssentials

extension Catalog {
    /// The relative due dates of `assignments`, by ID.
    static func dueOffsets(of assignments: [CanvasAssignment]) -> [String: TimeInterval] {
        var offsets: [String: TimeInterval] = [:]
        for assignment in assignments {
            if let offset = assignment.dueOffset { offsets[assignment.id.text] = offset }
        }
        return offsets
    }

    /// The same catalog with every relative due and posting date counted from `now`.
    func resolvingRelativeDates(at now: Date) -> Catalog {
        var copy = self
        copy.entries = entries.map { entry in
            var resolved = entry
            resolved.assignments = entry.assignments(at: now)
            resolved.announcements = entry.announcements(at: now)
            return resolved
        }
        return copy
    }
}

extension Catalog.Entry {
    /// The assignments, each due date given relative to the reading counted from `now`.
    func assignments(at now: Date) -> [Assignment] {
        guard !dueOffsets.isEmpty else { return assignments }
        return assignments.map { assignment in
            guard let offset = dueOffsets[assignment.id] else { return assignment }
            var resolved = assignment
            resolved.dueAt = now.addingTimeInterval(offset)
            return resolved
        }
    }
}
