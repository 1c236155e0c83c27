/// A dependency with a form for tests in which every call says that nobody provided it.
public protocol Unimplementable: Sendable {
    /// Each closure tells `report` its name (`Type.endpoint`), then returns a harmless value,
    /// or throws `Unimplemented` where it can throw.
    static func unimplemented(report: @escaping Unimplemented.Report) -> Self
}

extension EnvironmentKey where Value: Unimplementable {
    public static func unimplementedValue(report: @escaping Unimplemented.Report) -> Value {
        Value.unimplemented(report: report)
    }
}
