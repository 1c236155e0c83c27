#if canImport(Glibc)
import Glibc
#endif

/// Whether the user's locale (`LC_ALL`, `LC_CTYPE`, `LANG`) writes UTF-8, as the terminal UI
/// asks before it draws `✓` rather than `+`.
enum UTF8Locale {
    /// Takes the character set from the environment into the C library's locale, then says
    /// whether it is UTF-8: a command's output is written in it from then on.
    static func adopt() -> Bool {
        setlocale(LC_CTYPE, "")
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        return ["utf-8", "utf8"].contains(String(cString: codeset).lowercased())
    }
}
