import CMemory
import Glibc
import Testing

/// Memory freed in the middle of the allocator's heap is handed back when asked.
struct FreeMemoryTests {
    @Test func memoryFreedBehindALiveBlockIsHandedBack() throws {
        let size = 64 * 1024
        let blocks = try (0..<256).map { _ in try #require(malloc(size)) }
        // A block kept after them, so freeing them leaves a hole the allocator would keep.
        let fence = malloc(size)
        for block in blocks { memset(block, 1, size) }
        for block in blocks { free(block) }
        #expect(cb_give_back_free_memory() == 1)
        free(fence)
    }
}
