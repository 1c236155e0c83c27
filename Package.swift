// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "coursebrowser",
    products: [
        .executable(name: "coursebrowser", targets: ["coursebrowser"]),
    ],
    targets: [
        .systemLibrary(name: "CNcurses", path: "Modules/CNcurses"),
        .systemLibrary(name: "CCurl", path: "Modules/CCurl"),
        .target(name: "HTTP", dependencies: ["CCurl"]),
        .target(name: "CourseKit", dependencies: ["HTTP"]),
        .target(name: "TerminalUI", dependencies: ["CNcurses"]),
        .target(name: "CourseBrowser", dependencies: ["CourseKit", "HTTP", "TerminalUI"]),
        .executableTarget(name: "coursebrowser", dependencies: ["CourseBrowser", "CourseKit", "TerminalUI"]),
        .executableTarget(name: "queue-stress", dependencies: ["CourseKit"]),
        .target(name: "FakeCanvasKit", dependencies: ["HTTP"], path: "Tests/FakeCanvasKit"),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "FakeCanvasKit"]),
        .testTarget(name: "CourseKitTests", dependencies: ["CourseKit", "HTTP", "FakeCanvasKit", "queue-stress"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "CourseBrowserTests", dependencies: ["CourseBrowser", "CourseKit", "TerminalUI"]),
        .testTarget(name: "EndToEndTests", dependencies: ["coursebrowser", "FakeCanvasKit"]),
    ],
    swiftLanguageModes: [.v6]
)
