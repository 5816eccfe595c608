import Foundation
import LacriptaNet

#if canImport(Glibc)
import Glibc
#endif

/// Gives memory the program has freed back to the system once a minute, for the commands that run
/// for hours (the full-screen view, `live`, `compare`, `alert watch`).
///
/// glibc keeps freed memory in its heaps for reuse and returns only what is free at a heap's top.
/// A view that refetches the toplist, news and charts every few minutes frees most of what each
/// refresh allocated, but what stays (a cache entry, a row) pins the pages around it, so its RSS
/// rose by 2 to 3 MB over an hour's soak while the memory in use stayed at about 1.8 MB: asked
/// through gdb, `malloc_info` showed 4 MB of the view's 6 MB of heap free, and one `malloc_trim`
/// took its private RSS from 8.5 to 5.1 MB. `malloc_trim(0)` returns the free pages inside the
/// heaps too, in a few milliseconds once a minute. Other platforms' allocators return memory
/// themselves.
public enum FreedMemory {
    /// Starts the once-a-minute return on a thread of its own (nothing on other platforms).
    public static func returnPeriodically(every interval: TimeInterval = 60) {
        #if canImport(Glibc)
        // <malloc.h> is not part of Swift's Glibc module: the function is looked up in the C
        // library instead (and nothing is done if it is not there, as with another libc).
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        NamedThread.start("lacripta-trim") {
            while true {
                Thread.sleep(forTimeInterval: interval)
                _ = trim(0)
            }
        }
        #endif
    }
}
