import LacriptaCLI
import LacriptaCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Thin entry point: all logic lives in LacriptaCLI so tests can run it in-process.
FreedMemory.returnPeriodically()
exit(await CLI.main().rawValue)
