import CourseKit

extension SavedCopyClient {
    /// The copies `store` holds for `account`.
    public static func store(_ store: SavedCopyStore, account: SavedCopyAccount) -> SavedCopyClient {
        .store(store) { account }
    }

    /// The copies `store` holds for the account `account` names when each is asked for: none
    /// while it is not known, those saved since too once it is.
    public static func store(_ store: SavedCopyStore, account known: @escaping @Sendable () -> SavedCopyAccount?) -> SavedCopyClient {
        SavedCopyClient(
            courses: { scope in known().flatMap { store.read(.courses(scope), of: $0, as: [Course].self) } },
            course: { id in known().flatMap { store.read(.course(id), of: $0, as: Course.self) } },
            syllabus: { id in known().flatMap { store.read(.syllabus(id), of: $0, as: String?.self) } },
            modules: { id in known().flatMap { store.read(.modules(id), of: $0, as: [CourseModule].self) } },
            assignments: { id in known().flatMap { store.read(.assignments(id), of: $0, as: [Assignment].self) } },
            planner: { known().flatMap { store.read(.planner, of: $0, as: [PlannerItem].self) } },
            announcements: { id in known().flatMap { store.read(.announcements(id), of: $0, as: [Announcement].self) } },
            files: { id in known().flatMap { store.read(.files(id), of: $0, as: CourseFiles.self) } },
            grades: { id in known().flatMap { store.read(.grades(id), of: $0, as: CourseGrades.self) } },
            discussions: { id in known().flatMap { store.read(.discussions(id), of: $0, as: [DiscussionTopic].self) } },
            thread: { id, topic in known().flatMap { store.read(.thread(id, topic: topic), of: $0, as: [DiscussionEntry].self) } }
        )
    }
}
