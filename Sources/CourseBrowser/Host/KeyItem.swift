import TerminalUI

/// A binding as the host shows it: its row, whether it applies now, and a key that does it.
struct KeyItem: Equatable {
    var row: KeyTable.Row
    var availability: Availability
    /// The binding's first key, which the help presses to run it; nil for a row listed only.
    var key: Key? = nil
}
