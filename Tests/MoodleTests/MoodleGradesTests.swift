import CourseKit
import Foundation
@testable import Moodle
import Testing
import TestSupport

/// `GradesClient.moodle`: the student's grade report as Moodle computed it, categories named from
/// the report's table only where the course has categories, and no section where grades are off.
struct MoodleGradesTests {
    let http = MoodleScriptedHTTP()

    var client: GradesClient { .moodle(TestSite.connection(http)) }

    /// A course with one category of two items, an item of its own, and its totals, as
    /// `gradereport_user_get_grade_items` writes them for a student (totals after their items).
    static let report = #"""
    {"usergrades":[{"courseid":5,"courseidnumber":"","userid":42,"userfullname":"An Nguyễn","useridnumber":"","maxdepth":3,
     "gradeitems":[
      {"id":11,"itemname":"Essay &amp; notes","itemtype":"mod","itemmodule":"assign","iteminstance":3,"itemnumber":0,"idnumber":"",
       "categoryid":2,"outcomeid":null,"scaleid":null,"locked":null,"cmid":301,"weightraw":1,"weightformatted":"100.00 %",
       "graderaw":17,"gradeformatted":"17.00","grademin":0,"grademax":20,"rangeformatted":"0.00&ndash;20.00",
       "percentageformatted":"85.00 %","feedback":"<p>Good &amp; clear.</p>","feedbackformat":1},
      {"id":12,"itemname":"Quiz 1","itemtype":"mod","itemmodule":"quiz","iteminstance":4,"itemnumber":0,"idnumber":"",
       "categoryid":2,"outcomeid":null,"scaleid":null,"locked":null,"cmid":302,"weightraw":0,"weightformatted":"0.00 %",
       "status":"novalue","graderaw":null,"gradeformatted":"-","grademin":0,"grademax":10,"feedback":"","feedbackformat":0},
      {"id":13,"itemname":null,"itemtype":"category","itemmodule":null,"iteminstance":2,"itemnumber":null,"idnumber":"",
       "categoryid":null,"outcomeid":null,"scaleid":null,"weightraw":0.8,"weightformatted":"80.00 %",
       "graderaw":17,"gradeformatted":"17.00","grademin":0,"grademax":20,"feedback":"","feedbackformat":0},
      {"id":14,"itemname":"Participation","itemtype":"manual","itemmodule":null,"iteminstance":null,"itemnumber":0,"idnumber":"",
       "categoryid":1,"outcomeid":null,"scaleid":null,"weightraw":0.2,"weightformatted":"20.00 %",
       "graderaw":3,"gradeformatted":"Good","grademin":0,"grademax":5,"feedback":"","feedbackformat":0},
      {"id":15,"itemname":"Bonus","itemtype":"manual","categoryid":1,"weightraw":0.1,"status":"extra",
       "graderaw":1,"gradeformatted":"1,00","grademin":0,"grademax":2,"feedback":""},
      {"id":16,"itemname":null,"itemtype":"course","itemmodule":null,"iteminstance":1,"itemnumber":null,"idnumber":"",
       "categoryid":null,"outcomeid":null,"scaleid":null,"graderaw":20,"gradeformatted":"20.00","grademin":0,"grademax":25,
       "lettergradeformatted":"B-","feedback":"","feedbackformat":0}]}],"warnings":[]}
    """#

    static let table = #"""
    {"tables":[{"courseid":5,"userid":42,"userfullname":"An Nguyễn","maxdepth":3,"tabledata":[
      {"itemname":{"class":"level1 levelodd d1 b2t category column-itemname","colspan":5,
       "content":"<div class=\"d-flex category-content\"><a role=\"button\" href=\"#\"><span title=\"Collapse\"><i class=\"icon fa fa-chevron-down\" aria-label=\"Collapse\"></i></span></a><span>Algebra</span></div>",
       "celltype":"th","id":"cat_1_42"}},
      {"leader":{"class":"level1 levelodd d1 b1t b2b b1l","rowspan":6}},
      {"itemname":{"class":"level2 leveleven d2 b2t category column-itemname","colspan":4,
       "content":"<div class=\"d-flex category-content\"><span>Homework &amp; essays</span></div>","celltype":"th","id":"cat_2_42"}},
      {"itemname":{"class":"level3 item b1b column-itemname","colspan":1,"content":"Essay","celltype":"th","id":"row_11_42"},
       "grade":{"class":"level3 item","content":"17.00","headers":"cat_2_42 row_11_42 grade42"}}
    ]}],"warnings":[]}
    """#

    func answering(report: String = Self.report) {
        http.on("core_webservice_get_site_info", json: CourseFixtures.siteInfo)
        http.on("gradereport_user_get_grade_items", json: report)
        http.on("gradereport_user_get_grades_table", json: Self.table)
    }

    @Test func theReportIsAskedForTheTokensUserAndItsCategoriesNamedFromTheTable() async throws {
        answering()
        let grades = try #require(try await client.grades(CourseID(5), .ignored))
        let asked = try #require(http.calls("gradereport_user_get_grade_items").first)
        #expect(asked.field("courseid") == "5")
        #expect(asked.field("userid") == "42")
        #expect(http.calls("gradereport_user_get_grades_table").first?.field("userid") == "42")
        #expect(grades.reporter == "Moodle")
        #expect(grades.groups.map(\.name) == ["Homework & essays", ""])
    }

    @Test func totalsAndItemsAreAsTheReportGivesThem() async throws {
        answering()
        let grades = try #require(try await client.grades(CourseID(5), .ignored))
        #expect(grades.reportedTotal == ReportedGrade(score: 20, maximum: 25, text: "B-"))
        #expect(grades.reportedTotal?.percent == 80)
        #expect(!grades.hidesTotals)

        let homework = grades.groups[0]
        #expect(homework.reported == ReportedGrade(score: 17, maximum: 20))
        #expect(homework.weight == 80)
        #expect(homework.work.map(\.id) == ["301", "302"], "an activity is known by its cmid, as its assignment is")
        #expect(homework.work[0].name == "Essay & notes")
        #expect(homework.work[0].score == 17)
        #expect(homework.work[0].grade == nil, "17.00 only repeats the score")
        #expect(homework.work[0].feedback == "Good & clear.")
        #expect(homework.work[1].score == nil)
        #expect(homework.work[1].reportedStatus == nil, "an empty grade is simply not graded")

        let own = grades.groups[1].work
        #expect(own.map(\.id) == ["item 14", "item 15"])
        #expect(own[0].grade == "Good", "a scale's word says more than its number")
        #expect(own[1].grade == nil, "1,00 is a number written with a decimal comma")
        #expect(own[1].reportedStatus == .extraCredit)
        #expect(own[0].weight == 20)
    }

    @Test func aCourseWithoutCategoriesAsksOnlyForTheItems() async throws {
        let flat = Self.report.replacing(#""itemtype":"category""#, with: #""itemtype":"manual""#)
        answering(report: flat)
        _ = try await client.grades(CourseID(5), .ignored)
        #expect(http.calls("gradereport_user_get_grades_table").isEmpty)
    }

    @Test func aCourseTotalHiddenFromTheStudentIsSaidToBeHidden() async throws {
        let hidden = Self.report.replacing(#""graderaw":20,"gradeformatted":"20.00""#, with: #""graderaw":null,"gradeformatted":"-""#)
        answering(report: hidden)
        let grades = try #require(try await client.grades(CourseID(5), .ignored))
        #expect(grades.hidesTotals, "items are graded, yet the total is blank: the teacher hides it")
    }

    @Test func aCourseThatShowsNoGradesHasNoGradesSection() async throws {
        http.on("core_webservice_get_site_info", json: CourseFixtures.siteInfo)
        http.on("gradereport_user_get_grade_items", json: #"{"exception":"moodle_exception","errorcode":"nopermissiontoviewgrades","message":"Cannot view grades."}"#)
        let grades = try await client.grades(CourseID(5), .ignored)
        #expect(grades == nil)
    }

    @Test func anOutageIsAnErrorNotAMissingSection() async throws {
        http.on("core_webservice_get_site_info", json: CourseFixtures.siteInfo)
        http.on("gradereport_user_get_grade_items", json: #"{"exception":"dml_read_exception","errorcode":"dmlreadexception","message":"Error reading from database"}"#)
        await #expect(throws: MoodleError.self) { try await client.grades(CourseID(5), .ignored) }
    }
}
