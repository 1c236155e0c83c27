/// A web service function's parameters as Moodle reads them from a form: scalars by name, and
/// lists and structures in PHP's bracket syntax (`courseids[0]=5`, `options[0][name]=cmid`).
struct MoodleParameters: Sendable, Equatable {
    private(set) var pairs: [(String, String)] = []

    init() {}

    static func == (lhs: MoodleParameters, rhs: MoodleParameters) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0 == $1 }
    }

    mutating func add(_ name: String, _ value: String) {
        pairs.append((name, value))
    }

    mutating func add(_ name: String, _ value: Int) {
        pairs.append((name, String(value)))
    }

    /// Moodle reads `1` and `0` as a boolean, whatever the parameter's type.
    mutating func add(_ name: String, _ value: Bool) {
        pairs.append((name, value ? "1" : "0"))
    }

    /// A list: `name[0]=…&name[1]=…`.
    mutating func add(_ name: String, list values: [String]) {
        for (index, value) in values.enumerated() {
            pairs.append(("\(name)[\(index)]", value))
        }
    }

    /// A list of name-value options, as `core_course_get_contents` takes them:
    /// `options[0][name]=cmid&options[0][value]=42`.
    mutating func add(_ name: String, options: [(String, String)]) {
        for (index, option) in options.enumerated() {
            pairs.append(("\(name)[\(index)][name]", option.0))
            pairs.append(("\(name)[\(index)][value]", option.1))
        }
    }

    /// The same parameters with one call of several.
    func adding(_ name: String, _ value: String) -> MoodleParameters {
        var copy = self
        copy.add(name, value)
        return copy
    }
}
