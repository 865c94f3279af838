// zlib inflation, exposed for checking what the PNG writer produced (row filters, sizes).
import Foundation
import PNGShim

public enum Inflate {
    public struct InvalidStream: Error, CustomStringConvertible {
        public var description: String { "the zlib stream is invalid or inflates to more than the given limit" }
    }

    /// Inflates a complete zlib stream whose output is at most `limit` bytes.
    public static func zlib(_ data: Data, limit: Int = 64 << 20) throws -> [UInt8] {
        let source = [UInt8](data)
        var output = [UInt8](repeating: 0, count: limit)
        let written = unsafe source.withUnsafeBufferPointer { src in
            unsafe output.withUnsafeMutableBufferPointer { dst in
                unsafe oq_zlib_inflate(src.baseAddress, src.count, dst.baseAddress, dst.count)
            }
        }
        guard written >= 0 else { throw InvalidStream() }
        return Array(output.prefix(written))
    }
}
