import FoundationEssentials

extension Course {
    /// The last day of the course: its own end date, else its term's.
    public var effectiveEnd: Date? { endAt ?? term?.endAt }

    /// The first day of the course: its own start date, else its term's.
    public var effectiveStart: Date? { startAt ?? term?.startAt }

    /// Whether the course is over at `now`: concluded by the school, or past its end date.
    ///
    /// Canvas's own `concluded` flag wins over the dates when it is known: a course whose
    /// end date passed stays open until its term ends, unless the school restricts it to its dates.
    public func hasEnded(at now: Date) -> Bool {
        if workflowState == "completed" || enrollment == .completed { return true }
        if let isConcluded { return isConcluded }
        guard let end = effectiveEnd else { return false }
        return end <= now
    }

    /// Whether the course has yet to begin at `now`.
    public func isUpcoming(at now: Date) -> Bool {
        guard let start = effectiveStart else { return false }
        return start > now && !hasEnded(at: now)
    }
}
