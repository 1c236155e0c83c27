/// Something asked of each section of the Course pane in turn, each as its own type.
///
/// The pane asks its sections the same few questions many times a frame (is one loading, did
/// one fail, which answers a key); a visitor is shown each section where it is kept, so no
/// section is copied or boxed to answer.
protocol SectionVisitor {
    /// Looks at `section` of `pane`; false when it has seen enough and the rest need not be shown.
    mutating func visit<Section: CourseSection>(_ section: Section, in pane: CourseDetailState) -> Bool
}

/// What a section's load stands at: every question the pane asks of all its sections at once.
struct SectionSummary {
    var isLoading: Bool
    var isCutOff: Bool
    var answers: Int
    var retryEffect: CourseDetailState.Effect?
    var refreshEffect: CourseDetailState.Effect?
    var savedCopy: SavedCopyRow.Status?

    init<Section: CourseSection>(_ section: Section) {
        isLoading = section.isLoading
        isCutOff = section.isCutOff
        answers = section.answers
        retryEffect = section.retryEffect
        refreshEffect = section.refreshEffect
        savedCopy = section.savedCopy
    }
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
        case .failed: found = section.load.retryableFailure != nil
        }
        return !found
    }
}

/// Sums up every section, in order.
struct SummaryVisitor: SectionVisitor {
    var summaries: [SectionSummary] = []

    mutating func visit<Section: CourseSection>(_ section: Section, in pane: CourseDetailState) -> Bool {
        summaries.append(SectionSummary(section))
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
