/// How queueing some files went, in words: what was queued first, then what was not, so a
/// partial success does not read as a failure.
package enum QueueingReport {
    /// What was queued, by file names: `Queued essay.pdf`, `Queued a.pdf and b.pdf`, or
    /// `Queued 3 files` beyond two; nil when nothing was.
    package static func queued(_ names: [String]) -> String? {
        switch names.count {
        case 0: return nil
        case 1: return "Queued \(names[0])"
        case 2: return "Queued \(names[0]) and \(names[1])"
        default: return "Queued \(names.count) files"
        }
    }

    /// What was not queued and why, after what was: `Not queued: Can't find /tmp/x.pdf`.
    package static func notQueued(_ reason: String) -> String {
        "Not queued: " + reason
    }
}
