import CourseKit

extension CanvasError: ClassifiedFailure {
    public var failureKind: FailureKind {
        switch self {
        case .invalidToken: .auth
        case .notPermitted, .assignmentLocked: .permission
        case .notFound: .notFound
        case .throttled: .rateLimited
        case .server, .unexpectedResponse: .server
        // A wrong address or a request Canvas will never take: waiting won't help.
        case .noCanvasAPI, .refused: .failed
        }
    }
}
