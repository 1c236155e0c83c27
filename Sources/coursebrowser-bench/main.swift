// coursebrowser-bench: measures the app where a person waits on it, and prints each figure.
//
//     swift run -c release coursebrowser-bench
//
// The course list's filter: 100,000 generated courses, a query typed one key at a time,
// each key timed from the key to a drawn frame (the target is under 10 ms a key).

import CourseBrowser
import CourseKit
import FoundationEssentials
import TextBasics

/// `count` courses named as real course lists are: several scripts, codes and terms.
func generatedCourses(_ count: Int) -> [Course] {
    let subjects = ["Lập trình Swift", "Giải tích", "日本語入門", "Data Structures", "Đồ họa máy tính", "Organic Chemistry",
                    "Histoire moderne", "Deutsch für Anfänger", "Español intermedio", "Physics: Mechanics"]
    let terms = ["Học kỳ 1", "Học kỳ 2", "Fall 2026", "Spring 2027", "秋学期"]
    return (0..<count).map { index in
        Course(
            id: CourseID(index + 1), name: "\(subjects[index % subjects.count]) \(index / subjects.count + 100)",
            code: "C\(index)", term: Course.Term(name: terms[index % terms.count])
        )
    }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func figure(_ milliseconds: Double) -> String {
    milliseconds.printfFormatted("%.1f")
}

/// The filter's figures, as lines of text.
@MainActor
func filterReport() -> [String] {
    let courses = generatedCourses(100_000)
    let query = "lap trinh 42"
    let (open, keys) = ListFilterBenchmark.keyTimes(courses: courses, typing: query)
    let times = keys.map(milliseconds)
    let sorted = times.sorted()
    let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    let worst = sorted.last ?? 0
    return [
        "course list filter, 100,000 courses, typing \"\(query)\":",
        "  / (the filter opens, ready): \(figure(milliseconds(open))) ms",
        "  per key: median \(figure(median)) ms, slowest \(figure(worst)) ms (target: under 10 ms)",
        "  each key: " + times.map(figure).joined(separator: " ") + " ms",
    ]
}

// The bench never starts curses; its report goes to standard output in one write.
MainActor.assumeIsolated {
    StandardStream.output.write(filterReport().joined(separator: "\n") + "\n")
}
