import FoundationEssentials

/// Puts text on the user's clipboard.
public struct Clipboard: Sendable {
    public var copy: @Sendable (_ text: String) -> Void

    public init(copy: @escaping @Sendable (_ text: String) -> Void) {
        self.copy = copy
    }
}

extension Clipboard {
    public static let noOp = Clipboard { _ in }
}

extension Clipboard: Unimplementable {
    public static func unimplemented(report: @escaping Unimplemented.Report) -> Clipboard {
        Clipboard { _ in report("Clipboard.copy") }
    }
}
