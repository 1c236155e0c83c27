extension MoodleAssign {
    /// The value of one setting of an enabled submission plugin (`file`, `onlinetext`), nil where
    /// the plugin is off or the setting not sent.
    func setting(_ plugin: String, _ name: String) -> String? {
        configs?.first { $0.subtype == "assignsubmission" && $0.plugin == plugin && $0.name == name }?.value
    }

    /// Whether the submission plugin `plugin` is on: an enabled plugin has an `enabled` row of 1.
    func takes(_ plugin: String) -> Bool {
        setting(plugin, "enabled") == "1"
    }

    /// Whether a save keeps a draft the student then submits for grading, as a second step.
    var keepsDrafts: Bool {
        submissiondrafts?.value ?? false
    }

    /// The statement the student accepts by submitting, as plain text; nil where none is asked.
    var statement: String? {
        guard requiresubmissionstatement?.value == true else { return nil }
        return MoodleText.name(submissionstatement)
    }
}
