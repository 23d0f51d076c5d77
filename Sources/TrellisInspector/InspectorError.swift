// Why an inspector page could not be made.

/// Why an inspector page could not be made (a font FreeType cannot open).
public struct InspectorError: Error, CustomStringConvertible, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
