import FoundationEssentials
import TerminalUI

/// What a pane's last action did (`o`, `y`, a hand-in), shown above or under its content.
struct Notice: Equatable {
    var text: String
    /// Something went wrong: drawn as an error, not a success.
    var isProblem = false
    /// Neither done nor wrong, such as why a key does nothing now: drawn muted.
    var isNote = false
    /// An address shown after the text, as a hyperlink where the terminal shows them.
    var link: URL?

    /// The notice at `width`: its text wrapped, then the address on lines of its own (up to
    /// three, each the same hyperlink), so the whole of it can be read and selected by hand.
    func lines(width: Int) -> [StyledLine] {
        let style = isNote ? Style.muted : Style(role: isProblem ? .error : .success)
        var lines = Sanitizer.clean(text).wrapped(toWidth: width).map { StyledLine($0, style: style) }
        if let link {
            lines += link.absoluteString.wrapped(toWidth: width).prefix(3).map {
                StyledLine([.init(text: $0, style: Style(underline: true), link: link)])
            }
        }
        return lines
    }
}
