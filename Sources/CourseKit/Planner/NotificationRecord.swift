import FoundationEssentials

/// What the user was already told about, so a restart does not tell them again: one key per
/// notice (`graded:assignment:12@1800000000`, the grade's release), with the date of the item it was about, by which old
/// entries are dropped.
public struct NotificationRecord: Equatable, Sendable, Codable {
    public var entries: [String: Date]

    public init(entries: [String: Date] = [:]) {
        self.entries = entries
    }
}
