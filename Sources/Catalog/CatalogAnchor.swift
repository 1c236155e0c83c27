import FoundationEssentials
import Synchronization

/// The moment a catalog's relative dates count from: when a reading of it was first used.
///
/// A course's assignments are decoded again each time they are asked for; counted from each
/// asking's own "now", a due date "in two days" would move by the time between two askings,
/// and the Course pane would see it as moved since the Due pane listed it.
final class CatalogAnchor: Sendable {
    private let now: @Sendable () -> Date
    private let anchored = Mutex<(reading: UUID, moment: Date)?>(nil)

    init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The moment `index`'s relative dates count from: now, the first time this reading is asked
    /// about, and that same moment until another reading of the catalog comes.
    func moment(for index: CatalogIndex) -> Date {
        anchored.withLock { anchored in
            if let anchored, anchored.reading == index.reading { return anchored.moment }
            let moment = now()
            anchored = (index.reading, moment)
            return moment
        }
    }
}
