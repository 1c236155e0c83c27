/// What the backend in use can and can't do, for panes that offer a key only where it works.
///
/// Set once at the root beside the backend's clients: a pane reads what it needs here, never
/// which backend it talks to.
public struct BackendCapabilities: Sendable, Equatable {
    /// The LMS as its users name it, for what a message says it will do ("Canvas refuses a
    /// hand-in once it locks").
    public var lmsName: String
    /// Why files can't be added to a course's Files here, in words for the student; nil where they can.
    public var courseFileUploadRefusal: String?
    /// Why the planner can't be changed here (done marks, to-dos of one's own); nil where it can.
    public var plannerMarkRefusal: String?
    /// Why a text entry or a link can't be handed in here; nil where it can.
    public var contentHandInRefusal: String?
    /// Why posts and replies to discussions can't be sent from here; nil where they can.
    public var discussionPostRefusal: String?

    public init(
        lmsName: String = "Canvas", courseFileUploadRefusal: String? = nil, plannerMarkRefusal: String? = nil, contentHandInRefusal: String? = nil,
        discussionPostRefusal: String? = nil
    ) {
        self.lmsName = lmsName
        self.courseFileUploadRefusal = courseFileUploadRefusal
        self.plannerMarkRefusal = plannerMarkRefusal
        self.contentHandInRefusal = contentHandInRefusal
        self.discussionPostRefusal = discussionPostRefusal
    }

    /// Whether a text entry or a link can be handed in here, not only files.
    public var takesContent: Bool { contentHandInRefusal == nil }

    /// Canvas: course files can be added, items marked done.
    public static let canvas = BackendCapabilities()

    /// The sample and catalog files, made in Canvas's shape: course files can be added (to a
    /// folder on this machine); done marks are Canvas's planner's own.
    public static let catalog = BackendCapabilities(
        plannerMarkRefusal: "Done marks and to-dos are kept by Canvas's planner; the catalog has none",
        contentHandInRefusal: "The catalog takes files only; a text entry or a link goes to Canvas",
        discussionPostRefusal: "The catalog keeps no discussions to post to"
    )
}
