import HTMLText

extension CourseDetailPane {
    /// Passes a syllabus load's event on as the state's, and starts converting the rest of a new value.
    func receiveSyllabus(_ event: LoadEvent<SyllabusStart>) {
        switch event {
        case let .started(at, keepingValue):
            if !keepingValue { convertRest(nil) }
            update(.syllabus(.started(at: at, keepingValue: keepingValue)))
        case let .restored(start, savedAt):
            update(.syllabus(.restored(SyllabusBlocks(start.blocks), savedAt: savedAt)))
            convertRest(start.rest)
        case let .waiting(note):
            update(.syllabus(.waiting(note)))
        case let .finished(.success(start)):
            update(.syllabus(.finished(.success(SyllabusBlocks(start.blocks)))))
            convertRest(start.rest)
        case let .finished(.failure(error)):
            update(.syllabus(.finished(.failure(error))))
        }
    }
}
