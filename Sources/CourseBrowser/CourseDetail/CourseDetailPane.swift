import CourseKit
import Foundation
import HTMLText
import TerminalUI

/// The Course pane: given only a course ID, it loads the overview, syllabus and modules itself.
///
/// Each section has its own loader and its own inline error row, so a syllabus that
/// fails to load never hides the modules that did.
@MainActor
final class CourseDetailPane: Pane {
    private let courses: CourseClient
    let uploadQueue: UploadQueueClient
    /// For `~` in the upload prompt.
    let home: String
    let clock: WallClock
    let analytics: Analytics

    let overview: Loader<Course>
    let syllabus: Loader<[TextBlock]>
    let modules: Loader<[CourseModule]>
    private(set) var courseID: CourseID?
    var scroll = 0
    /// Rows the pane had when last drawn, so Page Up/Down move by a screenful.
    var visibleRows = 1
    /// Lines the pane had when last drawn, for the scroll position in the footer.
    var lineCount = 0
    /// The open upload prompt, if any.
    var uploadPrompt: UploadPrompt?
    /// What the last upload prompt did, until the next key.
    var uploadNotice: String?
    var onChange: () -> Void = {}
    /// Called with the course once its overview arrives; its `id` is the backend's own, even
    /// when the pane was given another form of it (such as `sis_course_id:ABC`).
    var onCourseLoaded: (Course) -> Void = { _ in }

    init(environment: EnvironmentValues) {
        courses = environment.courseClient
        uploadQueue = environment.uploadQueue
        home = environment.paths.homeDirectory.path
        clock = environment.clock
        analytics = environment.analytics
        overview = Loader(clock: clock)
        syllabus = Loader(clock: clock)
        modules = Loader(clock: clock)
        observe(overview, section: "overview")
        overview.onChange = { [weak self] in
            guard let self else { return }
            if let course = self.overview.state.value {
                self.onCourseLoaded(course)
            }
            self.onChange()
        }
        observe(syllabus, section: "syllabus")
        observe(modules, section: "modules")
    }

    /// Shows the course with `id`, loading everything about it.
    func show(_ id: CourseID) {
        guard id != courseID || hasFailure else { return }
        courseID = id
        scroll = 0
        uploadPrompt = nil
        uploadNotice = nil
        let courses = courses
        overview.load { try await courses.course(id, $0) }
        syllabus.load { try await courses.syllabus(id, $0).map(HTMLText.blocks(from:)) ?? [] }
        modules.load { try await courses.modules(id, $0) }
        analytics.track(AnalyticsEvent(name: "course_opened", properties: ["course": id.rawValue]))
    }

    /// Loads again every section that failed; returns whether any had.
    @discardableResult
    func retryFailed() -> Bool {
        let retried = [overview.retry(), syllabus.retry(), modules.retry()]
        return retried.contains(true)
    }

    var title: String { "Course" }

    var footer: String? {
        guard lineCount > visibleRows else { return nil }
        return "\(min(scroll + visibleRows, lineCount))/\(lineCount)"
    }

    /// While the upload prompt is open, every key is text for it.
    var capturesKeys: Bool { uploadPrompt != nil }

    var hints: [KeyHint] {
        if uploadPrompt != nil {
            return [KeyHint(key: "Tab", action: "complete"), KeyHint(key: "Enter", action: "queue"), KeyHint(key: "Esc", action: "cancel")]
        }
        var hints = [KeyHint(key: "↑↓", action: "scroll")]
        if courseID != nil {
            hints.append(KeyHint(key: "u", action: "upload"))
        }
        if hasFailure {
            hints.append(KeyHint(key: "r", action: "retry"))
        }
        return hints
    }

    var isAnimating: Bool {
        overview.state.isLoading || syllabus.state.isLoading || modules.state.isLoading
    }

    var hasFailure: Bool {
        overview.state.failureMessage != nil || syllabus.state.failureMessage != nil || modules.state.failureMessage != nil
    }

    private func observe<Value>(_ loader: Loader<Value>, section: String) {
        loader.onChange = { [weak self] in self?.onChange() }
        loader.onFailure = { [analytics] message in
            analytics.track(.loadFailed(pane: "course", section: section, message: message))
        }
    }
}
