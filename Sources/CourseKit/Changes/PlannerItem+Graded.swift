extension PlannerItem.Status {
    /// Graded as a record of what was seen takes it: not when excused.
    ///
    /// Canvas's planner says `graded` for excused work too (its `graded` is `Submission#graded?`,
    /// true once excused), while the assignment shows no grade for it and the Course pane records
    /// it as not graded; taken as graded here, it would count as a new grade on every answer.
    var countsAsGraded: Bool {
        isGraded && !isExcused
    }
}
