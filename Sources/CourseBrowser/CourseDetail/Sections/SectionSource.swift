import CourseKit

/// Where a section's value comes from: the copy saved when it was last seen, shown at once, and
/// the backend's answer that replaces it.
struct SectionSource<Value: Sendable> {
    var saved: (CourseID) -> Saved<Value>?
    var fetch: @Sendable (CourseID, LoadProgress) async throws -> Value
}

/// A section the pane loads by asking the backend for its value, as most are.
protocol FetchedSection: CourseSection where Value: Sendable {
    /// Where the section's value comes from, given the pane's clients.
    static func source(_ environment: EnvironmentValues) -> SectionSource<Value>
}
