// Why a document is not JSON we read, and where: the byte offset, and the line and column a person looks for.

/// A document `JSONReader` refused.
package struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// The document ends inside a value (or is empty).
        case unexpectedEnd
        /// A byte that cannot start or continue the value being read.
        case unexpectedCharacter
        /// A number that breaks JSON's grammar (a leading zero, a bare sign or point, a missing exponent).
        case invalidNumber
        /// A number literal beyond the range of a Double (JSON has no infinity).
        case numberOutOfRange
        /// A bad escape, an unpaired surrogate or an unescaped control character in a string.
        case invalidString
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// Objects and arrays nested deeper than the reader's limit.
        case tooDeep
        /// Something other than white space after the top-level value.
        case trailingContent
    }

    package let kind: Kind
    /// What is wrong, without the position ("expected ',' or ']' after an array element").
    package let reason: String
    /// Offset of the offending byte from the start of the document.
    package let offset: Int
    /// 1-based line and column (in bytes) of that byte.
    package let line: Int
    package let column: Int

    package var description: String { "\(reason) at line \(line), column \(column)" }
}
