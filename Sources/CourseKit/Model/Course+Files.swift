extension Course {
    /// Why files can't be added to this course's Files by the user, where the backend says
    /// their enrollment doesn't let them; nil where it does, or doesn't say.
    public var courseFilesRefusal: String? {
        guard addsFiles == false else { return nil }
        return "Only teachers add files to a course's Files, and you are a student in \(code.isEmpty ? name : code)"
    }
}
