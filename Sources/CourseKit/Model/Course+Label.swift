extension Course {
    /// What the course is called where its ID would be: its code, short and what students say,
    /// or its name when it has no code; nil when it has neither.
    ///
    /// Also the name of the course's folder of downloads, so the browser and `sync` put a
    /// course's files in the same place.
    package var label: String? {
        code.nonBlank ?? name.nonBlank
    }
}
