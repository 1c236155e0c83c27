import Glibc

/// How many terminal columns a character takes, as tmux (which uses the C library) counts them.
///
/// `capture-pane -p` prints a wide character once, without the padding cell after it,
/// so columns can only be recovered by asking the C library's `wcwidth` under a UTF-8 locale.
enum TerminalWidth {
    private typealias WCWidth = @convention(c) (wchar_t) -> Int32

    /// `wcwidth`, looked up at run time because Swift's Glibc module hides it behind `_XOPEN_SOURCE`.
    private static let wcwidth: WCWidth? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth")
        .map { unsafeBitCast($0, to: WCWidth.self) }

    /// The widths of `scalars` in the `C.UTF-8` locale: 2 for wide, 0 for combining, else 1.
    ///
    /// The locale is switched for the calling thread only and switched back before returning.
    static func widths(of scalars: [Unicode.Scalar]) -> [Int] {
        guard let wcwidth, let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) else {
            return scalars.map { $0.value < 0x1100 ? 1 : 2 }
        }
        let previous = uselocale(locale)
        defer {
            uselocale(previous)
            freelocale(locale)
        }
        return scalars.map { scalar in
            let width = Int(wcwidth(wchar_t(bitPattern: scalar.value)))
            return width < 0 ? 1 : width
        }
    }
}
