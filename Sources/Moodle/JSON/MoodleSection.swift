/// A section of a course and its activities, as `core_course_get_contents` returns them
/// (course/externallib.php `get_course_contents_returns()`); only the fields read here.
struct MoodleSection: Decodable, Sendable {
    var id: MoodleInt
    /// Never null: "General", "New section", a date range, or the teacher's name for it.
    var name: String
    /// The section's number in the course: 0 is the top one.
    var section: MoodleInt?
    var uservisible: Bool?
    /// HTML: why it is closed to the student, where it is restricted.
    var availabilityinfo: String?
    var modules: [MoodleModule]
}

/// One activity or resource in a section.
struct MoodleModule: Decodable, Sendable {
    /// Whether and when the student completed it.
    struct Completion: Decodable, Sendable {
        /// 0 incomplete, 1 complete, 2 complete with a pass, 3 complete with a fail.
        var state: MoodleInt
        var isautomatic: Bool?
    }

    /// The course module's ID (the cmid), what the site's own addresses use.
    var id: MoodleInt
    var url: String?
    var name: String
    /// The ID of the activity itself (the assignment's, the forum's).
    var instance: MoodleInt?
    /// `resource`, `folder`, `assign`, `forum`, `quiz`, `url`, `page`, `label`, …
    var modname: String
    var uservisible: Bool?
    var availabilityinfo: String?
    /// 0: no completion tracking, 1 manual, 2 automatic.
    var completion: MoodleInt?
    var completiondata: Completion?
    /// Files of a resource or folder, the address of a url module; only for modules that export contents.
    var contents: [MoodleContent]?
}

/// One file (or link) of a module's contents.
struct MoodleContent: Decodable, Sendable {
    /// `file`, `url` or `content`.
    var type: String
    var filename: String
    /// `/`, or the folder inside a folder module: `/code/`.
    var filepath: String?
    var filesize: MoodleInt?
    /// `…/webservice/pluginfile.php/<context>/mod_resource/content/<revision>/<path><name>?forcedownload=1`;
    /// it needs the token added to download.
    var fileurl: String?
    var timemodified: MoodleInt?
    var mimetype: String?
    var isexternalfile: Bool?
}
