import FakeCanvasKit
import Foundation
import Testing

/// Browsing a (fake) Canvas LMS: the course list page by page, a course's sections, and every
/// way a request can fail, each shown inline where it happened and retried with `r` or by itself.
///
/// Each test starts its own fake server and tmux session. The groups are serialized inside and run
/// beside each other, so the machine never drives more apps at once than it can redraw and capture
/// in time: several tests watch states that last only a second or two.
@Suite struct CanvasBrowseTests {
    /// "127.0.0.1:PORT", as the app names the server in its messages.
    static func host(_ server: FakeCanvasServer) -> String {
        "127.0.0.1:\(server.baseURL.port ?? 0)"
    }

    /// The teacher's Current view: the fake's courses whose term has not ended and that are not completed.
    static let current = "Courses · Current · 104"
    /// Every course: the usual list, then the concluded enrollments, which repeat some.
    static let all = "Courses · All · 231"

    /// The page number of a logged request for the usual course list (not the concluded one):
    /// 1 when it has no `page` parameter.
    static func coursePage(_ request: FakeCanvasServer.LoggedRequest) -> Int? {
        guard request.method == "GET", request.path.hasPrefix("/api/v1/courses?"),
              !request.path.contains("enrollment_state=completed") else { return nil }
        guard let match = request.path.firstMatch(of: /[?&]page=(\d+)/) else { return 1 }
        return Int(match.1)
    }

    /// The list box's last row with text, trimmed.
    static func lastRow(_ box: Box) -> String {
        box.lines.last { !$0.trimmingSpaces().isEmpty }?.trimmingSpaces() ?? ""
    }

    /// The course list: pages, a failed page, an unreachable server, the deep-linked course's mark.
    @Suite(.serialized) struct TheList {
        @Test func allGrowsPageByPageToEvery231CoursesGroupedByTermAndGShowsThePastOnesLast() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            // Hold the second page back until the first page, with its loading row, was seen on
            // screen, however slowly a loaded machine gets there; the match is the course list's next
            // link (its last include, then the page), not the planner's.
            try await server.fault(#"{"match": "current_grading_period_scores&page=2", "kind": "hold", "seconds": 120}"#)
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            try tmux.launchApp(canvas: server, view: "all")

            let firstPage = try await tmux.glimpse("the first page of 50 with 'Loading more…' last", timeout: .seconds(90)) { screen in
                // The row counts the seconds it waits ("Loading more… 7s") once a few have passed.
                screen.box("Courses · All · 50").map { lastRow($0).contains("Loading more…") } ?? false
            }
            _ = try await server.control("DELETE", "/__control/faults")
            let list = try #require(firstPage.box("Courses · All · 50"))
            #expect(list.isFocused)
            #expect(list.lines.first?.trimmingSpaces() == "Current Term", "\(list)")

            let every = try await tmux.waitFor(box: all, "every page loaded") { !$0.contains("Loading more") }
            #expect(!every.contains("[r]etry"))
            let pages = try await server.requests().compactMap(coursePage)
            #expect(pages == [1, 2, 3, 4, 5], "followed rel=\"next\" once per page")
            let concluded = try await server.requests().filter { $0.path.contains("enrollment_state=completed") }
            #expect(!concluded.isEmpty, "then read the concluded enrollments")

            try tmux.press("G")
            try await tmux.waitFor(text: "231 of 231")
            let end = try await tmux.waitFor(box: all, "the list scrolled to its end") { !$0.contains("Current Term") }
            let last = lastRow(end)

            try tmux.press("Enter")
            let course = try await tmux.waitFor(box: "Course", "the last course open and focused") {
                $0.isFocused && $0.contains("Modules · ")
            }
            #expect(course.lines.first.map { last.hasPrefix($0.trimmingSpaces().prefix(12)) } == true, "\(last) vs \(course)")
            #expect(course.contains("Past Term A · "), "its term: \(course)")
            let marked = try await tmux.waitFor(box: all, "the open course marked") { lastRow($0).hasPrefix("› ") }
            #expect(!marked.isFocused)
        }

        @Test func failedPageShowsItsErrorLastAndRResumesFromThatPage() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            try await server.fault(#"{"match": "current_grading_period_scores&page=3", "kind": "500", "count": 1}"#)
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            try tmux.launchApp(canvas: server, view: "all")

            let failed = try await tmux.waitFor(box: "Courses · All · 100", "the third page's error at the end") { $0.contains("[r]etry") }
            #expect(failed.isFocused)
            #expect(failed.containsIgnoringWrapping("❗ Canvas error at \(host(server)) (HTTP 500)  [r]etry"), "\(failed)")
            #expect(failed.text.hasSuffix("[r]etry"), "the error is the list's last row: \(failed)")
            #expect(failed.contains("Current Term"), "the first pages stay")
            #expect(!failed.contains("Loading more"))

            try tmux.press("r")
            let every = try await tmux.waitFor(box: all, "the rest of the list after r") { !$0.contains("Loading more") }
            #expect(!every.contains("❗"))
            let pages = try await server.requests().compactMap(coursePage)
            #expect(pages == [1, 2, 3, 3, 4, 5], "resumed at page 3, not from the start")
        }

        @Test func unreachableServerSaysSoAndRLoadsTheListOnceItIsUp() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            try await server.control("POST", "/__control/down")
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            try tmux.launchApp(canvas: server)

            let down = try await tmux.waitFor(box: "Courses · Current", "the list's error") { $0.contains("[r]etry") }
            #expect(down.isFocused)
            #expect(down.containsIgnoringWrapping("❗ Can't reach 127.0.0.1  [r]etry"), "\(down)")

            try await server.control("POST", "/__control/up")
            try tmux.press("r")
            let list = try await tmux.waitFor(box: current, "the whole list after r") { !$0.contains("Loading more") }
            #expect(!list.contains("❗"))
            #expect(!list.contains("Past Term"), "ended terms are not current")
        }

        @Test func aNextLinkThatLoopsBackEndsTheListWithAnErrorInsteadOfGrowingForever() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            try await server.fault(#"{"match": "/api/v1/courses?", "kind": "link_loop", "count": -1}"#)
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            try tmux.launchApp(canvas: server, view: "all")

            let list = try await tmux.waitFor(boxTitled: "Courses · All", "the loop reported") { $0.contains("[r]etry") }
            #expect(list.title == "Courses · All · 50", "the first page, once: \(list.title)")
            #expect(list.containsIgnoringWrapping("leads back to a page already read"), "\(list)")
            let asked = try await server.requests().filter { $0.path.hasPrefix("/api/v1/courses?") }
            #expect(asked.count == 2, "the page, then its next link once: \(asked.map(\.path))")
        }

        /// The open course is marked `›` in the list, however the deep link named it: an SIS ID
        /// must still mark the row of the course's own ID.
        @Test(arguments: ["4242", "sis_course_id:ABC-101"])
        func deepLinkedCourseIsMarkedInTheList(course: String) async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            try tmux.launchApp(canvas: server, ["--course", course])
            let screen = try await tmux.waitFor("course 4242 open and the whole list") { screen in
                screen.box("Course")?.contains("Modules · 3") == true
                    && screen.box(current).map { !$0.contains("Loading more") } == true
            }
            let list = try #require(screen.box(current))
            #expect(list.lines.contains { $0.hasPrefix("› Introduction to Accounting") }, "the open course is selected and marked: \(list)")
        }

        @Test func aStudentsViewsCycleWithVAndARestrictedCourseSaysWhyWhenOpened() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            try await server.configure(#"{"role": "student"}"#)
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            try tmux.launchApp(canvas: server)

            let current = try await tmux.waitFor(box: "Courses · Current · 99", "a student's current courses") { !$0.contains("Loading") }
            #expect(current.lines.first?.trimmingSpaces() == "Current Term")
            try tmux.press("v")
            let favorites = try await tmux.waitFor(box: "Courses · Favorites · 37", "the favorites") { !$0.contains("Loading") }
            #expect(favorites.isFocused)
            try tmux.press("v")
            let every = try await tmux.waitFor(box: "Courses · All · 214", "every course, past ones too") { !$0.contains("Loading") }
            #expect(!every.contains("❗"))
            let requests = try await server.requests().map(\.path)
            #expect(requests.contains { $0.hasPrefix("/api/v1/users/self/favorites/courses?") })
            #expect(requests.contains { $0.contains("enrollment_state=completed") })

            // Back to Current, where the restricted courses have a group of their own.
            try tmux.press("v")
            try await tmux.waitFor(box: "Courses · Current · 99", "the current view again") { $0.isFocused }
            try tmux.press("G")
            let bottom = try await tmux.waitFor(box: "Courses · Current · 99", "the restricted courses last") {
                $0.contains("Not available now") && $0.lines.contains { $0.contains("🔒 Course ") && $0.contains("restricted") }
            }
            let row = try #require(bottom.lines.last { $0.contains("🔒 Course ") })
            let id = try #require(row.firstMatch(of: /Course (\d+)/)?.1)
            try tmux.press("Enter")
            let course = try await tmux.waitFor(box: "Course", "the restricted course open") { $0.isFocused && $0.contains("not available") }
            #expect(course.lines.first?.trimmingSpaces() == "🔒 Course \(id) is not available (restricted by date)", "\(course)")
            #expect(!course.contains("[r]etry") && !course.contains("token") && !course.contains("permission"))
        }
    }

    /// One course: its three sections, a section that fails, an unknown ID, a deep link by SIS ID.
    @Suite(.serialized) struct ACourse {
        @Test func openingACourseLoadsOverviewSyllabusAndModulesIncludingItemsURL() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            try tmux.launchApp(canvas: server, ["--course", "1"])

            let course = try await tmux.waitFor(box: "Course", "course 1 open with its modules") {
                $0.isFocused && $0.contains("Modules · 4")
            }
            #expect(course.lines.first?.trimmingSpaces() == "Calculus 101")
            #expect(course.contains("MATH 101 · Past Term B · ended"))
            #expect(course.contains("Teachers: Nguyễn Văn An, Trần Thị Bình"))
            #expect(course.contains("Welcome! Office hours are Mon & Wed, 10–12."), "the syllabus as text: \(course)")
            #expect(course.contains("• Week 1: introductions"))
            #expect(!course.containsIgnoringWrapping("not shown"), "a <script> in the syllabus is not text")
            #expect(course.contains("Week 1: Practice"))
            #expect(!course.contains("Loading") && !course.contains("Couldn't load"))

            // Module 100012 ("Week 2: Review") comes without items; its 14 come from items_url.
            try tmux.press("G")
            let end = try await tmux.waitFor(box: "Course", "the end of the modules") { $0.contains("Week 4: Wrap-up") }
            #expect(end.lines.contains { $0.trimmingSpaces() == "File   Slides 14" }, "the last item from items_url: \(end)")
            #expect(end.contains("Week 3: Projects"))
            let paths = try await server.requests().map(\.path)
            #expect(paths.contains { $0.hasPrefix("/api/v1/courses/1/modules/100012/items") }, "\(paths)")
        }

        @Test func aStudentSeesTheirProgressAndALockedModuleWithWhenItOpens() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            try await server.configure(#"{"role": "student"}"#)
            let tmux = try await TmuxSession(height: 60)
            defer { tmux.close() }
            try tmux.launchApp(canvas: server, ["--course", "2"])
            try await tmux.waitFor(box: "Course", "course 2 with its modules") { $0.isFocused && $0.contains("Modules · 5") }

            try tmux.press("G")
            let course = try await tmux.waitFor(box: "Course", "course 2's modules to the end") { $0.contains("Week 5: ") }
            #expect(course.lines.contains { $0.trimmingSpaces().hasPrefix("🔒 Week 5: ") && $0.contains(" · opens ") }, "\(course)")
            #expect(course.containsIgnoringWrapping("This module is locked until"), "the lock explanation: \(course)")
            #expect(course.lines.contains { $0.contains("🔒 Reading 1") || $0.contains("🔒 Homework 1") || $0.contains("🔒 Slides 1") }, "\(course)")
            try tmux.press("g")
            let top = try await tmux.waitFor(box: "Course", "the first modules") { $0.contains("✓ Week 1: ") }
            #expect(top.contains("✓ Week 1: ") && top.lines.contains { $0.contains("· completed") }, "\(top)")
        }

        @Test func aStudentSeesWhatIsDueFirstWithTheirStandingAndWhyOneIsLocked() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            try await server.configure(#"{"role": "student"}"#)
            let tmux = try await TmuxSession(height: 50)
            defer { tmux.close() }
            try tmux.launchApp(canvas: server, ["--course", "1"])
            let course = try await tmux.waitFor(box: "Course", "course 1's assignments") { $0.isFocused && $0.contains("Assignments · 3") }
            let rows = course.lines.map { $0.trimmingSpaces() }
            let start = try #require(rows.firstIndex(of: "Assignments · 3"))
            #expect(rows[start + 1] == "Homework 1")
            #expect(rows[start + 2].hasPrefix("was due ") && rows[start + 2].hasSuffix(" days ago · 10 pts · missing"), "\(course)")
            #expect(rows[start + 3] == "Essay")
            #expect(rows[start + 4].hasPrefix("due ") && rows[start + 4].hasSuffix(" 23:59 · 10 pts · not submitted"), "\(course)")
            #expect(rows[start + 5] == "🔒 Final Project")
            #expect(course.containsIgnoringWrapping(
                "This assignment is part of the module Week 2 and hasn't been unlocked yet. Visit the course modules page for information on how to unlock this content."
            ), "Canvas's HTML read as text: \(course)")
            #expect(!course.contains("<b>") && !course.contains("&nbsp;"), "\(course)")
        }

        /// A fault kind on the modules request, and the message the Modules section shows for it (HOST is 127.0.0.1:PORT).
        @Test(arguments: [
            ("500", "Canvas error at HOST (HTTP 500)"),
            ("503", "Canvas error at HOST (HTTP 503)"),
            ("malformed", "Unexpected response from HOST"),
            ("unauthorized", "HOST rejected the access token from --token-file TOKENFILE: it is wrong, expired or revoked."),
            ("not_permitted", "You don't have permission to see the modules of course 1"),
        ])
        func failedModulesSectionShowsWhyAndRRetriesOnlyThatSection(kind: String, template: String) async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            try await server.fault(#"{"match": "/courses/1/modules", "kind": "\#(kind)", "count": 1}"#)
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            try tmux.launchApp(canvas: server, ["--course", "1"])

            let screen = try await tmux.waitFor("course 1 with its modules failed and the whole list") { screen in
                guard let course = screen.box("Course"), let list = screen.box(current) else { return false }
                return course.contains("Couldn't load modules") && course.contains("Office hours") && !list.contains("Loading more")
            }
            let course = try #require(screen.box("Course"))
            #expect(course.isFocused)
            let message = template.replacingOccurrences(of: "HOST", with: host(server))
                .replacingOccurrences(of: "TOKENFILE", with: tmux.tokenFile.path)
            #expect(course.containsIgnoringWrapping("❗ Couldn't load modules: \(message)"), "\(course)")
            #expect(course.text.contains("[r]etry"))
            #expect(course.contains("MATH 101 · Past Term B · ended"), "the overview loaded")
            #expect(!course.contains("Couldn't load course") && !course.contains("Couldn't load syllabus"))
            #expect(screen.box(current)?.contains("❗") == false, "the error stays in the Course pane")
            #expect(screen.lastNonBlankLine.contains("r retry"), "the hint line offers retry")

            try await server.control("DELETE", "/__control/requests")
            try tmux.press("r")
            let fixed = try await tmux.waitFor(box: "Course", "the modules after r") { $0.contains("Modules · 4") }
            #expect(!fixed.contains("❗"))
            #expect(fixed.contains("Week 1: Practice") && fixed.contains("MATH 101 · Past Term B"))
            // The Due pane's planner may still be reading its pages on a loaded machine: it is
            // another pane's, and no reload of this one.
            let paths = try await server.requests().map(\.path).filter {
                !$0.hasPrefix("/api/v1/planner/items?") && !$0.hasPrefix("/api/v1/users/self/missing_submissions?")
            }
            #expect(paths.contains { $0.hasPrefix("/api/v1/courses/1/modules?") })
            #expect(paths.allSatisfy { $0.hasPrefix("/api/v1/courses/1/modules") }, "only the modules were reloaded: \(paths)")
        }

        @Test func unknownCourseSaysNoCourseWithThatIDOnce() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            try tmux.launchApp(canvas: server, ["--course", "999999"])
            let course = try await tmux.waitFor(box: "Course", "the course failed") { $0.contains("Couldn't load course") }
            #expect(course.isFocused)
            #expect(course.lines.first?.trimmingSpaces() == "❗ Couldn't load course: No course with ID 999999  [r]etry")
            try await tmux.waitFor(box: current, "the list loads anyway") { !$0.contains("Loading more") && !$0.contains("❗") }
            let settled = try await tmux.waitFor(box: "Course", "every section answered") { !$0.contains("Loading") }
            #expect(settled.lines.filter { $0.contains("❗") }.count == 1, "one row for the missing course, not three: \(settled)")
        }

        @Test func deepLinkBySISCourseIDOpensIntroductionToAccounting() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            try tmux.launchApp(canvas: server, ["--course", "sis_course_id:ABC-101"])
            let course = try await tmux.waitFor(box: "Course", "course 4242 open and focused without a key") {
                $0.isFocused && $0.contains("Modules · 3")
            }
            #expect(course.lines.first?.trimmingSpaces() == "Introduction to Accounting")
            #expect(course.contains("ABC-101 · Current Term · unpublished"))
            #expect(course.contains("Teacher: Ada Lovelace"))
            #expect(course.contains("Week 1: Foundations"))
            #expect(!course.contains("❗"))
            let list = try await tmux.waitFor(box: current, "the list beside it") { !$0.contains("Loading more") }
            #expect(!list.isFocused)
        }
    }

    /// Throttling and timeouts (time-sensitive, so serialized like the rest), and the access token.
    @Suite(.serialized) struct WaitingAndTheToken {
        /// A throttling fault rule, with or without Canvas's `Retry-After` (4 s when given, so seven
        /// attempts span 24 s; without it the backoff spans a minute).
        @Test(arguments: [
            #""kind": "throttle403""#,
            #""kind": "throttle429", "retry_after": 4"#,
            #""kind": "throttle429", "retry_after": null"#,
        ])
        func throttledCourseLoadSaysSoAndRecoversWithoutAKey(rule: String) async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            // Canvas throttles the course's own requests (overview, syllabus, the Grades section's) until
            // the note has been seen, however long a busy machine takes to show it; then it lets them through.
            try await server.fault(#"{"match": "/courses/1?", \#(rule), "count": 1000}"#)
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            try tmux.launchApp(canvas: server, ["--course", "1"])

            let throttled = try await tmux.glimpse("the loading row to say it is rate limited") { screen in
                screen.box("Course")?.lines.contains { $0.contains("Loading course…") && $0.contains("· rate limited, retrying in ") } == true
            }
            let row = try #require(throttled.box("Course")?.lines.first { $0.contains("rate limited") })
            #expect(row.contains(/rate limited, retrying in \ds$/), "\(row)")
            try await server.control("DELETE", "/__control/faults")

            let course = try await tmux.waitFor(boxTitled: "Course", "the course without any key pressed", timeout: .seconds(60)) {
                $0.contains("MATH 101 · Past Term B") && $0.contains("Office hours") && $0.contains("Modules · 4")
            }
            #expect(!course.contains("rate limited"))
            #expect(!course.contains("❗"))
            let courseRequests = try await server.requests().filter { $0.path.hasPrefix("/api/v1/courses/1?") }
            let answered = courseRequests.filter { $0.fault == nil }
            #expect(answered.count == 3, "each of the three answered once: \(answered.map(\.path))")
            #expect(Set(answered.map(\.path)).count == 3, "\(answered.map(\.path))")
            let throttledPaths = Set(courseRequests.filter { $0.fault != nil }.map(\.path))
            #expect(throttledPaths == Set(answered.map(\.path)), "each throttled before it was answered: \(courseRequests.map(\.path))")
            #expect(courseRequests.allSatisfy { $0.fault == nil || $0.fault?.hasPrefix("throttle") == true })
        }

        @Test func slowServerPastRequestTimeoutSaysSoAndTabStillMovesFocusWhileWaiting() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            // Three Tabs are glimpsed while the course loads: 5 s leaves them room on a loaded machine.
            try await server.fault(#"{"match": "/courses/1?", "kind": "slow", "seconds": 10, "count": 2}"#)
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            try tmux.launchApp(canvas: server, ["--request-timeout", "5", "--course", "1"])
            try await tmux.glimpse("course 1 loading in the focused Course pane") { screen in
                screen.box("Course").map { $0.isFocused && $0.contains("Loading course…") } == true
            }
            // While the requests hang, keys still work: Tab moves focus Course → Queue → Courses → Due.
            try tmux.press("Tab")
            try await tmux.glimpse("Tab to focus the Queue while the course is loading") { screen in
                screen.box("Queue")?.isFocused == true && screen.box("Course")?.contains("Loading course…") == true
            }
            try tmux.press("Tab")
            try await tmux.glimpse("Tab to focus Courses while the course is loading") { screen in
                screen.box(titled: "Courses")?.isFocused == true && screen.box("Course")?.contains("Loading course…") == true
            }
            try tmux.press("Tab")
            try await tmux.glimpse("Tab to focus Due while the course is loading") { screen in
                screen.box(titled: "Due")?.isFocused == true && screen.box("Course")?.contains("Loading course…") == true
            }

            let timedOut = try await tmux.waitFor(box: "Course", "both sections to give up") {
                $0.contains("Couldn't load course") && $0.contains("Modules · 4")
            }
            #expect(timedOut.containsIgnoringWrapping("❗ Couldn't load course: 127.0.0.1 didn't answer in 5 s  [r]etry"), "\(timedOut)")
            #expect(!timedOut.contains("Couldn't load syllabus"), "the same failure is said once")
            #expect(timedOut.contains("Modules · 4"), "the modules were not held up")

            try tmux.press("Tab")
            try await tmux.waitFor(box: "Course", "focus back on the course") { $0.isFocused }
            try tmux.press("r")
            let course = try await tmux.waitFor(box: "Course", "the course once the server answers in time") {
                $0.contains("MATH 101 · Past Term B") && $0.contains("Office hours")
            }
            #expect(!course.contains("❗"))
        }

        @Test func tokenIsNeverOnScreenNorInTheEventLogNorTheQueue() async throws {
            let token = "sekrit-\(UUID().uuidString.prefix(12).lowercased())"
            let server = try FakeCanvasServer(token: token)
            defer { server.stop() }
            // A rejected syllabus and a rejected upload: error messages are where a token could leak.
            try await server.fault(#"""
                [{"match": "/courses/1?include[]=syllabus_body", "kind": "unauthorized", "count": 1},
                 {"match": "/api/v1/courses/1/files", "method": "POST", "kind": "unauthorized", "count": 1}]
                """#)
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            var screens: [Screen] = []
            func noToken(_ screen: Screen, sourceLocation: SourceLocation = #_sourceLocation) {
                screens.append(screen)
                #expect(!screen.text.contains(token), "the token is on screen:\(screen)", sourceLocation: sourceLocation)
                #expect(!screen.text.withoutWhitespace.contains(token), sourceLocation: sourceLocation)
                for box in screen.boxes {
                    #expect(!box.containsIgnoringWrapping(token), "\(box)", sourceLocation: sourceLocation)
                }
            }

            // The token comes from the environment, exported without typing it.
            try Data(token.utf8).write(to: tmux.tokenFile)
            try tmux.run(#"export CANVAS_TOKEN="$(cat canvas-token)""#)
            let log = tmux.directory.appendingPathComponent("events.jsonl")
            let file = tmux.directory.appendingPathComponent("notes.txt")
            try TestFile.write(file, size: 1234)
            try tmux.launchApp([
                "--canvas", server.baseURL.absoluteString, "--data-dir", tmux.dataDirectory.path, "--event-log", log.path,
                "--course", "1",
            ])
            noToken(try await tmux.waitFor("the whole list") { $0.box(current).map { !$0.contains("Loading more") } == true })
            noToken(try await tmux.waitFor("the syllabus rejected") { $0.box("Course")?.contains("Couldn't load syllabus") == true })
            #expect(screens.last?.box("Course")?.containsIgnoringWrapping("rejected the access token from CANVAS_TOKEN: it is wrong, expired or revoked.") == true)

            try tmux.press("u")
            try await tmux.waitFor(box: "Course", "the upload prompt") { $0.contains("Upload file:") }
            try tmux.type(file.path)
            try tmux.press("Enter")
            noToken(try await tmux.waitFor("the upload rejected") { $0.box(titled: "Queue")?.contains("❗ notes.txt") == true })

            try tmux.press("?")
            noToken(try await tmux.waitFor("the help box") { $0.box("Keys") != nil })
            try tmux.press("Escape", "q")
            #expect(try await tmux.waitForExit() == 0)
            noToken(try await tmux.waitFor("the shell back") { $0.lastNonBlankLine == "$" })

            let events = try String(contentsOf: log, encoding: .utf8)
            #expect(events.contains("load_failed"), "the rejected syllabus was logged: \(events)")
            #expect(!events.contains(token), "the token is in the event log")
            let listing = try AppCommand.run(
                ["queue", "--json", "--data-dir", tmux.dataDirectory.path],
                environment: AppCommand.environment(token: token, home: tmux.directory)
            )
            #expect(listing.stdout.contains("notes.txt") && !listing.stdout.contains(token), "\(listing.stdout)")
            let stored = FileManager.default.enumerator(at: tmux.dataDirectory, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }
                .filter { (try? String(contentsOf: $0, encoding: .utf8))?.contains(token) == true } ?? []
            #expect(stored.isEmpty, "the token is written to the queue: \(stored.map(\.path))")
        }

        /// How the app is told about Canvas without a token.
        static let tokenlessLaunches: [([String], [String: String])] = [
            (["--canvas", "http://127.0.0.1:9"], [:]),
            (["--canvas", "http://127.0.0.1:9"], ["CANVAS_TOKEN": ""]),
            ([], ["CANVAS_URL": "http://127.0.0.1:9"]),
            (["upload", "--course", "1", "/etc/hostname", "--canvas", "http://127.0.0.1:9"], [:]),
        ]

        @Test(arguments: tokenlessLaunches)
        func missingTokenPrintsWhatToDoAndExits1(arguments: [String], extra: [String: String]) throws {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("cb-notoken-\(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: home) }
            let environment = AppCommand.environment(token: nil, home: home).merging(extra) { _, new in new }
            let result = try AppCommand.run(arguments + ["--data-dir", home.appendingPathComponent("data").path], environment: environment)
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty, "the terminal is not touched")
            #expect(result.stderr ==
                "coursebrowser: Canvas needs an access token: run coursebrowser login, set CANVAS_TOKEN, or pass --token-file PATH or --token-command CMD\n",
                "one line, and no pointer to --help, since the command line is not wrong: \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("data").path), "nothing was queued")
        }

        /// libcurl starts opening on a thread of its own once the site is known, before the token
        /// turns out missing; the exit that follows once crashed in about one run in 300 by
        /// meeting it half-open. A thousand runs, four at a time, so a return of it most likely shows.
        @Test func aMissingTokenNeverCrashesTheExitWhileLibcurlOpens() async throws {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("cb-notoken-\(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: home) }
            let environment = AppCommand.environment(token: nil, home: home).merging(["CANVAS_TOKEN": ""]) { _, new in new }
            let statuses = try await withThrowingTaskGroup(of: [Int32].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await offThePool {
                            try (0..<250).map { _ in try AppCommand.run(["--canvas", "http://127.0.0.1:9"], environment: environment).status }
                        }
                    }
                }
                return try await group.reduce(into: [Int32]()) { $0 += $1 }
            }
            #expect(statuses.count == 1000)
            #expect(statuses.allSatisfy { $0 == 1 }, "exits other than 1: \(statuses.filter { $0 != 1 })")
        }

        @Test func missingTokenInATerminalNeverStartsTheUI() async throws {
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            try tmux.launchApp(["--canvas", "http://127.0.0.1:9"])
            #expect(try await tmux.waitForExit() == 1)
            let screen = try await tmux.waitFor("the shell prompt") { $0.lastNonBlankLine == "$" }
            #expect(screen.contains("coursebrowser: Canvas needs an access token: run coursebrowser login, set CANVAS_TOKEN,"))
            #expect(screen.boxes.isEmpty)
            #expect(try tmux.format("#{alternate_on}") == "0")
        }
    }
}
