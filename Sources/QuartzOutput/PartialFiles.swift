// Hidden temporary ("partial") files and their hygiene. Every output is first written to
// `.NAME.HOST-PID.partial` beside its target, flushed to disk (fsync) and renamed into place, then the
// folder is fsynced (once per render for frame sequences): a power cut leaves either the old file or the
// complete new one under the final name.
// A killed run leaves its partial files behind; any later run writing into the folder removes those of
// this host whose process is gone (or whose PID is this process's own, a reused PID), and those of other
// hosts (shared folders on render farms) once they have not changed for an hour.
import Foundation
import Logging

package enum PartialFiles {
    /// Partial files of other hosts are removed when unchanged this long (a live writer touches its
    /// partial continuously; a PNG partial lives for one encode).
    package static let foreignHostStaleSeconds: Double = 3600

    /// This host's name as it appears in partial file names: letters, digits and '_' only (so the name
    /// parses back: the last '.'-separated part before ".partial" is HOST-PID).
    package static let hostTag: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        let name = unsafe gethostname(&buffer, buffer.count) == 0
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let cleaned = String(name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "_" })
        return cleaned.isEmpty ? "host" : String(cleaned.prefix(64))
    }()

    /// The partial file for `path`: `.NAME.HOST-PID.partial` in the same folder (a rename stays on one file system).
    package static func path(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let pid = ProcessInfo.processInfo.processIdentifier
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(hostTag)-\(pid).partial").path
    }

    /// The writer of a partial file name: host and PID, or nil when `name` is not a partial file of ours.
    /// Also recognises PNGWriter's own temporary inside it (`..NAME.HOST-PID.partial.UUID.tmp`).
    package static func owner(ofFileNamed name: String) -> (host: String, pid: Int32)? {
        var name = Substring(name)
        if name.hasSuffix(".tmp"), name.hasPrefix("..") {
            name = name.dropLast(4)
            guard let dot = name.lastIndex(of: "."), UUID(uuidString: String(name[name.index(after: dot)...])) != nil else { return nil }
            name = name[..<dot].dropFirst()
        }
        guard name.hasPrefix("."), name.hasSuffix(".partial") else { return nil }
        name = name.dropLast(".partial".count)
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return nil }
        let tag = name[name.index(after: dot)...]
        guard let dash = tag.lastIndex(of: "-"), let pid = Int32(tag[tag.index(after: dash)...]), pid > 0 else { return nil }
        let host = String(tag[..<dash])
        guard !host.isEmpty else { return nil }
        return (host, pid)
    }

    /// Whether a process with this PID runs on this host (EPERM: it exists but belongs to someone else). A
    /// zombie (exited, not yet reaped by its parent: state Z or X in /proc/PID/stat) writes nothing more, so
    /// it counts as gone; a killed farm task's process can stay one for seconds while its rerun starts.
    package static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return true }
        let state = stat[stat.index(after: end)...].drop { $0 == " " }.first
        return state != "Z" && state != "X"
    }

    /// Removes stale partial files in `folder` and logs each one; returns the names removed. Unreadable
    /// folders and files that vanish meanwhile are skipped (another shard may be cleaning too).
    @discardableResult
    package static func removeStale(inFolder folder: String, now: Date = Date()) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        let ownPID = ProcessInfo.processInfo.processIdentifier
        var removed: [String] = []
        for name in names.sorted() {
            guard let owner = owner(ofFileNamed: name) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            let reason: String
            if owner.host == hostTag {
                if owner.pid == ownPID {
                    reason = "left by an earlier process with this PID"
                } else if !isAlive(owner.pid) {
                    reason = "process \(owner.pid) is gone"
                } else {
                    continue
                }
            } else {
                let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? now
                guard now.timeIntervalSince(modified) > foreignHostStaleSeconds else { continue }
                reason = "written on host \(owner.host), unchanged for over an hour"
            }
            guard unsafe unlink(path) == 0 else { continue }
            removed.append(name)
            outputLog.notice("removed stale partial file \"\(path)\" (\(reason))")
        }
        return removed
    }

    /// Flushes the file at `path` to stable storage; the reason on failure (a full disk may show only here).
    private static func flush(_ path: String) -> String? {
        let fd = unsafe open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return writeFailure(errno) }
        defer { close(fd) }
        // fsync flushes the file's data whichever descriptor asks; the writer has already closed its own.
        return fsync(fd) == 0 ? nil : writeFailure(errno)
    }

    /// Flushes a folder's entries (a rename into it) to stable storage; best effort (some file systems
    /// refuse fsync on folders, and the file itself is already safe).
    package static func syncFolder(of path: String) {
        syncFolder(at: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// `syncFolder(of:)` for the folder itself.
    package static func syncFolder(at folder: String) {
        let fd = unsafe open(folder, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// Writes `data` to `path` atomically: `writePartial`, then `commit`.
    package static func writeAtomically(_ data: Data, to path: String, refusingExisting: Bool = false) throws {
        try commit(try writePartial(data, for: path), to: path, refusingExisting: refusingExisting)
    }

    /// Writes `data` to the partial file of `path` (not yet flushed to disk) and returns that file's path.
    /// A failure removes the partial file.
    package static func writePartial(_ data: Data, for path: String) throws -> String {
        let temporary = self.path(for: path)
        guard let reason = writeBytes(data, to: temporary) else { return temporary }
        unsafe unlink(temporary)
        throw writeError(path, reason)
    }

    /// "cannot write PATH: REASON", or that its folder is gone when it is (removed or moved while rendering).
    private static func writeError(_ path: String, _ reason: String) -> FrameOutputError {
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        if !folder.isEmpty, unsafe !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
            return FrameOutputError(.ioError, "cannot write \"\(path)\": its folder \"\(folder)\" is gone (removed or moved while rendering)")
        }
        return FrameOutputError(.ioError, "cannot write \"\(path)\": \(reason)")
    }

    /// The reason for a failed write, saying a full disk in words.
    private static func writeFailure(_ code: Int32) -> String {
        let text = unsafe String(cString: strerror(code))
        switch code {
        case ENOSPC: return "not enough space on the disk (\(text))"
        case EDQUOT: return "the disk quota is used up (\(text))"
        default: return text
        }
    }

    /// Creates `path` holding `data`; the reason on failure.
    private static func writeBytes(_ data: Data, to path: String) -> String? {
        let fd = unsafe open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return writeFailure(errno) }
        var failure: String?
        unsafe data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < raw.count {
                let written = unsafe Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    failure = written < 0 ? writeFailure(errno) : "the file system took no bytes"
                    return
                }
                offset += written
            }
        }
        if close(fd) != 0, failure == nil { failure = writeFailure(errno) }
        return failure
    }

    /// Moves a finished partial file into place: fsync, rename, and with `syncingFolder` the folder's fsync.
    /// With `refusingExisting`, a file that appeared at `path` meanwhile (another process) is kept and the
    /// commit fails. A failure removes the partial file and leaves `path` as it was.
    package static func commit(_ temporary: String, to path: String, refusingExisting: Bool, syncingFolder: Bool = true) throws {
        if let reason = flush(temporary) {
            unsafe unlink(temporary)
            throw writeError(path, reason)
        }
        if refusingExisting, FileManager.default.fileExists(atPath: path) {
            unsafe unlink(temporary)
            throw FrameOutputError(.cannotCreate, "\"\(path)\" appeared while rendering; not replaced (pass --overwrite)")
        }
        guard unsafe rename(temporary, path) == 0 else {
            let reason = unsafe String(cString: strerror(errno))
            unsafe unlink(temporary)
            throw FrameOutputError(.ioError, "cannot move the finished file to \"\(path)\": \(reason)")
        }
        if syncingFolder { syncFolder(of: path) }
    }
}
