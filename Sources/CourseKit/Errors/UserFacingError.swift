/// An error that can explain itself to a person in one short line.
///
/// Panes show `userMessage` in their inline error row; anything else is shown
/// through `userMessage(for:)`, which never dumps a raw error description.
public protocol UserFacingError: Error {
    var userMessage: String { get }
}

/// The one-line text a pane shows for `error`.
public func userMessage(for error: any Error) -> String {
    if let error = error as? any UserFacingError {
        return error.userMessage
    }
    if error is CancellationError {
        return "Cancelled"
    }
    return "Something went wrong (\(type(of: error)))"
}
