import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// `n` `p` select an item, `o` opens it (or the course) in the browser, `y` copies its address.
@MainActor
struct WebPageTests {
    static let base = URL(string: "https://school.example/courses/101")
    let opened = Recorder<String>()
    let copied = Recorder<String>()

    func pane(browser: WebBrowser.Outcome = .opened) async -> CourseDetailPane {
        var environment = Fixtures.environment()
        var addressed = Fixtures.swift
        addressed.htmlURL = Self.base
        let course = addressed
        environment.courseClient.course = { _, _ in course }
        environment.courseClient.assignments = { _, _ in [
            Assignment(id: "5", name: "Essay", dueAt: Fixtures.start + 86_400, htmlURL: URL(string: "https://school.example/courses/101/assignments/5")),
            Assignment(id: "6", name: "Poster", dueAt: Fixtures.start + 2 * 86_400),
        ] }
        environment.courseClient.modules = { _, _ in [CourseModule(id: "1", name: "Week 1", position: 1, items: [
            ModuleItem(id: "9", title: "Hello, world", type: "Page", htmlURL: URL(string: "https://school.example/courses/101/modules/items/9")),
        ])] }
        let opened = opened
        environment.webBrowser = WebBrowser { url in
            opened.append(url.absoluteString)
            return browser
        }
        let copied = copied
        environment.clipboard = Clipboard { copied.append($0) }
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        return pane
    }

    func render(_ pane: CourseDetailPane) -> [String] {
        pane.lines(width: 80, height: 40)
    }

    @Test func oOpensTheCourseUntilAnItemIsSelectedThenTheItem() async {
        let pane = await pane()
        #expect(pane.handle(.character("o")))
        await settle { !opened.values.isEmpty }
        #expect(opened.values == ["https://school.example/courses/101"])
        await settle { render(pane)[0].hasPrefix(" Opened") }
        #expect(render(pane)[0] == " Opened Lập trình Swift cơ bản in the browser")

        _ = pane.handle(.character("n"))
        _ = pane.handle(.character("o"))
        await settle { opened.values.count == 2 }
        #expect(opened.values.last == "https://school.example/courses/101/assignments/5")
        _ = pane.handle(.character("n"))
        _ = pane.handle(.character("n"))
        _ = pane.handle(.character("y"))
        #expect(copied.values == ["https://school.example/courses/101/modules/items/9"], "n went past Poster to the module item")
        _ = pane.handle(.character("p"))
        _ = pane.handle(.character("o"))
        #expect(render(pane)[0] == " Poster has no web address to open")
        _ = pane.handle(.escape)
        _ = pane.handle(.character("y"))
        #expect(copied.values.last == "https://school.example/courses/101", "Esc: back to the course")
    }

    @Test func withoutADisplayTheAddressIsShownAsAHyperlink() async {
        let pane = await pane(browser: .noDisplay)
        _ = pane.handle(.character("o"))
        await settle { render(pane)[0].hasPrefix(" No browser") }
        #expect(render(pane)[0] == " No browser here (no display); the address, y copies it:")
        #expect(render(pane)[1] == " https://school.example/courses/101")
        pane.resize(PaneSize(width: 80, height: 40, glyphs: .unicode))
        var grid = Grid(width: 80, height: 40)
        pane.draw(into: &grid, rect: grid.bounds, focused: true)
        #expect(grid.links.map(\.url) == ["https://school.example/courses/101"])
        #expect(grid.links.first.map { [$0.x, $0.y, $0.width] } == [1, 1, 34], "over the address's cells")
    }

    @Test func theHintOffersOOnlyWhereThereIsAnAddress() async {
        let pane = await pane()
        #expect(pane.hints.contains { $0.key == "o" }, "the course has its web page")
        _ = pane.handle(.character("n"))
        _ = pane.handle(.character("n"))
        #expect(pane.hints.contains { $0.key == "o" } == false, "Poster has none")
        let offline = CourseDetailPane(environment: Fixtures.environment())
        offline.update(.show(Fixtures.swift.id))
        await settle { !offline.isAnimating }
        #expect(offline.hints.contains { $0.key == "o" } == false, "the offline catalogs have no web pages")
    }

    @Test func anAddressWiderThanThePaneIsWrappedNotCut() async {
        let pane = await pane(browser: .noDisplay)
        _ = pane.handle(.character("o"))
        let lines = { pane.lines(width: 22, height: 20) }
        await settle { lines().contains { $0.contains("https://") } }
        let first = lines().firstIndex { $0.contains("https://") } ?? 0
        let address = lines()[first...].prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        #expect(address == "https://school.example/courses/101", "\(lines())")
    }

    @Test func theSelectedItemIsMarkedAndScrolledIntoView() async {
        let pane = await pane()
        _ = pane.handle(.character("G"))
        _ = pane.handle(.character("p"))
        #expect(pane.lines(width: 80, height: 6).contains { $0.contains("Hello, world") }, "the last item, on screen")
        var grid = Grid(width: 80, height: 6)
        pane.draw(into: &grid, rect: grid.bounds, focused: true)
        let row = grid.lines.firstIndex { $0.contains("Hello, world") } ?? 0
        #expect(grid[10, row].style == .selected)
    }
}
