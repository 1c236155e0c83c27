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

    /// Shows each section to `visitor` where it is kept, in the order of `slots`, until the
    /// visitor has seen enough.
    private func visitSections<Visitor: SectionVisitor>(_ visitor: inout Visitor) {
        _ = visitor.visit(overview, in: self) && visitor.visit(assignments, in: self)
            && visitor.visit(announcements, in: self) && visitor.visit(discussions, in: self)
            && visitor.visit(syllabus, in: self) && visitor.visit(modules, in: self)
            && visitor.visit(grades, in: self) && visitor.visit(files, in: self)
    }

    /// Whether some section's load is as `check` asks.
    func anySection(_ check: SectionCheckVisitor.Check) -> Bool {
        visitingSections(SectionCheckVisitor(check)).found
    }

    /// What `visitor` made of every section.
    func visitingSections<Visitor: SectionVisitor>(_ visitor: Visitor) -> Visitor {
        var visitor = visitor
        visitSections(&visitor)
        return visitor
    }
}
