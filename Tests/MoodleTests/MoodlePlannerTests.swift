import CourseKit
import Foundation
import HTTP
@testable import Moodle
import Testing
import TestSupport

/// `PlannerClient.moodle`: the calendar's action events (`core_calendar_get_action_events_by_timesort`),
/// page after page, as the Due pane's rows (research/4-forum-calendar-files.md §5).
struct MoodlePlannerTests {
    let http = MoodleScriptedHTTP()
    let start = TestSite.date(days: -7)
    let end = TestSite.date(days: 28)

    var client: PlannerClient { .moodle(TestSite.connection(http)) }

    /// One action event as `event_exporter` writes it.
    static func event(
        id: Int, module: String? = "assign", activity: String? = "Essay &amp; reflection", cmid: Int? = 101, type: String = "due",
        timesort: Int, overdue: Bool = false, actionable: Bool = true, course: Bool = true
    ) -> String {
        let name = activity.map { "\($0) is due" } ?? "Study group"
        let courseField = course ? #"""
        "course":{"id":5,"fullname":"Algebra &amp; Geometry","shortname":"ALG&amp;GEO","idnumber":"","summary":"","summaryformat":1,
         "startdate":1756684800,"enddate":1767139200,"visible":true,"showactivitydates":true,"showcompletionconditions":true,
         "pdfexportfont":null,"fullnamedisplay":"Algebra &amp; Geometry","viewurl":"https://learn.example.edu/course/view.php?id=5",
         "courseimage":"","progress":0,"hasprogress":false,"isfavourite":false,"hidden":false,"showshortname":false,"coursecategory":"Sem 1"},
        """# : ""
        let moduleFields = module.map { module in
            #""component":"mod_\#(module)","modulename":"\#(module)","activityname":"\#(activity ?? "")","activitystr":"Assignment is due","instance":\#(cmid ?? 0),"#
        } ?? #""component":null,"modulename":null,"activityname":null,"activitystr":null,"instance":null,"#
        let url = cmid.map { #""url":"https://learn.example.edu/mod/\#(module ?? "")/view.php?id=\#($0)","# } ?? #""url":"https://learn.example.edu/course/view.php?id=5","#
        return #"""
        {"id":\#(id),"name":"\#(name)","description":"","descriptionformat":1,"location":"","categoryid":null,"groupid":null,
         "userid":2,"repeatid":null,"eventcount":null,\#(moduleFields)"eventtype":"\#(type)","timestart":\#(timesort),
         "timeduration":0,"timesort":\#(timesort),"timeusermidnight":\#(timesort - timesort % 86400),"visible":1,"timemodified":1756000000,
         "overdue":\#(overdue),"icon":{"key":"monologo","component":"assign","alttext":"Activity event"},\#(courseField)
         "subscription":{"displayeventsource":false},"canedit":false,"candelete":false,
         "deleteurl":"https://learn.example.edu/calendar/delete.php?id=\#(id)&course=5",
         "editurl":"https://learn.example.edu/course/mod.php?update=\#(cmid ?? 0)&return=1&sesskey=abc",
         "viewurl":"https://learn.example.edu/calendar/view.php?view=day&course=5&time=\#(timesort)#event_\#(id)",
         "formattedtime":"<span class=\"dimmed_text\">Today</span>","formattedlocation":"","isactionevent":true,"iscourseevent":false,
         "iscategoryevent":false,"groupname":null,"normalisedeventtype":"course","normalisedeventtypetext":"Course event",
         "action":{"name":"Add submission","url":"https://learn.example.edu/mod/assign/view.php?id=\#(cmid ?? 0)&action=editsubmission",
          "itemcount":1,"actionable":\#(actionable),"showitemcount":false},"purpose":"assessment",\#(url)"branded":false}
        """#
    }

    static func page(_ events: [String], firstID: Int? = nil, lastID: Int? = nil) -> String {
        let first = firstID.map(String.init) ?? "null"
        let last = lastID.map(String.init) ?? "null"
        return #"{"events":[\#(events.joined(separator: ","))],"firstid":\#(first),"lastid":\#(last)}"#
    }

    @Test func theEventsAreAskedFromStartToEndFiftyAtATime() async throws {
        http.on("core_calendar_get_action_events_by_timesort", json: Self.page([Self.event(id: 900, timesort: TestSite.seconds(days: 2))], firstID: 900, lastID: 900))
        let items = try await client.items(start, end, .ignored)
        #expect(items.count == 1)
        let sent = try #require(http.requests.first)
        #expect(sent.form.dropFirst().map { "\($0.0)=\($0.1)" } == [
            "timesortfrom=\(TestSite.seconds(days: -7))", "timesortto=\(TestSite.seconds(days: 28))", "limitnum=50",
        ])
    }

    @Test func aFullPageIsFollowedFromItsLastEventUntilAShortPage() async throws {
        let first = (0..<50).map { Self.event(id: 1000 + $0, cmid: 200 + $0, timesort: TestSite.seconds(days: 1) + $0) }
        let second = (50..<53).map { Self.event(id: 1000 + $0, cmid: 200 + $0, timesort: TestSite.seconds(days: 1) + $0) }
        http.on("core_calendar_get_action_events_by_timesort", json: Self.page(first, firstID: 1000, lastID: 1049), Self.page(second, firstID: 1050, lastID: 1052))
        let items = try await client.items(start, end, .ignored)
        #expect(items.count == 53)
        #expect(items.map(\.assignmentID) == (0..<53).map { String(200 + $0) })
        let pages = http.calls("core_calendar_get_action_events_by_timesort")
        #expect(pages.count == 2)
        #expect(pages[0].field("aftereventid") == nil)
        #expect(pages[1].field("aftereventid") == "1049")
        #expect(pages[1].field("timesortfrom") == pages[0].field("timesortfrom"))
        #expect(pages[1].field("limitnum") == "50")
    }

    @Test func anEmptyPageEndsTheList() async throws {
        let full = (0..<50).map { Self.event(id: 1000 + $0, timesort: TestSite.seconds(days: 1)) }
        http.on("core_calendar_get_action_events_by_timesort", json: Self.page(full, firstID: 1000, lastID: 1049), Self.page([]))
        #expect(try await client.items(start, end, .ignored).count == 50)
        #expect(http.requests.count == 2)
    }

    @Test func aListThatNeverEndsIsCutShort() async throws {
        let counter = Shared(0)
        http.on("core_calendar_get_action_events_by_timesort", { _ in
            let page = counter.modify { count in
                count += 1
                return count
            }
            let events = (0..<50).map { Self.event(id: page * 100 + $0, timesort: TestSite.seconds(days: 1)) }
            return .json(Self.page(events, firstID: page * 100, lastID: page * 100 + 49))
        })
        let error = await thrownError { _ = try await client.items(start, end, .ignored) }
        #expect(error as? PagingError == .tooManyPages(limit: 200))
        #expect(http.requests.count == 200)
    }

    @Test func anAssignmentsEventIsItsRowToHandInTo() async throws {
        http.on("core_calendar_get_action_events_by_timesort", json: Self.page([Self.event(id: 900, timesort: TestSite.seconds(days: 2))], firstID: 900, lastID: 900))
        let item = try #require(try await client.items(start, end, .ignored).first)
        #expect(item.kind == .assignment)
        #expect(item.title == "Essay & reflection")
        #expect(item.assignmentID == "101", "the calendar's instance is the course module, as the assignments are named")
        #expect(item.courseID == CourseID(5))
        #expect(item.courseCode == "ALG&GEO")
        #expect(item.contextName == "Algebra & Geometry")
        #expect(item.date == TestSite.date(days: 2))
        #expect(item.status?.isMissing == false)
        #expect(item.htmlURL?.absoluteString == "https://learn.example.edu/mod/assign/view.php?id=101")
    }

    @Test func otherKindsAreNamedByTheirModule() async throws {
        http.on("core_calendar_get_action_events_by_timesort", json: Self.page([
            Self.event(id: 901, module: "quiz", activity: "Quiz 1", cmid: 48, type: "close", timesort: TestSite.seconds(days: 3)),
            Self.event(id: 902, module: "forum", activity: "Introductions", cmid: 70, type: "due", timesort: TestSite.seconds(days: 4)),
            Self.event(id: 903, module: "lesson", activity: "Lesson 2", cmid: 71, type: "close", timesort: TestSite.seconds(days: 5)),
            Self.event(id: 904, module: nil, activity: nil, cmid: nil, type: "course", timesort: TestSite.seconds(days: 6)),
        ], firstID: 901, lastID: 904))
        let items = try await client.items(start, end, .ignored)
        #expect(items.map(\.kind) == [.quiz, .discussionTopic, .other("lesson"), .calendarEvent])
        #expect(items.map(\.assignmentID) == [nil, nil, nil, nil], "only an assignment takes files")
        #expect(items.map(\.title) == ["Quiz 1", "Introductions", "Lesson 2", "Study group"])
        #expect(Set(items.map(\.id)).count == 4)
    }

    @Test func anEventIsMissingOnlyWhenOverdueAndTheStudentCanStillAct() async throws {
        http.on("core_calendar_get_action_events_by_timesort", json: Self.page([
            Self.event(id: 910, cmid: 101, timesort: TestSite.seconds(days: -2), overdue: true, actionable: true),
            Self.event(id: 911, cmid: 102, timesort: TestSite.seconds(days: -2), overdue: true, actionable: false),
            Self.event(id: 912, cmid: 103, timesort: TestSite.seconds(days: 2), overdue: false, actionable: true),
            Self.event(id: 913, cmid: 104, timesort: TestSite.seconds(days: 3), overdue: false, actionable: false),
        ], firstID: 910, lastID: 913))
        let items = try await client.items(start, end, .ignored)
        #expect(items.map { $0.status?.isMissing } == [true, false, false, false])
    }

    @Test func anEventWithoutATimeIsLeftOut() async throws {
        http.on("core_calendar_get_action_events_by_timesort", json: Self.page([
            Self.event(id: 920, cmid: 101, timesort: 0), Self.event(id: 921, cmid: 102, timesort: TestSite.seconds(days: 1)),
        ], firstID: 920, lastID: 921))
        #expect(try await client.items(start, end, .ignored).map(\.assignmentID) == ["102"])
    }

    @Test
    func twoEventsOfOneActivityAreTwoRows() async throws {
        http.on("core_calendar_get_action_events_by_timesort", json: Self.page([
            Self.event(id: 930, module: "quiz", activity: "Quiz 1", cmid: 48, type: "open", timesort: TestSite.seconds(days: 1)),
            Self.event(id: 931, module: "quiz", activity: "Quiz 1", cmid: 48, type: "close", timesort: TestSite.seconds(days: 8)),
        ], firstID: 930, lastID: 931))
        let items = try await client.items(start, end, .ignored)
        #expect(items.count == 2)
        #expect(Set(items.map(\.id)).count == 2, "a list's rows are told apart by their IDs")
    }

    @Test func anExtensionIsTheAssignmentsOneRowOnItsOwnDate() async throws {
        http.on("core_calendar_get_action_events_by_timesort", json: Self.page([
            Self.event(id: 940, cmid: 101, timesort: TestSite.seconds(days: -1), overdue: true),
            Self.event(id: 941, cmid: 102, timesort: TestSite.seconds(days: 1)),
            Self.event(id: 942, cmid: 101, type: "extension", timesort: TestSite.seconds(days: 3)),
        ], firstID: 940, lastID: 942))
        let items = try await client.items(start, end, .ignored)
        #expect(items.map(\.assignmentID) == ["102", "101"], "the due event the extension replaces is left out")
        #expect(items.last?.id == "assign:101", "the row keeps the assignment's own ID")
        #expect(items.last?.date == TestSite.date(days: 3))
        #expect(items.last?.status?.isMissing == false)
    }
}
