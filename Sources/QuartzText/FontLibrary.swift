// Finding faces: by family name through fontconfig (Apple's names mapped onto installed families, each
// substitution logged once), or by file path. Opened faces are kept for the life of the process, so a name
// resolves to the same face object on every thread and every frame (which keeps rendering deterministic).
import Foundation
import Logging

/// What a font name or path resolved to.
public struct FontResolution: Sendable, Hashable, CustomStringConvertible {
    /// The name or path that was asked for.
    public let requested: String
    /// The installed face used for it: family, style and file.
    public let family: String
    public let style: String
    public let path: String
    /// True when the face is a stand-in for a family that is not installed.
    public let isSubstitution: Bool

    public var description: String {
        let face = "\(family) \(style) (\(path))"
        return isSubstitution ? "\"\(requested)\" → \(face), substituted" : "\"\(requested)\" → \(face)"
    }
}

/// The process's fonts: resolved names, opened files and the substitutions reported so far.
public final class FontLibrary: @unchecked Sendable {
    /// The library every layer and context uses (fonts are a property of the machine, not of a scene).
    public static let shared = FontLibrary()

    // Invariant: every stored property below is only touched while `lock` is held.
    private let lock = NSLock()
    private var facesByPath: [String: FontFace] = [:]
    private var failedPaths: [String: FontError] = [:]
    private var facesByName: [String: (FontFace, FontResolution)] = [:]
    /// Faces standing in for characters a face lacks, by "index:path:scalar" (nil: no installed face has it).
    private var fallbacks: [String: FontFace?] = [:]
    private var resolutionsInOrder: [FontResolution] = []
    private var loggerStorage: Logger? = Logger(label: "OpenQuartz.Text")

    package init() {}

    /// Where substitutions and unreadable fonts are logged (once each) as warnings; nil keeps them silent.
    public var logger: Logger? {
        get { lock.withLock { loggerStorage } }
        set { lock.withLock { loggerStorage = newValue } }
    }

    /// Every name and path resolved so far, in the order first asked for.
    public var resolutions: [FontResolution] { lock.withLock { resolutionsInOrder } }

    /// The resolution of a font name (Apple's names accepted), opening the face if needed.
    public func resolve(name: String) throws(FontError) -> FontResolution { try face(named: name).1 }

    /// The resolution of a font file (its first face).
    public func resolve(path: String) throws(FontError) -> FontResolution { try face(atPath: path).1 }

    /// The face for a family or PostScript-style name: the installed family itself, else a stand-in for
    /// Apple's families (Helvetica → Liberation Sans or DejaVu Sans, Menlo → a monospace family, …), else
    /// fontconfig's default. Throws only when fontconfig knows no usable font at all.
    package func face(named name: String) throws(FontError) -> (FontFace, FontResolution) {
        if let known = lock.withLock({ facesByName[name] }) { return known }
        let request = FontRequest(name: name.isEmpty ? "Helvetica" : name)
        var candidates: [(family: String, substitution: Bool)] = [(request.family, false)]
        let category = FontCategory.of(appleFamily: request.family)
        for family in category?.substitutes ?? [] { candidates.append((family, true)) }
        candidates.append((category?.generic ?? "sans-serif", true))
        var chosen: (FontFace, FontResolution)?
        for (index, candidate) in candidates.enumerated() {
            guard let match = FontconfigMatch.match(family: candidate.family, bold: request.bold, italic: request.italic)
            else { continue }
            // A named candidate counts only when fontconfig really has that family (it always answers with
            // something); the generic family at the end takes whatever fontconfig prefers.
            let isGeneric = index == candidates.count - 1
            guard isGeneric || Self.sameFamily(match.family, candidate.family) else { continue }
            guard let face = try? openFace(path: match.path, index: match.index) else { continue }
            let substituted = candidate.substitution || !Self.sameFamily(face.familyName, request.family)
            chosen = (face, FontResolution(requested: name, family: face.familyName, style: face.styleName,
                                           path: face.path, isSubstitution: substituted))
            break
        }
        guard let chosen else { throw .noFontsInstalled }
        let (stored, isNew) = lock.withLock { () -> ((FontFace, FontResolution), Bool) in
            if let raced = facesByName[name] { return (raced, false) }
            facesByName[name] = chosen
            resolutionsInOrder.append(chosen.1)
            return (chosen, true)
        }
        if isNew, stored.1.isSubstitution {
            logger?.warning("font \"\(name)\" is not installed; using \(stored.0.familyName) \(stored.0.styleName) (\(stored.0.path))")
        }
        return stored
    }

    /// The first face of the font file at `path`. A file that cannot be used is an error naming it; the
    /// failure is remembered (and logged once), so a bad file is read only once.
    package func face(atPath path: String) throws(FontError) -> (FontFace, FontResolution) {
        let face = try openFace(path: path, index: 0)
        let resolution = FontResolution(requested: path, family: face.familyName, style: face.styleName, path: path,
                                        isSubstitution: false)
        lock.withLock {
            if !resolutionsInOrder.contains(resolution) { resolutionsInOrder.append(resolution) }
        }
        return (face, resolution)
    }

    /// A face that maps `scalar`, for text in `face` that does not: the first installed face in fontconfig's
    /// order of preference for `face`'s family, weight and slant whose character set has it; nil when no
    /// installed face has it (the text then shows `face`'s .notdef glyph). Answers are cached per face and
    /// scalar, so a text's faces are the same on every frame and thread.
    package func fallbackFace(for scalar: Unicode.Scalar, like face: FontFace) -> FontFace? {
        let key = "\(face.index):\(face.path):\(scalar.value)"
        if let known = lock.withLock({ fallbacks[key] }) { return known }
        var found: FontFace?
        if let match = FontconfigMatch.match(
            family: face.familyName, bold: face.metrics.isBold, italic: face.metrics.isItalic, covering: scalar),
            let candidate = try? openFace(path: match.path, index: match.index), candidate.covers(scalar)
        {
            found = candidate
        }
        return lock.withLock {
            if let raced = fallbacks[key] { return raced }
            fallbacks[key] = .some(found)
            return found
        }
    }

    private func openFace(path: String, index: Int) throws(FontError) -> FontFace {
        let key = "\(index):\(path)"
        let cached = lock.withLock { (facesByPath[key], failedPaths[key]) }
        if let face = cached.0 { return face }
        if let error = cached.1 { throw error }
        do {
            let face = try FontFace(path: path, index: index)
            return lock.withLock {
                if let raced = facesByPath[key] { return raced }
                facesByPath[key] = face
                return face
            }
        } catch {
            let isNew = lock.withLock { () -> Bool in
                defer { failedPaths[key] = error }
                return failedPaths[key] == nil
            }
            if isNew { logger?.warning("\(error.description)") }
            throw error
        }
    }

    /// fontconfig compares family names ignoring case and blanks; so do we.
    static func sameFamily(_ a: String, _ b: String) -> Bool {
        a.lowercased().filter { $0 != " " } == b.lowercased().filter { $0 != " " }
    }
}
