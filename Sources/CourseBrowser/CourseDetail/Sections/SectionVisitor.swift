/// Something asked of each section of the Course pane in turn, each as its own type.
///
/// The pane asks its sections the same few questions many times a frame (is one loading, did
/// one fail, which answers a key); a visitor is shown each section where it is kept, so no
/// section is copied or boxed to answer.
protocol SectionVisitor {
    /// Looks at `section` of `pane`; false when it has seen enough and the rest need not be shown.
    mutating func visit<Section: CourseSection>(_ section: Section, in pane: CourseDetailState) -> Bool
}

/// Whether some section is loading, cut off or failed: asked of every section at every frame,
/// so it stops at the first that is, and asks nothing else of them.
struct SectionCheckVisitor: SectionVisitor {
    enum Check {
        case loading
        case cutOff
        /// Failed to load, with `r` to try again.
        case failed
    }

    let check: Check
    private(set) var found = false

    init(_ check: Check) {
        self.check = check
    }

    mutating func visit<Section: CourseSection>(_ section: Section, in pane: CourseDetailState) -> Bool {
        switch check {
        case .loading: found = section.isLoading
        case .cutOff: found = section.isCutOff
        case .failed: found = section.retryEffect != nil
        }
        return !found
    }
}

/// The saved copies the sections show, in order; none when they show fresh answers.
struct SavedCopyVisitor: SectionVisitor {
    var copies: [SavedCopyRow.Status] = []

    mutating func visit<Section: CourseSection>(_ section: Section, in pane: CourseDetailState) -> Bool {
        if let copy = section.savedCopy { copies.append(copy) }
        return true
    }
}

/// The effects that read the sections again (`refresh`) or load again those that failed (`retry`), in order.
struct ReloadVisitor: SectionVisitor {
    enum Reload {
        case refresh
        case retry
    }

    let reload: Reload
    var effects: [CourseDetailState.Effect] = []

    init(_ reload: Reload) {
        self.reload = reload
    }

    mutating func visit<Section: CourseSection>(_ section: Section, in pane: CourseDetailState) -> Bool {
        if let effect = reload == .refresh ? section.refreshEffect : section.retryEffect { effects.append(effect) }
        return true
    }
}

/// How many loads of the sections the backend answered.
struct AnswerCountVisitor: SectionVisitor {
    var answers = 0

    mutating func visit<Section: CourseSection>(_ section: Section, in pane: CourseDetailState) -> Bool {
        answers += section.answers
        return true
    }
}

/// Every section's lines for `context`, in order.
struct LinesVisitor: SectionVisitor {
    let context: SectionContext
    var lines: [SectionLines] = []

    mutating func visit<Section: CourseSection>(_ section: Section, in pane: CourseDetailState) -> Bool {
        lines.append(section.lines(in: context))
        return true
    }
}

/// What the first section that answers `action` says of it.
struct AvailabilityVisitor: SectionVisitor {
    let action: CourseDetailState.Action
    var availability: Availability?

    mutating func visit<Section: CourseSection>(_ section: Section, in pane: CourseDetailState) -> Bool {
        availability = section.availability(of: action, in: pane)
        return availability == nil
    }
}
