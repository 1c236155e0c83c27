/// A word of a command line as a POSIX shell reads it back unchanged.
enum ShellWord {
    /// `word` itself when a shell leaves it be, else in single quotes (a quote in it closed,
    /// escaped and reopened).
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "@%+=:,./-_".unicodeScalars.contains(scalar))
        }
        return plain ? word : "'" + word.replacing("'", with: #"'\''"#) + "'"
    }
}
