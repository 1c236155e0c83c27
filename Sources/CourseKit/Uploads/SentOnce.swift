import FoundationEssentials

/// Something the backend makes anew for every request that creates it, with no key to tell two
/// apart, and the steps of sending it once that are kept with its job.
///
/// The engine reads the backend's like ones before anything is sent (`existingIDs`), saves the
/// moment the create goes out (`sentAt`), and keeps the ID of the one made (`madeID`); see
/// `UploadEngine+SentOnce.swift`.
public protocol SentOnce: Sendable {
    /// The IDs of the backend's like ones before sending; nil until read.
    var existingIDs: [String]? { get set }
    /// When the create went out, set just before it does; nil when none may be on its way.
    var sentAt: Date? { get set }
    /// The one the backend made, once known.
    var madeID: String? { get set }
}

extension UploadJob.PlannerNote: SentOnce {
    public var madeID: String? {
        get { noteID }
        set { noteID = newValue }
    }
}
