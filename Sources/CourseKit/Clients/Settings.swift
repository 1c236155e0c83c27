/// The few choices the app remembers between runs.
public struct Settings: Equatable, Sendable {
    /// The course list's view when the app last quit.
    public var courseScope: CourseScope?

    public init(courseScope: CourseScope? = nil) {
        self.courseScope = courseScope
    }
}

/// Reads and writes the remembered `Settings`.
///
/// Saving never fails loudly: a setting that can't be written is only forgotten.
public struct SettingsClient: Sendable {
    public var load: @Sendable () -> Settings
    public var save: @Sendable (_ settings: Settings) -> Void

    public init(load: @escaping @Sendable () -> Settings, save: @escaping @Sendable (_ settings: Settings) -> Void) {
        self.load = load
        self.save = save
    }

    /// Remembers nothing.
    public static let noOp = SettingsClient(load: { Settings() }, save: { _ in })
}

extension SettingsClient: Unimplementable {
    /// Loads the settings of a first run, after reporting the call.
    public static func unimplemented(report: @escaping Unimplemented.Report) -> SettingsClient {
        SettingsClient(
            load: {
                report("SettingsClient.load")
                return Settings()
            },
            save: { _ in report("SettingsClient.save") }
        )
    }
}
