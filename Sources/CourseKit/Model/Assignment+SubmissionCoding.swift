import FoundationEssentials

extension Assignment.Submission {
    enum CodingKeys: String, CodingKey {
        case state, submittedAt, attempt, isLate, isMissing, isExcused, score, grade, postedAt, attemptOfNextHandIn, feedbackHTML
        case comments, rubricMarks, isExtended, isRedoRequested
    }

    /// Reads a saved submission; one saved before extensions and redo requests were kept has neither.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            state: try container.decode(State.self, forKey: .state),
            submittedAt: try container.decodeIfPresent(Date.self, forKey: .submittedAt),
            attempt: try container.decodeIfPresent(Int.self, forKey: .attempt),
            isLate: try container.decode(Bool.self, forKey: .isLate),
            isMissing: try container.decode(Bool.self, forKey: .isMissing),
            isExcused: try container.decode(Bool.self, forKey: .isExcused),
            score: try container.decodeIfPresent(Double.self, forKey: .score),
            grade: try container.decodeIfPresent(String.self, forKey: .grade),
            postedAt: try container.decodeIfPresent(Date.self, forKey: .postedAt),
            attemptOfNextHandIn: try container.decodeIfPresent(Int.self, forKey: .attemptOfNextHandIn),
            feedbackHTML: try container.decodeIfPresent(String.self, forKey: .feedbackHTML),
            comments: try container.decodeIfPresent([SubmissionComment].self, forKey: .comments),
            rubricMarks: try container.decodeIfPresent([String: RubricMark].self, forKey: .rubricMarks),
            isExtended: try container.decodeIfPresent(Bool.self, forKey: .isExtended) ?? false,
            isRedoRequested: try container.decodeIfPresent(Bool.self, forKey: .isRedoRequested) ?? false
        )
    }
}
