import CourseKit

extension SavedCopyClient {
    /// The copies `store` holds for `account`.
    public static func store(_ store: SavedCopyStore, account: SavedCopyAccount) -> SavedCopyClient {
        SavedCopyClient(
            courses: { scope in store.read(.courses(scope), of: account, as: [Course].self) },
            course: { id in store.read(.course(id), of: account, as: Course.self) },
            syllabus: { id in store.read(.syllabus(id), of: account, as: String?.self) },
            modules: { id in store.read(.modules(id), of: account, as: [CourseModule].self) },
            assignments: { id in store.read(.assignments(id), of: account, as: [Assignment].self) },
            planner: { store.read(.planner, of: account, as: [PlannerItem].self) },
            announcements: { id in store.read(.announcements(id), of: account, as: [Announcement].self) },
            files: { id in store.read(.files(id), of: account, as: CourseFiles.self) },
            grades: { id in store.read(.grades(id), of: account, as: CourseGrades.self) },
            discussions: { id in store.read(.discussions(id), of: account, as: [DiscussionTopic].self) },
            thread: { id, topic in store.read(.thread(id, topic: topic), of: account, as: [DiscussionEntry].self) }
        )
    }
}
