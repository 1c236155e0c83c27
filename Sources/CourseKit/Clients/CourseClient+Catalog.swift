extension CourseClient {
    /// Serves courses from a catalog produced by `load`, which runs on every request.
    ///
    /// Loading per request is what lets `r` pick up a catalog file the user just fixed.
    public static func catalog(_ load: @escaping @Sendable () throws -> Catalog) -> CourseClient {
        CourseClient(
            coursesPage: { _ in Page(items: try load().entries.map(\.course)) },
            course: { try load().entry($0).course },
            syllabus: { try load().entry($0).syllabusHTML },
            modules: { try load().entry($0).modules }
        )
    }

    /// The embedded sample catalog, decoded once.
    public static func sample() -> CourseClient {
        let decoded = Result { try SampleCatalog.load() }
        return .catalog { try decoded.get() }
    }

    /// A catalog file, read again on every request.
    public static func file(_ path: String) -> CourseClient {
        .catalog { try CatalogFile.read(path) }
    }
}
