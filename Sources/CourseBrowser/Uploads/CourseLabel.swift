import CourseKit

/// What a course is called where its ID would be: its code, short and what students say, or its
/// name when it has no code.
package enum CourseLabel {
    /// The course's label; nil when it has neither code nor name.
    package static func of(_ course: Course) -> String? {
        course.code.nonBlank ?? course.name.nonBlank
    }
}
