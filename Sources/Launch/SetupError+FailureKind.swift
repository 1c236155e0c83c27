import CourseKit

extension SetupError: ClassifiedFailure {
    /// Every setup error is about the login or its token, but one: a login saved for another site.
    public var failureKind: FailureKind {
        if case .loginIsForAnotherSite = self { return .usage }
        return .auth
    }
}
