import CourseKit

extension DownloadTransport {
    /// Fetches course files from Moodle's `webservice/pluginfile.php`, resuming a `.part` where its
    /// bytes are still the file's, and asking the site for the file's address again when a job has none.
    public static func moodle(_ connection: MoodleConnection) -> DownloadTransport {
        let api = connection.api
        let files = FileClient.moodle(connection)
        return DownloadTransport { request in
            try await api.download(request) { course, fileID in try await files.file(course, fileID) }
        }
    }
}
