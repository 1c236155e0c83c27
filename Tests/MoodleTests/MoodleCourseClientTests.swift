import CourseKit
import Foundation
import HTTP
@testable import Moodle
import Testing
import TestSupport

/// `CourseClient.moodle`: the course list from the student's enrolments, named categories and the grade report,
/// a course's overview and syllabus from one `core_course_get_courses_by_field`, and what two
/// sections ask at once fetched once.
struct MoodleCourseClientTests {
    let http = MoodleScriptedHTTP()

    var client: CourseClient { .moodle(TestSite.connection(http)) }

    func listing() {
        http.on("core_webservice_get_site_info", json: CourseFixtures.siteInfo)
        http.on("core_enrol_get_users_courses", json: CourseFixtures.usersCourses)
        http.on("core_course_get_enrolled_courses_by_timeline_classification", json: CourseFixtures.timeline)
        http.on("gradereport_overview_get_course_grades", json: CourseFixtures.grades)
    }

    @Test func theListIsEveryEnrolledCourseWithItsGradeFromTheReport() async throws {
        listing()
        let page = try await client.coursesPage(.all, nil, .ignored)
        #expect(page.next == nil)
        #expect(page.items.map(\.id) == [CourseID(5), CourseID(7), CourseID(9), CourseID(11)])

        let algebra = page.items[0]
        #expect(algebra.name == "Algebra & Geometry")
        #expect(algebra.code == "ALG&GEO")
        #expect(algebra.term?.name == "Học kỳ 1 2025&2026")
        #expect(algebra.startAt == Date(timeIntervalSince1970: 1_756_684_800))
        #expect(algebra.endAt == Date(timeIntervalSince1970: 1_767_139_200))
        #expect(algebra.isFavorite)
        #expect(!algebra.isHidden)
        #expect(algebra.grade == Course.Grade(letter: "B+", score: 85))
        #expect(algebra.htmlURL?.absoluteString == "https://learn.example.edu/course/view.php?id=5")

        let web = page.items[1]
        #expect(web.name == "<HTML> for beginners")
        #expect(web.isHidden, "removed from view on the Dashboard: listed, and marked")
        #expect(!web.isFavorite)
        #expect(web.grade == nil, "\"-\" is no grade")

        #expect(page.items[2].grade == Course.Grade(letter: nil, score: 72.5))
        #expect(page.items[2].term?.name == "Học kỳ 2 2024")

        let reading = page.items[3]
        #expect(reading.startAt == nil, "0 is no date")
        #expect(reading.endAt == nil)
        #expect(reading.term == nil, "a blank category is no term")
        #expect(reading.grade == nil, "not in the report")
    }

    @Test func theListIsAskedForByTheTokensUserWithTheCategoriesAndGradesBesideIt() async throws {
        listing()
        let client = client
        _ = try await client.coursesPage(.current, nil, .ignored)
        let info = try #require(http.calls("core_webservice_get_site_info").first)
        #expect(info.fieldNames == ["wstoken"])
        let list = try #require(http.calls("core_enrol_get_users_courses").first)
        #expect(list.form.dropFirst().map { "\($0.0)=\($0.1)" } == ["userid=42"])
        let categories = try #require(http.calls("core_course_get_enrolled_courses_by_timeline_classification").first)
        #expect(categories.form.dropFirst().map { "\($0.0)=\($0.1)" } == ["classification=allincludinghidden"], "the hidden ones too")
        let grades = try #require(http.calls("gradereport_overview_get_course_grades").first)
        #expect(grades.fieldNames == ["wstoken"])
        #expect(http.requests.count == 4)

        _ = try await client.coursesPage(.current, nil, .ignored)
        #expect(http.calls("core_webservice_get_site_info").count == 1, "a token's user is asked once")
        #expect(http.calls("core_enrol_get_users_courses").count == 2)
    }

    @Test func aUserKnownFromAnEarlierRunIsNotAskedFor() async throws {
        listing()
        let connection = MoodleConnection(
            siteURL: TestSite.url, credentials: TestSite.credentials, http: http.client, clock: .fixed(TestSite.now), analytics: .noOp,
            knownUserID: 42
        )
        _ = try await CourseClient.moodle(connection).coursesPage(.all, nil, .ignored)
        #expect(http.calls("core_webservice_get_site_info").isEmpty)
        #expect(http.calls("core_enrol_get_users_courses").first?.form.last.map { "\($0.0)=\($0.1)" } == "userid=42")
    }

    @Test func aSiteWithoutTheDashboardsListStillListsTheCoursesUnnamedByCategory() async throws {
        http.on("core_webservice_get_site_info", json: CourseFixtures.siteInfo)
        http.on("core_enrol_get_users_courses", json: CourseFixtures.usersCourses)
        http.on("core_course_get_enrolled_courses_by_timeline_classification", json: wsError("invalid_parameter_exception", "invalidparameter", "Invalid classification"))
        http.on("gradereport_overview_get_course_grades", json: CourseFixtures.grades)
        let page = try await client.coursesPage(.all, nil, .ignored)
        #expect(page.items.map(\.id) == [CourseID(5), CourseID(7), CourseID(9), CourseID(11)])
        #expect(page.items.allSatisfy { $0.term == nil })
        #expect(page.items[0].grade == Course.Grade(letter: "B+", score: 85))
    }

    @Test func currentLeavesOutEndedCoursesAndFavoritesOnlyTheStarredOnes() async throws {
        listing()
        #expect(try await client.coursesPage(.current, nil, .ignored).items.map(\.id) == [CourseID(5), CourseID(7), CourseID(11)])
        #expect(try await client.coursesPage(.favorites, nil, .ignored).items.map(\.id) == [CourseID(5)])
    }

    @Test func aRefusedGradeReportStillListsTheCourses() async throws {
        http.on("core_webservice_get_site_info", json: CourseFixtures.siteInfo)
        http.on("core_enrol_get_users_courses", json: CourseFixtures.usersCourses)
        http.on("core_course_get_enrolled_courses_by_timeline_classification", json: CourseFixtures.timeline)
        http.on("gradereport_overview_get_course_grades", json: wsError("webservice_access_exception", "accessexception", "Access control exception"))
        let page = try await client.coursesPage(.all, nil, .ignored)
        #expect(page.items.count == 4)
        #expect(page.items.allSatisfy { $0.grade == nil })
    }

    @Test func aRefusedListFailsTheLoad() async throws {
        http.on("core_webservice_get_site_info", json: wsError("moodle_exception", "invalidtoken", "Invalid token - token not found"))
        http.on("core_enrol_get_users_courses", json: CourseFixtures.usersCourses)
        http.on("core_course_get_enrolled_courses_by_timeline_classification", json: CourseFixtures.timeline)
        http.on("gradereport_overview_get_course_grades", json: CourseFixtures.grades)
        let error = await thrownError { _ = try await client.coursesPage(.all, nil, .ignored) }
        guard case .invalidToken? = error as? MoodleError else {
            Issue.record("expected an invalid token, got \(String(describing: error))")
            return
        }
    }

    @Test func aBackgroundLoadMarksItsRequests() async throws {
        listing()
        _ = try await client.coursesPage(.all, nil, LoadProgress(urgency: .background) { _ in })
        #expect(http.requests.count == 4)
        #expect(http.requests.allSatisfy { $0.request.isBackground })
    }

    @Test func aCourseOverviewNamesItsTeachersFromItsContacts() async throws {
        http.on("core_course_get_courses_by_field", json: CourseFixtures.detail())
        http.on("gradereport_overview_get_course_grades", json: CourseFixtures.grades)
        let course = try await client.course(CourseID(5), .ignored)
        let detail = try #require(http.calls("core_course_get_courses_by_field").first)
        #expect(detail.form.dropFirst().map { "\($0.0)=\($0.1)" } == ["field=id", "value=5"])
        #expect(course.id == CourseID(5))
        #expect(course.name == "Algebra & Geometry")
        #expect(course.code == "ALG&GEO")
        #expect(course.term?.name == "Học kỳ 1 2025&2026")
        #expect(course.teachers == ["Trần Thị B", "John O'Neil"])
        #expect(course.startAt == Date(timeIntervalSince1970: 1_756_684_800))
        #expect(course.endAt == Date(timeIntervalSince1970: 1_767_139_200))
        #expect(course.grade == Course.Grade(letter: "B+", score: 85))
        #expect(course.htmlURL?.absoluteString == "https://learn.example.edu/course/view.php?id=5")
    }

    @Test func aCourseTheSiteDoesNotListIsNotFound() async throws {
        http.on("core_course_get_courses_by_field", json: #"{"courses":[],"warnings":[]}"#)
        http.on("gradereport_overview_get_course_grades", json: CourseFixtures.grades)
        let error = await thrownError { _ = try await client.course(CourseID(404), .ignored) }
        #expect(error as? CourseNotFound == CourseNotFound(id: CourseID(404)))
    }

    @Test func theSyllabusIsTheSummaryAsHTML() async throws {
        http.on("core_course_get_courses_by_field", json: CourseFixtures.detail())
        #expect(try await client.syllabus(CourseID(5), .ignored) == "<p>Weekly problem sets &amp; two exams.</p>")
    }

    @Test(arguments: ["<p><br></p>", "", "<p></p>\\n<p>&nbsp;</p>", "<div dir=\\\"ltr\\\"> </div>"])
    func aSummaryWithNoTextIsNoSyllabus(_ summary: String) async throws {
        http.on("core_course_get_courses_by_field", json: CourseFixtures.detail(summary: summary))
        #expect(try await client.syllabus(CourseID(5), .ignored) == nil)
    }

    @Test func anOverviewAndASyllabusAskedTogetherShareOneRequest() async throws {
        let gate = Gate()
        // Opened however the test ends, so the requests it holds end too (tasks, not `async let`:
        // those would be awaited, still held, before this runs).
        defer { gate.open() }
        http.on("core_course_get_courses_by_field", { _ in
            await gate.wait()
            return .json(CourseFixtures.detail())
        })
        http.on("gradereport_overview_get_course_grades", json: CourseFixtures.grades)
        let client = client
        let course = Task { try await client.course(CourseID(5), .ignored) }
        let syllabus = Task { try await client.syllabus(CourseID(5), .ignored) }
        // Both wait on the first request; a second would arrive while the gate is shut.
        try await Task.sleep(for: .milliseconds(300))
        gate.open()
        let (overview, text) = try await (course.value, syllabus.value)
        #expect(overview.name == "Algebra & Geometry")
        #expect(text != nil)
        #expect(http.calls("core_course_get_courses_by_field").count == 1)
    }

    @Test func aLaterLoadAsksAgain() async throws {
        http.on("core_course_get_courses_by_field", json: CourseFixtures.detail())
        _ = try await client.syllabus(CourseID(5), .ignored)
        _ = try await client.syllabus(CourseID(5), .ignored)
        #expect(http.calls("core_course_get_courses_by_field").count == 2, "nothing is kept once the answer is in")
    }

    @Test func modulesAndFilesOfOneConnectionShareOneContentsRequest() async throws {
        let gate = Gate()
        // Opened however the test ends, so the requests it holds end too (tasks, not `async let`:
        // those would be awaited, still held, before this runs).
        defer { gate.open() }
        http.on("core_course_get_contents", { _ in
            await gate.wait()
            return .json(ContentsFixtures.course)
        })
        let connection = TestSite.connection(http)
        let courses = CourseClient.moodle(connection)
        let files = FileClient.moodle(connection)
        let modules = Task { try await courses.modules(CourseID(5), .ignored) }
        let listed = Task { try await files.files(CourseID(5), .ignored) }
        try await Task.sleep(for: .milliseconds(300))
        gate.open()
        let (sections, tree) = try await (modules.value, listed.value)
        #expect(!sections.isEmpty)
        #expect(!tree.files.isEmpty)
        #expect(http.calls("core_course_get_contents").count == 1)
        #expect(http.calls("core_course_get_contents").first?.fieldNames == ["wstoken", "courseid"])
    }

    @Test func clientsOfTwoConnectionsDoNotShare() async throws {
        let gate = Gate()
        // Opened however the test ends, so the requests it holds end too (tasks, not `async let`:
        // those would be awaited, still held, before this runs).
        defer { gate.open() }
        http.on("core_course_get_contents", { _ in
            await gate.wait()
            return .json(ContentsFixtures.course)
        })
        let courses = CourseClient.moodle(TestSite.connection(http))
        let files = FileClient.moodle(TestSite.connection(http))
        let modules = Task { try await courses.modules(CourseID(5), .ignored) }
        let listed = Task { try await files.files(CourseID(5), .ignored) }
        try await eventually("both asked") { http.calls("core_course_get_contents").count == 2 }
        gate.open()
        _ = try await (modules.value, listed.value)
    }
}
