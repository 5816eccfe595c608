/// A property a parser promises did not hold for an input (a crash is reported by the crash).
public struct FuzzFailure: Error, Sendable, CustomStringConvertible {
    /// Which property, and what was seen instead.
    public var description: String

    init(_ description: String) {
        self.description = description
    }

    /// Throws unless `condition` holds.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
        if !condition { throw FuzzFailure(message()) }
    }
}
