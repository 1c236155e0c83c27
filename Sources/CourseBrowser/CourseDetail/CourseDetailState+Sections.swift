extension CourseDetailState {
    /// Every section, in the order the pane shows them: what is due comes before everything else
    /// a student reads, how the total is made follows the modules, and the files come last, as a
    /// course may hold hundreds, which would push the syllabus and modules out of reach.
    static let slots: [SectionSlot] = [
        SectionSlot(\.overview),
        SectionSlot(\.assignments),
        SectionSlot(\.announcements),
        SectionSlot(\.discussions),
        SectionSlot(\.syllabus),
        SectionSlot(\.modules),
        SectionSlot(\.grades),
        SectionSlot(\.files),
    ]

    /// Every section as it stands, in the order the pane shows them.
    var sections: [any CourseSection] {
        Self.slots.map { $0.section(self) }
    }
}
