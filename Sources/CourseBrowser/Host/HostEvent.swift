import CourseKit
import FoundationEssentials

/// What a pane tells the shell: the shell passes it on to the panes it concerns, in one `switch`
/// (`AppShell.route(_:)`), so no pane knows another.
enum HostEvent {
    /// A course to show in the Course pane, with what to select in it once it is shown.
    case opened(CourseID, selecting: CourseFocus?)
    /// Courses the list loaded, saved or fresh, for the other panes to name courses by.
    case coursesLoaded([Course])
    /// The course the Course pane shows, once its overview arrived: its `id` is the backend's
    /// own, even where the pane was given another form of it (such as `sis_course_id:ABC`).
    case courseLoaded(Course)
    /// Nothing in this course is new any more: its assignments are recorded as seen.
    case seen(CourseID)
    /// The student asks to go back (Esc with nothing selected); the shell decides where to.
    case back
    /// The planner's items each time the backend answers, and the dates they cover.
    case plannerItems([PlannerItem], window: DateInterval)
    /// An answer of the planner (never a saved copy), for the shell to tell what is new in it; a
    /// reload answers for the dates first asked, not today's.
    case plannerAnswered([PlannerItem], window: DateInterval)
}
