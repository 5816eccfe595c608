import LacriptaFuzzing

/// libFuzzer's entry for `FuzzTarget.exchangeBinance`; the library holds the work and the checks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.exchangeBinance.fuzzOneInput(data, size)
}
