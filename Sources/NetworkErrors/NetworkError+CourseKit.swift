import CourseKit
import HTTP

// The HTTP layer's errors explain themselves in one line and say whether they pass; this
// module makes them speak CourseKit's protocols, for every backend that brings HTTP to the app.
extension NetworkError: UserFacingError, TransientError {
    /// Never connected, or refused the server before sending: nothing reached it.
    public var changedNothing: Bool {
        switch self {
        case .noConnection, .untrustedCertificate, .noHTTP: return true
        case .unreachable, .cutOff, .timedOut, .answerTooLarge: return false
        }
    }

    /// Nothing answered: the network or the host is down, as on a train. A host that took
    /// the connection and then was slow is not offline, and its pane says it was slow.
    public var meansOffline: Bool {
        switch self {
        case .unreachable, .noConnection: return true
        case .cutOff, .timedOut, .untrustedCertificate, .answerTooLarge, .noHTTP: return false
        }
    }
}

/// A download that can't write its file fails until someone frees space or fixes the folder;
/// a server sending the wrong part of a file would send it again.
extension HTTPDownloadError: UserFacingError, TransientError {
    /// A disk that can't be written needs a person; bytes for the wrong offset were never
    /// written, and the download transport removes the part, so the next attempt starts clean.
    public var isTransient: Bool {
        if case .wrongRange = self { return true }
        return false
    }
}

extension HTTPClient.Unimplemented: UserFacingError, TransientError {
    public var userMessage: String { "\(endpoint) is not implemented" }
    public var isTransient: Bool { false }
}
