import FoundationEssentials

extension Course {
    enum CodingKeys: String, CodingKey {
        case id, name, originalName, code, workflowState, term, teachers, startAt, endAt
        case enrollment, addsFiles, isFavorite, isConcluded, isRestricted, htmlURL, grade, allPeriodsGrade, hidesFinalGrades, isHidden
    }

    /// Reads a saved course; one saved before courses had grades reads as having none, and one
    /// saved before courses could be hidden as shown.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(CourseID.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            originalName: try container.decodeIfPresent(String.self, forKey: .originalName),
            code: try container.decode(String.self, forKey: .code),
            workflowState: try container.decodeIfPresent(String.self, forKey: .workflowState),
            term: try container.decodeIfPresent(Term.self, forKey: .term),
            teachers: try container.decode([String].self, forKey: .teachers),
            startAt: try container.decodeIfPresent(Date.self, forKey: .startAt),
            endAt: try container.decodeIfPresent(Date.self, forKey: .endAt),
            enrollment: try container.decodeIfPresent(Enrollment.self, forKey: .enrollment),
            addsFiles: try container.decodeIfPresent(Bool.self, forKey: .addsFiles),
            isFavorite: try container.decode(Bool.self, forKey: .isFavorite),
            isConcluded: try container.decodeIfPresent(Bool.self, forKey: .isConcluded),
            isRestricted: try container.decode(Bool.self, forKey: .isRestricted),
            htmlURL: try container.decodeIfPresent(URL.self, forKey: .htmlURL),
            grade: try container.decodeIfPresent(Grade.self, forKey: .grade),
            allPeriodsGrade: try container.decodeIfPresent(Grade.self, forKey: .allPeriodsGrade),
            hidesFinalGrades: try container.decodeIfPresent(Bool.self, forKey: .hidesFinalGrades) ?? false,
            isHidden: try container.decodeIfPresent(Bool.self, forKey: .isHidden) ?? false
        )
    }
}
