import HTTP

/// Sorts upload failures into those that pass by themselves and those that need a person.
public enum UploadFailure {
    /// True when retrying the same upload later may succeed without anyone doing anything.
    ///
    /// Retrying is always safe (uploads overwrite instead of duplicating), so the only cost
    /// of a wrong "transient" is wasted attempts, while a wrong "permanent" strands a file:
    /// anything not recognised here counts as transient.
    public static func isTransient(_ error: any Error) -> Bool {
        switch error {
        case is NetworkError:
            return true
        case let error as CanvasError:
            return isTransient(error)
        case let error as UploadError:
            return isTransient(error)
        case is Unimplemented:
            // A missing dependency in a test or a build; waiting won't add it.
            return false
        case is CancellationError:
            // The app is stopping or the user cancelled; the job is picked up again next time.
            return true
        default:
            // Unknown errors are retried, as explained above.
            return true
        }
    }

    private static func isTransient(_ error: CanvasError) -> Bool {
        switch error {
        case .invalidToken, .notPermitted, .notFound, .noCanvasAPI:
            return false
        case let .server(_, status):
            return isTransient(status: status)
        case .throttled:
            return true
        case .unexpectedResponse:
            // A proxy's error page or a half-rolled-out server; unknown, so retried.
            return true
        }
    }

    private static func isTransient(_ error: UploadError) -> Bool {
        switch error {
        case .payloadMissing, .tooLarge, .confirmationElsewhere:
            return false
        case .signatureExpired, .sizeMismatch:
            // Both end with a fresh attempt from step 1, which asks for a new link.
            return true
        case let .rejected(_, status):
            return isTransient(status: status)
        case .cannotSave:
            // Usually a full disk, which passes once space is freed.
            return true
        }
    }

    /// Server errors and answers that mean "not now"; a 404 here is not a course (that is
    /// `notFound`) but an upload link or file record the server forgot, which a
    /// fresh attempt replaces. Other 4xx answers repeat themselves.
    private static func isTransient(status: Int) -> Bool {
        (500..<600).contains(status) || [404, 408, 409, 410, 425, 429].contains(status)
    }
}
