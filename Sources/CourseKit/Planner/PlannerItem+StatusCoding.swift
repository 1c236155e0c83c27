import FoundationEssentials

extension PlannerItem.Status {
    enum CodingKeys: String, CodingKey {
        case isSubmitted, isGraded, isLate, isMissing, isExcused, needsGrading, hasFeedback, gradePostedAt, isExtended, isRedoRequested, isGradeHidden, lastComment
    }

    /// Reads a saved status; one saved before extensions, redo requests and hidden grades were kept has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            isSubmitted: try container.decode(Bool.self, forKey: .isSubmitted),
            isGraded: try container.decode(Bool.self, forKey: .isGraded),
            isLate: try container.decode(Bool.self, forKey: .isLate),
            isMissing: try container.decode(Bool.self, forKey: .isMissing),
            isExcused: try container.decode(Bool.self, forKey: .isExcused),
            needsGrading: try container.decode(Bool.self, forKey: .needsGrading),
            hasFeedback: try container.decode(Bool.self, forKey: .hasFeedback),
            gradePostedAt: try container.decodeIfPresent(Date.self, forKey: .gradePostedAt),
            isExtended: try container.decodeIfPresent(Bool.self, forKey: .isExtended) ?? false,
            isRedoRequested: try container.decodeIfPresent(Bool.self, forKey: .isRedoRequested) ?? false,
            isGradeHidden: try container.decodeIfPresent(Bool.self, forKey: .isGradeHidden) ?? false,
            lastComment: try container.decodeIfPresent(String.self, forKey: .lastComment)
        )
    }
}
