import TerminalUI

/// A binding as the host shows it: its row, and whether it applies now.
struct KeyItem: Equatable {
    var row: KeyTable.Row
    var availability: Availability
}
