/// A course ID that the backend does not know.
public struct CourseNotFound: UserFacingError, Equatable {
    public var id: CourseID

    public init(id: CourseID) {
        self.id = id
    }

    public var userMessage: String { "No course with ID \(id)" }
}

extension CourseNotFound: ClassifiedFailure {
    public var failureKind: FailureKind { .notFound }
}
