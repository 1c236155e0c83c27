import FoundationEssentials

private enum CourseClientKey: EnvironmentKey {
    static let defaultValue = CourseClient.noOp
}

private enum PlannerClientKey: EnvironmentKey {
    static let defaultValue = PlannerClient.noOp
}

private enum AnnouncementClientKey: EnvironmentKey {
    static let defaultValue = AnnouncementClient.noOp
}

private enum DiscussionClientKey: EnvironmentKey {
    static let defaultValue = DiscussionClient.noOp
}

private enum GradesClientKey: EnvironmentKey {
    static let defaultValue = GradesClient.noOp
}

private enum FileClientKey: EnvironmentKey {
    static let defaultValue = FileClient.noOp
}

private enum WallClockKey: EnvironmentKey {
    static let defaultValue = WallClock.live
}

private enum AnalyticsKey: EnvironmentKey {
    static let defaultValue = Analytics.noOp
}

private enum UploadQueueClientKey: EnvironmentKey {
    static let defaultValue = UploadQueueClient.noOp
}

private enum NotifierKey: EnvironmentKey {
    static let defaultValue = Notifier.noOp
}

private enum SettingsClientKey: EnvironmentKey {
    static let defaultValue = SettingsClient.noOp
}

private enum SavedCopyClientKey: EnvironmentKey {
    static let defaultValue = SavedCopyClient.none
}

private enum WebBrowserKey: EnvironmentKey {
    static let defaultValue = WebBrowser.noOp
}

private enum TextEditorKey: EnvironmentKey {
    static let defaultValue = TextEditor.noOp
}

private enum ClipboardKey: EnvironmentKey {
    static let defaultValue = Clipboard.noOp
}

private enum SiteLabelKey: EnvironmentKey {
    static let defaultValue: String? = nil

    /// No label: text is only drawn, and a test that needs one sees it missing from the screen.
    static func unimplementedValue(report: @escaping Unimplemented.Report) -> String? { nil }
}

private enum PathsKey: EnvironmentKey {
    static let defaultValue = Paths.temporary
}

private enum NotificationLogKey: EnvironmentKey {
    static let defaultValue = NotificationLog.none
}

private enum SeenClientKey: EnvironmentKey {
    static let defaultValue = SeenClient.noOp
}

extension EnvironmentValues {
    /// The backend that serves courses, syllabi and modules.
    public var courseClient: CourseClient {
        get { self[CourseClientKey.self] }
        set { self[CourseClientKey.self] = newValue }
    }

    /// What is due across every course, for the Due pane and the `due` command.
    public var planner: PlannerClient {
        get { self[PlannerClientKey.self] }
        set { self[PlannerClientKey.self] = newValue }
    }

    /// A course's announcements, and marking them read, for the Course pane.
    public var announcements: AnnouncementClient {
        get { self[AnnouncementClientKey.self] }
        set { self[AnnouncementClientKey.self] = newValue }
    }

    /// A course's discussions, their threads, and marking replies read, for the Course pane.
    public var discussions: DiscussionClient {
        get { self[DiscussionClientKey.self] }
        set { self[DiscussionClientKey.self] = newValue }
    }

    /// How a course's total is made, for the Course pane's Grades section.
    public var grades: GradesClient {
        get { self[GradesClientKey.self] }
        set { self[GradesClientKey.self] = newValue }
    }

    /// A course's folders and files, for the Course pane's Files section and `sync`.
    public var fileClient: FileClient {
        get { self[FileClientKey.self] }
        set { self[FileClientKey.self] = newValue }
    }

    /// The time source for spinners and elapsed times.
    public var clock: WallClock {
        get { self[WallClockKey.self] }
        set { self[WallClockKey.self] = newValue }
    }

    /// Where usage events go.
    public var analytics: Analytics {
        get { self[AnalyticsKey.self] }
        set { self[AnalyticsKey.self] = newValue }
    }

    /// The upload queue the Uploads pane shows.
    public var uploadQueue: UploadQueueClient {
        get { self[UploadQueueClientKey.self] }
        set { self[UploadQueueClientKey.self] = newValue }
    }

    /// How the user hears about uploads when the terminal is not in front of them.
    public var notifier: Notifier {
        get { self[NotifierKey.self] }
        set { self[NotifierKey.self] = newValue }
    }

    /// What was last seen from the backend, shown before (or instead of) its answer.
    public var savedCopies: SavedCopyClient {
        get { self[SavedCopyClientKey.self] }
        set { self[SavedCopyClientKey.self] = newValue }
    }

    /// Opens a course or an assignment on the web.
    public var webBrowser: WebBrowser {
        get { self[WebBrowserKey.self] }
        set { self[WebBrowserKey.self] = newValue }
    }

    /// Opens the student's editor on a text they hand in.
    public var textEditor: TextEditor {
        get { self[TextEditorKey.self] }
        set { self[TextEditorKey.self] = newValue }
    }

    /// Copies an address for the user.
    public var clipboard: Clipboard {
        get { self[ClipboardKey.self] }
        set { self[ClipboardKey.self] = newValue }
    }

    /// Where the app keeps its files.
    public var paths: Paths {
        get { self[PathsKey.self] }
        set { self[PathsKey.self] = newValue }
    }

    /// The choices remembered between runs.
    public var settings: SettingsClient {
        get { self[SettingsClientKey.self] }
        set { self[SettingsClientKey.self] = newValue }
    }

    /// Which site and login the screen shows, as k9s names its context: `Canvas ·
    /// school.instructure.com`, the sample catalog's pointer to `login`. Nil: none.
    public var siteLabel: String? {
        get { self[SiteLabelKey.self] }
        set { self[SiteLabelKey.self] = newValue }
    }

    /// What the user was already told about what is due, so it is told once.
    public var notificationLog: NotificationLog {
        get { self[NotificationLogKey.self] }
        set { self[NotificationLogKey.self] = newValue }
    }

    /// What the student last saw of each course, to mark what changed since.
    public var seen: SeenClient {
        get { self[SeenClientKey.self] }
        set { self[SeenClientKey.self] = newValue }
    }
}
