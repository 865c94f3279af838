// Typed PNG errors: each names the file and what went wrong, in words a user can act on.

public enum PNGError: Error, CustomStringConvertible, Equatable {
    /// libpng (or the file system) could not read the file: missing, not a PNG, corrupt or truncated.
    case unreadable(path: String, reason: String)
    /// The header declares more pixels than the reader accepts; nothing was allocated.
    case tooLarge(path: String, width: Int, height: Int, maximumPixels: Int)
    /// The bitmap cannot be written as PNG (empty, or larger than PNG allows).
    case unwritableSize(path: String, width: Int, height: Int)
    /// Writing failed; no file was left at `path` (the temporary file was removed).
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "cannot read PNG '\(path)': \(reason)"
        case let .tooLarge(path, width, height, maximumPixels):
            return "PNG '\(path)' is \(width)x\(height) pixels, more than the limit of \(maximumPixels) pixels"
        case let .unwritableSize(path, width, height):
            return "cannot write PNG '\(path)': a \(width)x\(height) image has no pixels or exceeds PNG's limits"
        case let .writeFailed(path, reason):
            return "cannot write PNG '\(path)': \(reason)"
        }
    }
}
