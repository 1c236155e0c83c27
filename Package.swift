// swift-tools-version:6.0
import PackageDescription

// The targets, lowest first; every arrow points down, never back up.
let package = Package(
    name: "coursebrowser",
    products: [
        .executable(name: "coursebrowser", targets: ["coursebrowser"]),
        .executable(name: "coursebrowser-bench", targets: ["coursebrowser-bench"]),
    ],
    targets: [
        // The system library for the terminal (libcurl is opened at run time, see CCurl).
        .systemLibrary(name: "CNcurses", path: "Modules/CNcurses"),

        // Foundations that know nothing of courses.
        .target(name: "TextBasics"),
        // SHA-256, to check that a captured file is still what was captured.
        .target(name: "CSHA256"),
        // Deleting large files in a detached process, so nobody waits while their blocks are freed.
        .target(name: "CDetachedUnlink"),
        .target(name: "CMemory"),
        .target(name: "FileSystem", dependencies: ["CSHA256", "CDetachedUnlink"]),
        // libcurl, opened when the first request needs it.
        .target(name: "CCurl"),
        .target(name: "HTTP", dependencies: ["CCurl", "FileSystem", "TextBasics"]),
        .target(name: "HTMLText"),
        .target(name: "TerminalUI", dependencies: ["CNcurses", "TextBasics"]),

        // The model, the client structs and the environment every feature reads.
        .target(name: "CourseKit", dependencies: ["TextBasics"]),

        // Backends and the upload queue, each a set of client values.
        .target(name: "CanvasJSON", dependencies: ["CourseKit", "HTMLText", "TextBasics"]),
        .target(name: "Catalog", dependencies: ["CourseKit", "CanvasJSON", "FileSystem", "CMemory"], resources: [.embedInCode("Resources/sample-catalog.json")]),
        // What the HTTP layer's errors mean to the queue and the panes, for every backend that talks HTTP.
        .target(name: "NetworkErrors", dependencies: ["CourseKit", "HTTP"]),
        .target(name: "Canvas", dependencies: ["CourseKit", "CanvasJSON", "HTTP", "NetworkErrors", "FileSystem", "TextBasics"]),
        .target(name: "Moodle", dependencies: ["CourseKit", "HTTP", "NetworkErrors", "HTMLText", "FileSystem", "TextBasics"]),
        .target(name: "UploadQueue", dependencies: ["CourseKit", "FileSystem"]),
        .target(name: "SavedCopies", dependencies: ["CourseKit", "FileSystem", "TextBasics"]),

        // The panes and their host, which see only CourseKit's clients.
        .target(name: "CourseBrowser", dependencies: ["CourseKit", "HTMLText", "TerminalUI", "TextBasics"]),

        // The root: options, the live clients that reach the system, the commands, and the program.
        .target(name: "Launch", dependencies: ["CourseKit", "Canvas", "Moodle", "Catalog", "UploadQueue", "SavedCopies", "CourseBrowser", "HTMLText", "HTTP", "FileSystem", "TerminalUI", "TextBasics"]),
        .executableTarget(name: "coursebrowser", dependencies: ["Launch", "CourseBrowser", "CourseKit", "TerminalUI"], path: "Sources/App", plugins: ["BuildCommit"]),
        // Notes the commit the program is built from, for --version; "unknown" outside a checkout.
        .plugin(name: "BuildCommit", capability: .buildTool()),

        // Tools beside the program: a process that drives the queue for its tests, and the
        // benchmark, which compiles its baseline (a bare ncursesw program drawing what the app
        // draws) with the C compiler alone when it runs, so no Swift runtime flatters the floor.
        .executableTarget(name: "queue-stress", dependencies: ["UploadQueue", "CourseKit", "Launch"]),
        .target(name: "CPseudoTerminal"),
        .executableTarget(
            name: "coursebrowser-bench", dependencies: ["CourseKit", "Launch", "UploadQueue", "CPseudoTerminal", "coursebrowser"],
            resources: [.embedInCode("floor.c")]
        ),

        // Tests, and what they share.
        .target(name: "TestSupport", dependencies: ["CourseKit"], path: "Tests/TestSupport"),
        .target(name: "FakeCanvasKit", dependencies: ["HTTP"], path: "Tests/FakeCanvasKit"),
        .target(name: "FakeMoodleKit", dependencies: ["HTTP", "FakeCanvasKit"], path: "Tests/FakeMoodleKit"),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "FakeCanvasKit", "TestSupport"]),
        .testTarget(name: "FileSystemTests", dependencies: ["FileSystem", "TestSupport"]),
        .testTarget(name: "HTMLTextTests", dependencies: ["HTMLText", "TestSupport"]),
        .testTarget(name: "TextBasicsTests", dependencies: ["TextBasics"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "CourseKitTests", dependencies: ["CourseKit", "TestSupport"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "CanvasJSON", "CMemory", "CourseKit", "HTMLText", "TestSupport"]),
        .testTarget(name: "CanvasTests", dependencies: ["Canvas", "CanvasJSON", "CourseKit", "HTTP", "UploadQueue", "FakeCanvasKit", "TestSupport"]),
        .testTarget(name: "MoodleTests", dependencies: ["Moodle", "CourseKit", "HTTP", "UploadQueue", "FakeMoodleKit", "TestSupport"]),
        .testTarget(name: "SavedCopiesTests", dependencies: ["SavedCopies", "CourseKit", "TestSupport"]),
        .testTarget(name: "UploadQueueTests", dependencies: ["UploadQueue", "CourseKit", "FileSystem", "TestSupport", "queue-stress"]),
        .testTarget(name: "CourseBrowserTests", dependencies: ["CourseBrowser", "CourseKit", "Catalog", "CanvasJSON", "HTMLText", "TerminalUI", "TestSupport"]),
        .testTarget(name: "LaunchTests", dependencies: ["Launch", "Canvas", "CourseKit", "HTTP", "TerminalUI", "TestSupport"]),
        // The end-to-end tests import nothing of the app; they depend on it so that it is built to drive.
        .testTarget(name: "EndToEndTests", dependencies: ["coursebrowser", "FakeCanvasKit", "FakeMoodleKit"]),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds link the Swift libraries in: the app starts in half the time and
// touches a third fewer pages than when it loads them as shared libraries. Every
// Swift module is compiled for it too, so the static libraries' own dependencies
// are linked with them, and with a section per function, so the link, which drops
// sections nothing uses, leaves out the functions nothing calls.
//
// The link options measured and left out are in README's section on speed.
let staticSwift = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
// Nothing loads the program as a library, so its 3,000 symbols are not exported: the
// loader neither maps their table nor searches it for every symbol a library looks up.
let ownSymbolsKept = ["-Xlinker", "--no-export-dynamic"]
let notStatic: Set = ["CCurl", "CSHA256", "CDetachedUnlink", "CMemory", "CPseudoTerminal", "TestSupport", "FakeCanvasKit", "FakeMoodleKit"]
for target in package.targets where [.regular, .executable].contains(target.type) && !notStatic.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-static-stdlib", "-Xfrontend", "-function-sections"], staticSwift)]
    if target.type == .executable {
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-static-stdlib", "-use-ld=lld"] + ownSymbolsKept, staticSwift)]
    }
}
