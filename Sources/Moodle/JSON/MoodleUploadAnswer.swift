/// One element of `webservice/upload.php`'s answer: the stored file, or why it was not stored
/// (`filenameexist`, `fileoversized`).
struct MoodleUploadAnswer: Decodable, Sendable {
    /// The draft area the file went into.
    var itemid: MoodleInt?
    var filename: String?
    var errortype: String?
    var error: String?
}
