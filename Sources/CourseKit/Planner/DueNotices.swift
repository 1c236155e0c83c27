import FoundationEssentials

/// What to tell the user about a planner answer, once each: a grade released, a new
/// announcement, and work due within a day that is not handed in.
///
/// Decided from the answer and the record of what was told before; the caller sends the
/// notices (or, with the user looking at the screen, only keeps the record) and saves the
/// record. Without a record (a first run) nothing is told and everything current is recorded,
/// so a first start does not bring a flood of old news.
public struct DueNotices: Equatable, Sendable {
    /// One thing to tell: a short title and what it is about.
    public struct Notice: Equatable, Sendable {
        public var title: String
        public var body: String
    }

    /// How soon unfinished work is worth a notice.
    public static let dueSoon: TimeInterval = 24 * 3_600

    /// What is new since the record, in the answer's order.
    public private(set) var notices: [Notice] = []
    /// The record with what is told now added, and entries about items older than `keptSince` dropped.
    public private(set) var record: NotificationRecord

    /// Reviews `items` at `now` against `previous`; entries dated before `keptSince` (the
    /// planner's own window) are dropped, as no answer brings their items any more.
    public init(_ items: [PlannerItem], since previous: NotificationRecord?, now: Date, keptSince: Date) {
        record = NotificationRecord(entries: (previous?.entries ?? [:]).filter { $0.value >= keptSince })
        for item in items {
            for (key, notice) in Self.candidates(item, now: now) where record.entries[key] == nil {
                record.entries[key] = item.date
                if previous != nil {
                    notices.append(notice)
                }
            }
        }
    }

    /// Each notice `item` is worth at `now`, under the key that tells it was given.
    static func candidates(_ item: PlannerItem, now: Date) -> [(key: String, notice: Notice)] {
        let about = [item.courseCode ?? item.contextName, item.title].compactMap { $0?.nonBlank }.joined(separator: " · ")
        var found: [(String, Notice)] = []
        if item.kind == .announcement {
            found.append(("announcement:\(item.id)", Notice(title: "Announcement", body: about)))
        }
        if let postedAt = item.status?.releasedGradeAt {
            // Keyed by the release, not the grade: a grade given before it is posted is told when
            // it is, and one hidden and posted again is news again.
            let key = "graded:\(item.id)@\(Int(postedAt.timeIntervalSince1970))"
            found.append((key, Notice(title: "New grade", body: about)))
        }
        if let comment = item.status?.lastComment {
            // Keyed by the comment: the next one the teacher writes is news again.
            let key = "comment:\(item.id)#\(digest(comment))"
            found.append((key, Notice(title: "New comment", body: about + ": " + String(comment.prefix(120)))))
        }
        if isDueSoon(item, now: now) {
            // The date is part of the key: work whose deadline moves is worth telling again.
            let key = "due:\(item.id)@\(Int(item.date.timeIntervalSince1970))"
            found.append((key, Notice(title: "Due in \(timeLeft(until: item.date, now: now))", body: about)))
        }
        return found
    }

    /// Due within `dueSoon`, something to hand in, and not excused or ticked done, nor handed in
    /// or graded unless the teacher asked for it again.
    static func isDueSoon(_ item: PlannerItem, now: Date) -> Bool {
        guard let status = item.status, item.date > now, item.date.timeIntervalSince(now) <= dueSoon else { return false }
        guard !status.isExcused, !item.isMarkedComplete else { return false }
        return status.isRedoRequested || !(status.isSubmitted || status.isGraded)
    }

    /// A short digest of `text` that is the same in every run (FNV-1a, 64 bits), for a notice's key.
    static func digest(_ text: String) -> String {
        let hash = text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// `5 h`, or `40 min` under an hour: rounded down, so never more time than is left.
    static func timeLeft(until date: Date, now: Date) -> String {
        let minutes = max(1, Int(date.timeIntervalSince(now) / 60))
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h"
    }
}
