import CourseKit

/// Why a catalog file can't be downloaded: nothing changes that by waiting, so the queue
/// marks the job failed at once.
struct CatalogDownloadError: UserFacingError, TransientError, Equatable {
    var userMessage: String

    var isTransient: Bool { false }

    static func locked(_ name: String, reason: String) -> CatalogDownloadError {
        CatalogDownloadError(userMessage: "\(name) is locked: \(reason)")
    }

    static func missing(_ fileID: String) -> CatalogDownloadError {
        CatalogDownloadError(userMessage: FileNotFound(id: fileID).userMessage)
    }

    static let notADownload = CatalogDownloadError(userMessage: "The job is not a download")
}
