import HTMLText

extension CourseDetailPane {
    /// The syllabus's loader: only the saved copy's first screenful is converted at once, and the
    /// rest of a copy or an answer follows in pieces.
    var syllabusLoader: SectionLoader {
        let courses = courseClient
        let saved = savedCopies
        return SectionLoader(
            start: { [weak self] id in
                guard let self else { return }
                let copy = saved.syllabus(id)
                if let copy {
                    receiveSyllabus(.restored(SyllabusStart(copy.value), savedAt: copy.savedAt))
                }
                receiveSyllabus(syllabusRunner.load(keepingValue: copy != nil) { progress in
                    let html = try await courses.syllabus(id, progress)
                    return await SyllabusStart.converting(html)
                })
            },
            refresh: { [weak self] in
                if let started = self?.syllabusRunner.refresh() { self?.receiveSyllabus(started) }
            },
            again: { [weak self] keepingValue in
                guard let self else { return }
                receiveSyllabus(syllabusRunner.again(keepingValue: keepingValue))
            }
        )
    }

    /// Passes a syllabus load's event on as the state's, and starts converting the rest of a new value.
    func receiveSyllabus(_ event: LoadEvent<SyllabusStart>) {
        switch event {
        case let .started(at, keepingValue):
            if !keepingValue { convertRest(nil) }
            update(.loaded(\.syllabus, .started(at: at, keepingValue: keepingValue)))
        case let .restored(start, savedAt):
            update(.loaded(\.syllabus, .restored(SyllabusBlocks(start.blocks), savedAt: savedAt)))
            convertRest(start.rest)
        case let .waiting(note):
            update(.loaded(\.syllabus, .waiting(note)))
        case let .finished(.success(start)):
            update(.loaded(\.syllabus, .finished(.success(SyllabusBlocks(start.blocks)))))
            convertRest(start.rest)
        case let .finished(.failure(error)):
            update(.loaded(\.syllabus, .finished(.failure(error))))
        }
    }
}
