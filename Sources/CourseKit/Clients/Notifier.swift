/// Tells the user something outside the screen, for when the terminal is not in front of them.
public struct Notifier: Sendable {
    public var notify: @Sendable (_ title: String, _ body: String) -> Void

    public init(notify: @escaping @Sendable (_ title: String, _ body: String) -> Void) {
        self.notify = notify
    }
}

extension Notifier {
    public static let noOp = Notifier { _, _ in }
}

extension Notifier: Unimplementable {
    public static func unimplemented(report: @escaping Unimplemented.Report) -> Notifier {
        Notifier { _, _ in report("Notifier.notify") }
    }
}
