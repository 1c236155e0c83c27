import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The Course pane's Files: a tree of folders and files after the announcements, with sizes,
/// dates, locks and how each file's download stands; `d` queues a file or a whole folder, and
/// `o` opens a file's downloaded copy when it is current.
@MainActor
struct FilesSectionTests {
    nonisolated static let now = Fixtures.start
    nonisolated static let course = Fixtures.swift.id
    nonisolated static let slidesPage = URL(string: "https://school.example/courses/101/files/11")
    nonisolated static let weekPage = URL(string: "https://school.example/courses/101/files/12")

    nonisolated static let listing = CourseFiles(
        folders: [
            CourseFolder(id: "1", fullName: "course files"),
            CourseFolder(id: "2", parentID: "1", fullName: "course files/Lectures"),
            CourseFolder(id: "3", parentID: "2", fullName: "course files/Lectures/Week 1"),
            CourseFolder(id: "4", parentID: "1", fullName: "course files/Empty"),
        ],
        files: [
            CourseFile(id: "10", folderID: "1", name: "syllabus.pdf", size: 120_000, updatedAt: now - 86_400),
            CourseFile(id: "11", folderID: "2", name: "slides1.pdf", size: 2_500_000, updatedAt: now - 3_600, htmlURL: slidesPage),
            CourseFile(id: "12", folderID: "3", name: "slides2.pdf", size: 1_000_000, updatedAt: now - 7_200, htmlURL: weekPage),
            CourseFile(
                id: "13", folderID: "2", name: "exam.pdf", size: 50_000, updatedAt: now - 60,
                isLocked: true, lockExplanation: "This file is locked until 1 Dec."
            ),
        ]
    )

    nonisolated static func file(_ id: String) -> CourseFile? {
        listing.files.first { $0.id == id }
    }

    /// A download job of the course for `fileID`, in `state`.
    nonisolated static func job(_ fileID: String, _ state: UploadJob.State, course: CourseID = course) -> UploadJob {
        let name = file(fileID)?.name ?? fileID
        let destination = "/home/an/Downloads/coursebrowser/SWIFT-101/\(name)"
        var job = UploadJob(
            id: "job-\(fileID)", courseID: course, fileName: name, sourcePath: destination, size: file(fileID)?.size ?? 0,
            backend: "offline", queuedAt: now, state: state
        )
        job.download = UploadJob.Download(fileID: fileID, destination: destination, size: file(fileID)?.size)
        return job
    }

    /// A state at `width` with the course shown and `listing` loaded.
    func state(width: Int = 72, files: CourseFiles = listing) -> CourseDetailState {
        var state = CourseDetailState(size: PaneSize(width: width, height: 80, glyphs: .unicode))
        _ = state.update(.show(Self.course), now: Self.now)
        _ = state.update(.loaded(\.overview, .finished(.success(Fixtures.swift))), now: Self.now)
        _ = state.update(.loaded(\.files, .finished(.success(files))), now: Self.now)
        return state
    }

    /// The content lines as drawn, without the blanks that end a row whose status column is empty.
    func text(_ state: CourseDetailState) -> [String] {
        state.lines.map { String($0.styled(now: Self.now, glyphs: .unicode).text.reversed().drop { $0 == " " }.reversed()) }
    }

    /// The section's lines, from its heading up to the blank row that ends it.
    func section(_ state: CourseDetailState) -> [String] {
        let lines = text(state)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Files") }) else { return [] }
        return Array(lines[start...].prefix { !$0.isEmpty })
    }

    /// Selects the item with `id`, as another pane opening the course on it would.
    func select(_ id: String, in state: inout CourseDetailState) {
        state.wantedItem = id
        _ = state.update(.minutePassed, now: Self.now)
    }

    @Test func foldersAreATreeWithTheirFilesIndentedUnderThemAndLockedFilesSayWhy() throws {
        let lines = section(state())
        try #require(lines.count == 9, "\(lines)")
        #expect(lines[0] == "Files · 4")
        #expect(lines[1].hasPrefix("   syllabus.pdf"), "a file of the top folder is at the top, before the folders")
        #expect(lines[1].hasSuffix("120 KB  " + DateText.short(Self.now - 86_400, now: Self.now)), "\(lines[1])")
        #expect(lines[2] == "▸ Empty")
        #expect(lines[3] == "▸ Lectures")
        #expect(lines[4].hasPrefix("  🔒 exam.pdf"), "\(lines[4])")
        #expect(lines[5] == "     This file is locked until 1 Dec.")
        #expect(lines[6].hasPrefix("     slides1.pdf") && lines[6].hasSuffix("2.5 MB  " + DateText.short(Self.now - 3_600, now: Self.now)))
        #expect(lines[7] == "  ▸ Week 1")
        #expect(lines[8].hasPrefix("       slides2.pdf"), "two levels down: \(lines[8])")
    }

    @Test func inANarrowPaneTheFactsGoUnderTheNameInTheirColumns() {
        let lines = section(state(width: 30))
        #expect(lines[1] == "   syllabus.pdf")
        #expect(lines[2] == "    120 KB  " + DateText.short(Self.now - 86_400, now: Self.now), "sizes right-aligned: \(lines)")
        #expect(lines.contains("      2.5 MB  " + DateText.short(Self.now - 3_600, now: Self.now)), "\(lines)")
    }

    @Test func aFileWhoseCopyIsCurrentIsCheckedAndARunningDownloadSaysHowFarItGot() {
        var state = state()
        let copy = LocalPath("/home/an/Downloads/coursebrowser/SWIFT-101/Lectures/slides1.pdf")
        let running = Self.job("12", .uploading)
        let effects = state.update(.downloadsChecked(localCopies: ["11": copy], jobs: [running, Self.job("10", .queued)], course: Self.course), now: Self.now)
        #expect(effects == [.followDownloadProgress(true)], "a running download's progress is followed")
        _ = state.update(.downloadProgress([running.id: UploadProgress(sentBytes: 450_000, startedAt: Self.now - 1)]), now: Self.now)
        let lines = section(state)
        #expect(lines.contains { $0.hasPrefix("  ✓  slides1.pdf") }, "\(lines)")
        #expect(lines.contains { $0.contains("slides2.pdf") && $0.hasSuffix("↓ 45%") }, "\(lines)")
        #expect(lines.contains { $0.contains("syllabus.pdf") && $0.hasSuffix("↓ queued") }, "\(lines)")
        let done = state.update(.uploadChanged(.updated(Self.job("12", .done))), now: Self.now)
        #expect(done == [.checkDownloads(Self.listing.files), .followDownloadProgress(false)], "a finished download asks again what is current")
    }

    @Test func anAnswerAboutAnotherCourseIsDropped() {
        var state = state()
        let copy = LocalPath("/tmp/slides1.pdf")
        _ = state.update(.downloadsChecked(localCopies: ["11": copy], jobs: [], course: CourseID(999)), now: Self.now)
        #expect(!section(state).contains { $0.contains("✓") })
        #expect(state.update(.uploadChanged(.updated(Self.job("11", .done, course: CourseID(999)))), now: Self.now) == [])
    }

    @Test func loadingThenAnErrorRowThatRRetries() {
        var state = CourseDetailState(size: PaneSize(width: 100, height: 80, glyphs: .unicode))
        _ = state.update(.show(Self.course), now: Self.now)
        _ = state.update(.loaded(\.files, .started(at: Self.now, keepingValue: false)), now: Self.now)
        #expect(text(state).contains { $0.contains("Loading files…") }, "\(text(state))")
        let failure = CourseClient.Failure(userMessage: "The course's Files are hidden from students")
        let effects = state.update(.loaded(\.files, .finished(.failure(failure))), now: Self.now)
        #expect(effects.contains(.track(.loadFailed(pane: "course", section: "files", message: failure.userMessage))))
        let error = text(state).first { $0.contains("Couldn't load files") }
        #expect(error == "❗ Couldn't load files: The course's Files are hidden from students  [r]etry")
        #expect(state.hasFailure)
        #expect(state.update(.key(.character("r")), now: Self.now).contains(.reload(.files, keepingValue: false)))
    }

    @Test func aCourseWithoutFilesSaysSo() {
        #expect(section(state(files: CourseFiles(folders: [CourseFolder(id: "1", fullName: "course files")]))) == ["Files", "No files"])
    }

    @Test func filesAndFoldersAreItemsNAndPSelect() {
        var state = state()
        _ = state.update(.key(.character("n")), now: Self.now)
        #expect(state.selectedFile?.id == "10", "the course has no assignments or announcements: the first file is the first item")
        _ = state.update(.key(.character("n")), now: Self.now)
        #expect(state.selectedFolder?.id == "4")
        _ = state.update(.key(.character("n")), now: Self.now)
        #expect(state.selectedFolder?.id == "2")
    }

    @Test func aModulesFileIsSelectedInFilesAndScrolledTo() {
        var state = CourseDetailState(size: PaneSize(width: 72, height: 6, glyphs: .unicode))
        _ = state.update(.show(Self.course), now: Self.now)
        state.showFile("12")
        #expect(state.notice?.text == "The course's Files are not loaded yet")
        _ = state.update(.loaded(\.files, .finished(.success(Self.listing))), now: Self.now)
        state.showFile("99")
        #expect(state.notice?.text == "That file is not in the course's Files list")
        state.showFile("12")
        _ = state.update(.minutePassed, now: Self.now)
        #expect(state.selectedFile?.id == "12")
        let window = state.lines.dropFirst(state.scroll).prefix(6).map { $0.styled(now: Self.now, glyphs: .unicode).text }
        #expect(window.contains { $0.contains("slides2.pdf") }, "the file is in the window: \(window)")
        #expect(state.scroll > 0, "scrolled down to it")
    }

    @Test func enterOnAModulesFileItemSelectsThatFileInFiles() {
        var state = state()
        let item = ModuleItem(id: "71", title: "Week 2 slides", type: "File", fileID: "12")
        let module = CourseModule(id: "7", name: "Week 2", position: 1, items: [item])
        _ = state.update(.loaded(\.modules, .finished(.success([module]))), now: Self.now)
        select("module 7 item 71", in: &state)
        #expect(state.selectedFile == nil)
        _ = state.update(.key(.enter), now: Self.now)
        #expect(state.selectedFile?.id == "12")
    }

    @Test func dOnAFileQueuesItWithItsFolders() throws {
        var state = state()
        #expect(state.availability(of: .download) == .disabled("Select a file or folder with j/k or n/p first"))
        select(DetailItem.id(ofFile: "12"), in: &state)
        let file = try #require(Self.file("12"))
        #expect(state.update(.key(.character("d")), now: Self.now) == [
            .enqueueDownloads(DownloadBatch(course: Self.course, courseFolder: "SWIFT-101", entries: [.init(file: file, folderPath: ["Lectures", "Week 1"])])),
        ])
    }

    @Test func dOnAFolderQueuesEveryFileBelowItInTheTreesOrder() async throws {
        let batches = Recorder<DownloadBatch>()
        var environment = Fixtures.environment()
        environment.fileClient.files = { _, _ in Self.listing }
        environment.uploadQueue.localCopies = { _, _ in [:] }
        environment.uploadQueue.enqueueDownloads = { batch in
            batches.append(batch)
            return DownloadBatch.Outcome(queued: batch.entries.map { Self.job($0.file.id, .queued) })
        }
        // The queue holds what it queued, so a later look at it agrees with the answer to d.
        environment.uploadQueue.jobs = { batches.values.flatMap { $0.entries.map { Self.job($0.file.id, .queued) } } }
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Self.course))
        await settle { !pane.isAnimating }
        pane.state.wantedItem = DetailItem.id(ofFolder: "2")
        _ = pane.lines(width: 72, height: 60)
        #expect(pane.handle(.character("d")))
        await settle { batches.values.count == 1 }
        let entries = try #require(batches.values.first).entries
        #expect(entries.map(\.file.id) == ["13", "11", "12"])
        #expect(entries.map(\.folderPath) == [["Lectures"], ["Lectures"], ["Lectures", "Week 1"]])
        #expect(batches.values.first?.courseFolder == "SWIFT-101")
        #expect(batches.values.first?.course == Self.course)
        await settle { pane.lines(width: 72, height: 60)[0] == " Queued 3 downloads" }
        #expect(pane.lines(width: 72, height: 60).contains { $0.contains("slides2.pdf") && $0.hasSuffix("↓ queued") })
    }

    @Test func anEmptyFolderHasNothingToQueue() {
        var state = state()
        select(DetailItem.id(ofFolder: "4"), in: &state)
        #expect(state.update(.key(.character("d")), now: Self.now) == [])
        #expect(state.notice?.text == "Empty has no files to download")
    }

    /// The notice after the queue answered a batch of the files `ids`.
    func notice(_ outcome: DownloadBatch.Outcome, for ids: [String]) -> String? {
        var state = state()
        let entries = ids.compactMap(Self.file).map { DownloadBatch.Entry(file: $0, folderPath: Self.listing.folderPath(of: $0)) }
        _ = state.update(.downloadsQueued(.success(outcome), batch: DownloadBatch(course: Self.course, courseFolder: "SWIFT-101", entries: entries)), now: Self.now)
        return state.notice?.text
    }

    @Test func theNoticeSaysWhatBecameOfTheFiles() {
        let copy = LocalPath("/home/an/Downloads/coursebrowser/SWIFT-101/Lectures/slides1.pdf")
        #expect(notice(DownloadBatch.Outcome(current: ["11": copy]), for: ["11"]) == "slides1.pdf is already downloaded")
        #expect(notice(DownloadBatch.Outcome(alreadyQueued: ["11"]), for: ["11"]) == "slides1.pdf is already queued")
        #expect(notice(DownloadBatch.Outcome(refused: ["13": "This file is locked until 1 Dec."]), for: ["13"]) == "🔒 locked: This file is locked until 1 Dec.")
        #expect(notice(DownloadBatch.Outcome(queued: [Self.job("11", .queued)]), for: ["11"]) == "Queued 1 download")
        let mixed = DownloadBatch.Outcome(
            queued: [Self.job("11", .queued), Self.job("12", .queued)], current: ["10": copy], refused: ["13": "This file is locked until 1 Dec."]
        )
        #expect(notice(mixed, for: ["10", "11", "12", "13"]) == "Queued 2 downloads · 1 already downloaded · 🔒 1 can't be downloaded (exam.pdf: This file is locked until 1 Dec.)")
    }

    /// A pane over `listing` whose only current copy is of slides1.pdf, recording what the browser was asked to open.
    func browsingPane(opened: Recorder<String>) async -> CourseDetailPane {
        var environment = Fixtures.environment()
        environment.fileClient.files = { _, _ in Self.listing }
        environment.uploadQueue.localCopies = { _, files in
            files.contains { $0.id == "11" } ? ["11": LocalPath("/home/an/Downloads/coursebrowser/SWIFT-101/Lectures/slides1.pdf")] : [:]
        }
        environment.webBrowser = WebBrowser { url in
            opened.append(url.absoluteString)
            return .opened
        }
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Self.course))
        await settle { !pane.isAnimating && pane.state.files.downloads.localCopies["11"] != nil }
        return pane
    }

    @Test func oOpensTheDownloadedCopyWhenItIsCurrent() async {
        let opened = Recorder<String>()
        let pane = await browsingPane(opened: opened)
        pane.state.wantedItem = DetailItem.id(ofFile: "11")
        #expect(pane.lines(width: 72, height: 60).contains { $0.hasPrefix("   ✓  slides1.pdf") })
        #expect(pane.handle(.character("o")))
        await settle { !opened.values.isEmpty }
        #expect(opened.values == ["file:///home/an/Downloads/coursebrowser/SWIFT-101/Lectures/slides1.pdf"])
        await settle { pane.lines(width: 72, height: 60)[0].hasPrefix(" Opened the downloaded copy of slides1.pdf") }
    }

    @Test func oOpensTheFilesPageWhenThereIsNoCurrentCopy() async {
        let opened = Recorder<String>()
        let pane = await browsingPane(opened: opened)
        pane.state.wantedItem = DetailItem.id(ofFile: "12")
        _ = pane.lines(width: 72, height: 60)
        #expect(pane.handle(.character("o")))
        await settle { !opened.values.isEmpty }
        #expect(opened.values == [Self.weekPage].compactMap { $0?.absoluteString })
    }
}
