import FoundationEssentials

/// When something a pane draws against the clock next looks different, so the screen is drawn
/// again then and not before: a spinner's next frame, a countdown's next second.
enum ScreenTicks {
    /// A spinner shows the tenth of a second on the clock (see `StatusRows.loading`): its next frame
    /// comes with the next tenth.
    static func spinnerFrame(after now: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: ((now.timeIntervalSinceReferenceDate * 10).rounded(.down) + 1) / 10)
    }

    /// When a count of whole seconds left until `date`, rounded up as "retry in 12s" rounds it,
    /// next shows one less; nil once it shows 0, as it then stays.
    static func countdown(to date: Date, after now: Date) -> Date? {
        let left = date.timeIntervalSince(now)
        guard left > 0, left < 1e9 else { return nil }
        // Shown as ⌈left⌉, which drops to ⌈left⌉ - 1 once `left` reaches that.
        return date.addingTimeInterval(-(left.rounded(.up) - 1))
    }
}
