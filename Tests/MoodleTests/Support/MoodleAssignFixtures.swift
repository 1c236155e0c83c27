import Foundation

/// `mod_assign_*` answers in Moodle 4.5's shape (research/3-assign-handin.md §1–§2).
enum AssignFixtures {
    static let site = "https://learn.example.edu"

    /// The `configs` rows of enabled plugins: only enabled ones have rows.
    static func configs(file: Bool = true, onlinetext: Bool = false, maxFiles: String = "20", maxBytes: String = "1048576", types: String = "") -> String {
        var rows: [String] = []
        if onlinetext {
            rows += [
                #"{"plugin":"onlinetext","subtype":"assignsubmission","name":"enabled","value":"1"}"#,
                #"{"plugin":"onlinetext","subtype":"assignsubmission","name":"wordlimit","value":"0"}"#,
                #"{"plugin":"onlinetext","subtype":"assignsubmission","name":"wordlimitenabled","value":"0"}"#,
            ]
        }
        if file {
            rows += [
                #"{"plugin":"file","subtype":"assignsubmission","name":"enabled","value":"1"}"#,
                #"{"plugin":"file","subtype":"assignsubmission","name":"maxfilesubmissions","value":"\#(maxFiles)"}"#,
                #"{"plugin":"file","subtype":"assignsubmission","name":"maxsubmissionsizebytes","value":"\#(maxBytes)"}"#,
                #"{"plugin":"file","subtype":"assignsubmission","name":"filetypeslist","value":"\#(types)"}"#,
            ]
        }
        rows += [
            #"{"plugin":"comments","subtype":"assignsubmission","name":"enabled","value":"1"}"#,
            #"{"plugin":"comments","subtype":"assignfeedback","name":"enabled","value":"1"}"#,
            #"{"plugin":"comments","subtype":"assignfeedback","name":"commentinline","value":"0"}"#,
        ]
        return "[" + rows.joined(separator: ",") + "]"
    }

    /// One assignment of `mod_assign_get_assignments`.
    static func assign(
        id: Int, cmid: Int, name: String, due: Int, opens: Int = 0, cutoff: Int = 0, drafts: Bool = false, nosubmissions: Bool = false,
        grade: Int = 100, statement: String? = nil, configs: String = configs()
    ) -> String {
        let statementFields = statement.map { #""submissionstatement":"\#($0)","submissionstatementformat":1,"# } ?? ""
        return #"""
        {"id":\#(id),"cmid":\#(cmid),"course":5,"name":"\#(name)","nosubmissions":\#(nosubmissions ? 1 : 0),
         "submissiondrafts":\#(drafts ? 1 : 0),"sendnotifications":0,"sendlatenotifications":0,"sendstudentnotifications":1,
         "duedate":\#(due),"allowsubmissionsfromdate":\#(opens),"grade":\#(grade),"timemodified":1756000000,"completionsubmit":1,
         "cutoffdate":\#(cutoff),"gradingduedate":0,"teamsubmission":0,"requireallteammemberssubmit":0,"teamsubmissiongroupingid":0,
         "blindmarking":0,"hidegrader":0,"revealidentities":0,"attemptreopenmethod":"untilpass","maxattempts":-1,
         "markingworkflow":0,"markingallocation":0,"markinganonymous":0,"requiresubmissionstatement":\#(statement == nil ? 0 : 1),
         "preventsubmissionnotingroup":0,\#(statementFields)"configs":\#(configs),
         "intro":"<p>Write it.</p>","introformat":1,"introfiles":[],"introattachments":[],"timelimit":0,"submissionattachments":0}
        """#
    }

    static func assignments(_ assigns: [String], course: Int = 5) -> String {
        #"""
        {"courses":[{"id":\#(course),"fullname":"Algebra &amp; Geometry","shortname":"ALG&amp;GEO","timemodified":1756000000,
         "assignments":[\#(assigns.joined(separator: ","))]}],"warnings":[]}
        """#
    }

    /// A file of a submission's `submission_files` area.
    static func submittedFile(_ name: String, size: Int, submission: Int = 70, path: String = "/") -> String {
        #"""
        {"filename":"\#(name)","filepath":"\#(path)","filesize":\#(size),
         "fileurl":"\#(site)/webservice/pluginfile.php/80/assignsubmission_file/submission_files/\#(submission)\#(path)\#(name)",
         "timemodified":1760000000,"mimetype":"application/pdf","isexternalfile":false}
        """#
    }

    /// A submission (`get_submission_structure`), with its file and online text plugins.
    static func submission(
        id: Int = 70, attempt: Int = 0, status: String, modified: Int, files: [String] = [], onlinetext: String? = nil, textFormat: Int = 1
    ) -> String {
        let text = onlinetext.map { text in
            #",{"type":"onlinetext","name":"Online text","fileareas":[{"area":"submissions_onlinetext","files":[]}],"editorfields":[{"name":"onlinetext","description":"Online text","text":"\#(text)","format":\#(textFormat)}]}"#
        } ?? ""
        return #"""
        {"id":\#(id),"userid":3,"attemptnumber":\#(attempt),"timecreated":1759000000,"timemodified":\#(modified),"timestarted":null,
         "status":"\#(status)","groupid":0,"assignment":11,"latest":1,
         "plugins":[{"type":"file","name":"File submissions","fileareas":[{"area":"submission_files","files":[\#(files.joined(separator: ","))]}]}\#(text),
          {"type":"comments","name":"Submission comments"}]}
        """#
    }

    /// `mod_assign_get_submission_status` for the student.
    static func status(
        submission: String? = nil, canedit: Bool = true, locked: Bool = false, graded: Bool = false, extended: Int? = nil,
        gradingstatus: String = "notgraded", feedback: String? = nil, previous: [String] = []
    ) -> String {
        let submissionField = submission.map { #""submission":\#($0),"# } ?? ""
        let feedbackField = feedback.map { #""feedback":\#($0),"# } ?? ""
        let previousField = previous.isEmpty ? "" : #""previousattempts":[\#(previous.joined(separator: ","))],"#
        return #"""
        {"lastattempt":{\#(submissionField)"submissiongroupmemberswhoneedtosubmit":[],"submissionsenabled":true,"locked":\#(locked),
         "graded":\#(graded),"canedit":\#(canedit),"caneditowner":\#(canedit),"cansubmit":false,"extensionduedate":\#(extended.map(String.init) ?? "null"),
         "timelimit":0,"blindmarking":false,"gradingstatus":"\#(gradingstatus)","usergroups":[]},
         \#(feedbackField)\#(previousField)"assignmentdata":{},"warnings":[]}
        """#
    }

    /// A released grade and its comments.
    static func feedback(grade: String = "85.00000", display: String = "85.00&nbsp;/&nbsp;100.00", graded: Int, comments: String = "<p>Well done &amp; thorough.</p>") -> String {
        #"""
        {"grade":{"id":9,"assignment":11,"userid":3,"attemptnumber":0,"timecreated":1760000000,"timemodified":\#(graded),"grader":-1,
          "grade":"\#(grade)"},"gradefordisplay":"\#(display)","gradeddate":\#(graded),
         "plugins":[{"type":"comments","name":"Feedback comments","fileareas":[{"area":"feedback","files":[]}],
          "editorfields":[{"name":"comments","description":"Feedback comments","text":"\#(comments)","format":1}]},
          {"type":"file","name":"File feedback","fileareas":[{"area":"feedback_files","files":[]}]}]}
        """#
    }

    /// One earlier attempt of `previousattempts`.
    static func previous(attempt: Int, submission: String) -> String {
        #"{"attemptnumber":\#(attempt),"submission":\#(submission),"feedbackplugins":[]}"#
    }

    /// The empty list of warnings a successful save or submit answers.
    static let noWarnings = "[]"

    /// A warning a save answers instead of saving.
    static func saveWarning(_ item: String, assignment: Int = 11) -> String {
        #"[{"item":"\#(item)","itemid":\#(assignment),"warningcode":"couldnotsavesubmission","message":"Could not save submission."}]"#
    }
}
