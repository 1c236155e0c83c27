import Foundation

/// Answers of the course functions, in the shapes Moodle 4.5 sends (docs: research/2-courses-contents.md).
enum CourseFixtures {
    /// A course of `core_enrol_get_users_courses` (enrol/externallib.php `get_users_courses_returns()`).
    static func enrolled(
        id: Int, fullname: String, shortname: String, category: Int = 3, start: Int, end: Int, favourite: Bool = false, hidden: Bool = false
    ) -> String {
        #"""
        {"id":\#(id),"shortname":"\#(shortname)","fullname":"\#(fullname)","displayname":"\#(fullname)","enrolledusercount":27,
         "idnumber":"","visible":1,"summary":"<p>Intro</p>","summaryformat":1,"format":"topics",
         "courseimage":"https://learn.example.edu/pluginfile.php/31/course/generated/course.svg","showgrades":true,"lang":"",
         "enablecompletion":true,"completionhascriteria":false,"completionusertracked":true,"category":\#(category),
         "progress":null,"completed":false,"startdate":\#(start),"enddate":\#(end),"marker":0,"lastaccess":null,
         "isfavourite":\#(favourite),"hidden":\#(hidden),"overviewfiles":[],"showactivitydates":true,"showcompletionconditions":null,
         "timemodified":1724000000}
        """#
    }

    /// The list: an ongoing favourite, one the student removed from view, one that ended, one with no end date.
    static let usersCourses = #"""
    [
    \#(enrolled(id: 5, fullname: "Algebra &amp; Geometry", shortname: "ALG&amp;GEO", start: 1_756_684_800, end: 1_767_139_200, favourite: true)),
    \#(enrolled(id: 7, fullname: "&lt;HTML&gt; for beginners", shortname: "WEB101", start: 1_756_684_800, end: 1_767_139_200, hidden: true)),
    \#(enrolled(id: 9, fullname: "Cơ sở dữ liệu", shortname: "CSDL", category: 4, start: 1_735_689_600, end: 1_748_649_600)),
    \#(enrolled(id: 11, fullname: "Reading group", shortname: "READ", category: 1, start: 0, end: 0))
    ]
    """#

    /// A course of `core_course_get_enrolled_courses_by_timeline_classification` (course_summary_exporter).
    static func summary(
        id: Int, fullname: String, shortname: String, category: String = "Học kỳ 1 2025&amp;2026",
        start: Int, end: Int, favourite: Bool = false, hidden: Bool = false
    ) -> String {
        #"""
        {"id":\#(id),"fullname":"\#(fullname)","shortname":"\#(shortname)","idnumber":"","summary":null,"summaryformat":1,
         "startdate":\#(start),"enddate":\#(end),"visible":true,"showactivitydates":true,"showcompletionconditions":null,
         "pdfexportfont":null,"fullnamedisplay":"\#(fullname)","viewurl":"https://learn.example.edu/course/view.php?id=\#(id)",
         "courseimage":"data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=",
         "progress":0,"hasprogress":false,"isfavourite":\#(favourite),"hidden":\#(hidden),"showshortname":false,
         "coursecategory":"\#(category)"}
        """#
    }

    /// The Dashboard's list of the same courses, which names their categories.
    static let timeline = #"""
    {"courses":[
    \#(summary(id: 5, fullname: "Algebra &amp; Geometry", shortname: "ALG&amp;GEO", start: 1_756_684_800, end: 1_767_139_200, favourite: true)),
    \#(summary(id: 7, fullname: "&lt;HTML&gt; for beginners", shortname: "WEB101", start: 1_756_684_800, end: 1_767_139_200, hidden: true)),
    \#(summary(id: 9, fullname: "Cơ sở dữ liệu", shortname: "CSDL", category: "Học kỳ 2 2024", start: 1_735_689_600, end: 1_748_649_600)),
    \#(summary(id: 11, fullname: "Reading group", shortname: "READ", category: "", start: 0, end: 0))
    ],"nextoffset":4}
    """#

    /// `core_webservice_get_site_info` for user 42, only the fields read here and those Moodle requires.
    static let siteInfo = #"""
    {"sitename":"Learn","username":"an.nguyen","firstname":"An","lastname":"Nguyễn","fullname":"An Nguyễn","lang":"en",
     "userid":42,"siteurl":"https://learn.example.edu","userpictureurl":"","functions":[],"release":"4.5.5+ (Build: 20250613)"}
    """#

    static let grades = #"""
    {"grades":[{"courseid":5,"grade":"B+ (85.00 %)","rawgrade":"85.00000"},{"courseid":7,"grade":"-","rawgrade":null},
    {"courseid":9,"grade":"72,50 %","rawgrade":"72.50000","rank":4}],"warnings":[]}
    """#

    /// `core_course_get_courses_by_field` for course 5, its summary `summary` (JSON-escaped HTML).
    static func detail(id: Int = 5, summary: String = #"<p>Weekly problem sets &amp; two exams.</p>"#) -> String {
        #"""
        {"courses":[{"id":\#(id),"fullname":"Algebra &amp; Geometry","displayname":"Algebra &amp; Geometry","shortname":"ALG&amp;GEO",
         "courseimage":"https://learn.example.edu/pluginfile.php/31/course/generated/course.svg","categoryid":3,
         "categoryname":"Học kỳ 1 2025&amp;2026","sortorder":10001,"summary":"\#(summary)","summaryformat":1,"summaryfiles":[],
         "overviewfiles":[],"showactivitydates":true,"showcompletionconditions":true,
         "contacts":[{"id":12,"fullname":"Trần Thị B"},{"id":13,"fullname":"John O&#039;Neil"}],
         "enrollmentmethods":["manual","self"],"format":"topics","showgrades":1,"newsitems":5,"startdate":1756684800,
         "enddate":1767139200,"maxbytes":0,"showreports":0,"visible":1,"groupmode":0,"groupmodeforce":0,"defaultgroupingid":0,
         "enablecompletion":1,"completionnotify":0,"lang":"","theme":"","marker":0,
         "filters":[{"filter":"mathjaxloader","localstate":0,"inheritedstate":1}],
         "courseformatoptions":[{"name":"hiddensections","value":"1"},{"name":"coursedisplay","value":"0"}]}],"warnings":[]}
        """#
    }
}
