/// The powers of ten a `Double` holds exactly, 10^0 through 10^22: multiplying or dividing an
/// integer below 2^53 by one of them rounds once, correctly (Clinger's fast path). Shared by the
/// reader's number path (`JSONCursor`) and the writer's number printer (`ByteCursor`), which
/// both rely on that exactness. Internal; `@usableFromInline` only because the number printer is
/// inlined into LacriptaCLI.
@usableFromInline
enum ExactPowerOfTen {
    /// 10^exponent for 0...22 (22 for anything larger; callers stay within the range). Always
    /// inlined: a table load where it is used, several times per message, not a call.
    @inlinable @inline(__always)
    static func value(_ exponent: Int) -> Double {
        switch exponent {
        case ..<1: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }
}
