/// The answer of `gradereport_user_get_grade_items` for one student
/// (grade/report/user/classes/external/user.php); only the fields read here.
///
/// Every field but the item's ID is read leniently: which of them appear depends on the site's
/// user report settings, and category and course items carry nulls where activities carry values.
struct MoodleGradeItems: Decodable, Sendable {
    struct UserGrades: Decodable, Sendable {
        var gradeitems: [Item]
    }

    /// One row of the student's grade report: an activity, a manual item, a category's total or the course's.
    struct Item: Decodable, Sendable {
        var id: Int
        /// Null for category and course totals.
        var itemname: String?
        /// `mod`, `manual`, `category` or `course`.
        var itemtype: String?
        var itemmodule: String?
        /// For a category or course total, the category it totals.
        var iteminstance: Int?
        /// The category it is in; null for category and course totals.
        var categoryid: Int?
        var cmid: Int?
        /// Its share of its category as a fraction, as counted for this student.
        var weightraw: Double?
        /// `dropped`, `extra`, `novalue`, …; absent where it was simply used.
        var status: String?
        /// Null while there is no grade or it is hidden from the student.
        var graderaw: Double?
        var gradeformatted: String?
        var gradeishidden: Bool?
        var gradehiddenbydate: Bool?
        var grademin: Double?
        var grademax: Double?
        var lettergradeformatted: String?
        var feedback: String?

        private enum CodingKeys: String, CodingKey {
            case id, itemname, itemtype, itemmodule, iteminstance, categoryid, cmid, weightraw, status, graderaw
            case gradeformatted, gradeishidden, gradehiddenbydate, grademin, grademax, lettergradeformatted, feedback
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(MoodleInt.self, forKey: .id).value
            itemname = container.lenient(String.self, forKey: .itemname)
            itemtype = container.lenient(String.self, forKey: .itemtype)
            itemmodule = container.lenient(String.self, forKey: .itemmodule)
            iteminstance = container.lenient(MoodleInt.self, forKey: .iteminstance)?.value
            categoryid = container.lenient(MoodleInt.self, forKey: .categoryid)?.value
            cmid = container.lenient(MoodleInt.self, forKey: .cmid)?.value
            weightraw = container.lenient(MoodleNumber.self, forKey: .weightraw)?.value
            status = container.lenient(String.self, forKey: .status)
            graderaw = container.lenient(MoodleNumber.self, forKey: .graderaw)?.value
            gradeformatted = container.lenient(String.self, forKey: .gradeformatted)
            gradeishidden = container.lenient(MoodleFlag.self, forKey: .gradeishidden)?.value
            gradehiddenbydate = container.lenient(MoodleFlag.self, forKey: .gradehiddenbydate)?.value
            grademin = container.lenient(MoodleNumber.self, forKey: .grademin)?.value
            grademax = container.lenient(MoodleNumber.self, forKey: .grademax)?.value
            lettergradeformatted = container.lenient(String.self, forKey: .lettergradeformatted)
            feedback = container.lenient(String.self, forKey: .feedback)
        }

        /// A category's or the course's total rather than something graded.
        var isTotal: Bool {
            itemtype == "category" || itemtype == "course"
        }
    }

    var usergrades: [UserGrades]
}

/// The answer of `gradereport_user_get_grades_table`, read only for the names of grade
/// categories, which `gradereport_user_get_grade_items` leaves null.
struct MoodleGradesTable: Decodable, Sendable {
    struct Table: Decodable, Sendable {
        var tabledata: [Row]
    }

    /// A row of the table; rows that only span others (`leader`) have no name cell.
    struct Row: Decodable, Sendable {
        var itemname: Cell?

        private enum CodingKeys: String, CodingKey {
            case itemname
        }

        init(from decoder: any Decoder) throws {
            itemname = try decoder.container(keyedBy: CodingKeys.self).lenient(Cell.self, forKey: .itemname)
        }
    }

    struct Cell: Decodable, Sendable {
        var `class`: String?
        var content: String?
        /// `cat_<category>_<user>` for a category's heading row.
        var id: String?

        private enum CodingKeys: String, CodingKey {
            case `class`, content, id
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            `class` = container.lenient(String.self, forKey: .class)
            content = container.lenient(String.self, forKey: .content)
            id = container.lenient(String.self, forKey: .id)
        }
    }

    var tables: [Table]
}
