// Lottie's path shapes as CGPaths, in the shape layer's points (lottie-docs, "Rectangle", "Ellipse", "Path").
// Rectangles start at the top-right corner and ellipses at the top, both clockwise, as Lottie players draw
// them (it matters to trims).
import Foundation
import QuartzMath
import QuartzRaster

/// One path item of a group: its animatable numbers and how they make the path.
struct LottiePathPart {
    enum Kind {
        /// `keepsCorners`: the roundness is above 0 at some keyframe, so every value draws the rounded outline
        /// (square corners as zero-length curves) and keyframed paths keep one structure to interpolate.
        case rectangle(keepsCorners: Bool), ellipse, bezier(closed: Bool), polystar(isStar: Bool, reversed: Bool)
        /// The paths before it, once per copy (LottieRepeaterBuilder.transform).
        case repeater(LottieRepeater)
        /// The paths before it with their sharp corners rounded by properties[0].
        case roundedCorners
    }
    let kind: Kind
    /// Rectangle: position, size, roundness. Ellipse: position, size. Bezier: the flattened vertices.
    /// Polystar: position, points, rotation, outer radius, inner radius, outer roundness, inner roundness.
    let properties: [LottieProperty<[Double]>]

    init?(_ item: LottieShapeItem) {
        switch item {
        case .rectangle(let position, let size, let roundness):
            let roundnesses = roundness.allValues
            kind = .rectangle(keepsCorners: roundness.isAnimated && roundnesses.contains { ($0.first ?? 0) > 0 })
            properties = [position, size, roundness]
        case .ellipse(let position, let size):
            kind = .ellipse; properties = [position, size]
        case .path(let bezier):
            kind = .bezier(closed: bezier.initialValue.closed)
            properties = [bezier.map(LottiePathPart.flatten)]
        case .repeater(let repeater):
            kind = .repeater(repeater)
            properties = [repeater.offset, repeater.anchor, repeater.position, repeater.scale, repeater.rotation]
        case .roundedCorners(let radius):
            kind = .roundedCorners
            properties = [radius]
        case .polystar(let star):
            kind = .polystar(isStar: star.isStar, reversed: star.reversed)
            properties = [star.position, star.points, star.rotation, star.outerRadius, star.innerRadius, star.outerRoundness,
                          star.innerRoundness]
        default:
            return nil
        }
    }

    /// A path of its own (not a modifier of the paths before it, as repeaters and rounded corners are).
    var isShape: Bool {
        switch kind {
        case .rectangle, .ellipse, .bezier, .polystar: return true
        case .repeater, .roundedCorners: return false
        }
    }

    /// The most vertices the path holds after this part, given `before` for the parts before it (for the
    /// sampling budgets): a drawn part adds its vertices and 4 for its moves and closes, a repeater multiplies,
    /// rounded corners at most double.
    func vertexCount(after before: Int) -> Int {
        switch kind {
        case .rectangle: return before.saturatingAdding(8 + 4)
        case .ellipse: return before.saturatingAdding(4 + 4)
        case .bezier: return before.saturatingAdding(properties[0].initialValue.count / 6 + 4)
        case .repeater(let repeater): return before.saturatingMultiplied(by: LottieRepeaterBuilder.copyCount(repeater))
        case .roundedCorners: return before.saturatingMultiplied(by: 2)
        case .polystar(let isStar, _):
            let counts = [properties[1].initialValue[0]] + properties[1].keyframeList.map { $0.value.first ?? 0 }
            let most = counts.filter(\.isFinite).max() ?? 0
            let corners = Int(min(max(0, most.rounded(.down)), Double(Self.maximumPolystarPoints)))
            return before.saturatingAdding((isStar ? 2 * corners : corners) + 4)
        }
    }

    /// Whether the path's points are linear in this part's numbers (so keyframed values interpolate exactly).
    var isLinearInItsNumbers: Bool {
        switch kind {
        case .rectangle, .ellipse, .bezier: return true
        case .polystar, .repeater, .roundedCorners: return false
        }
    }

    /// [vx, vy, ix, iy, ox, oy] per vertex, so paths interpolate as numbers.
    static func flatten(_ bezier: LottieBezier) -> [Double] {
        var flat: [Double] = []
        flat.reserveCapacity(bezier.vertices.count * 6)
        for index in bezier.vertices.indices {
            flat += [bezier.vertices[index][0], bezier.vertices[index][1], bezier.inTangents[index][0], bezier.inTangents[index][1],
                     bezier.outTangents[index][0], bezier.outTangents[index][1]]
        }
        return flat
    }

    /// The path of the parts before this one (`path`, which drawn parts extend) with this part applied at `frame`.
    func applied(to path: CGMutablePath, atFrame frame: Double) -> CGMutablePath {
        let values = properties.map { $0.value(atFrame: frame) }
        switch kind {
        case .rectangle(let keepsCorners):
            Self.appendRectangle(center: values[0], size: values[1], roundness: values[2][0], keepsCorners: keepsCorners, to: path)
        case .ellipse: Self.appendEllipse(center: values[0], size: values[1], to: path)
        case .bezier(let closed): Self.appendBezier(values[0], closed: closed, to: path)
        case .polystar(let isStar, let reversed):
            Self.appendPolystar(isStar: isStar, reversed: reversed, center: values[0], points: values[1][0],
                                rotation: values[2][0], outerRadius: values[3][0], innerRadius: values[4][0],
                                outerRoundness: values[5][0], innerRoundness: values[6][0], to: path)
        case .repeater(let repeater):
            let copies = CGMutablePath()
            for copy in 0..<LottieRepeaterBuilder.copyCount(repeater) {
                let m = LottieRepeaterBuilder.transform(repeater, copy: copy, atFrame: frame)
                copies.addPath(path, transform: CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m41, ty: m.m42))
            }
            return copies
        case .roundedCorners:
            let rounded = CGMutablePath()
            rounded.addPath(LottieRoundedCorners.rounded(path, radius: values[0].first ?? 0))
            return rounded
        }
        return path
    }

    /// The most points a star or polygon draws; more are drawn as this many (a file cannot ask for an unbounded
    /// path).
    static let maximumPolystarPoints = 1_000

    /// A star's or polygon's closed path. Points are whole (a fractional count is rounded down, as Lottie
    /// players do), at most `maximumPolystarPoints`. Vertex i lies at angle −90° + rotation + i · step from the
    /// centre (step = 360° / points for a polygon, half that for a star, whose odd vertices take the inner
    /// radius). A vertex of roundness q (percent) gets handles along the tangent of its circle, of length q/100
    /// times the circle's perimeter divided by 4 × points, before it and after it in the drawing direction.
    static func appendPolystar(
        isStar: Bool, reversed: Bool, center: [Double], points: Double, rotation: Double, outerRadius: Double,
        innerRadius: Double, outerRoundness: Double, innerRoundness: Double, to path: CGMutablePath
    ) {
        guard points.isFinite, points >= 1 else { return }
        let corners = Int(min(points.rounded(.down), Double(maximumPolystarPoints)))
        let vertices = isStar ? 2 * corners : corners
        let direction = reversed ? -1.0 : 1.0
        let step = 2 * Double.pi / Double(vertices) * direction
        var angle = -Double.pi / 2 + rotation * Double.pi / 180
        var points: [(vertex: CGPoint, before: CGPoint, after: CGPoint)] = []
        points.reserveCapacity(vertices)
        for i in 0..<vertices {
            let inner = isStar && i % 2 == 1
            let radius = inner ? innerRadius : outerRadius
            let roundness = (inner ? innerRoundness : outerRoundness) / 100
            let x = radius * cos(angle), y = radius * sin(angle)
            // The circle's tangent at the vertex, pointing the way the outline runs.
            let length = (x * x + y * y).squareRoot()
            let tx = length == 0 ? 0 : -y / length, ty = length == 0 ? 0 : x / length
            let handle = 2 * Double.pi * radius / Double(4 * corners) * roundness * direction
            let vx = center[0] + x, vy = center[1] + y
            points.append((CGPoint(x: vx, y: vy), CGPoint(x: vx - tx * handle, y: vy - ty * handle),
                           CGPoint(x: vx + tx * handle, y: vy + ty * handle)))
            angle += step
        }
        path.move(to: points[0].vertex)
        for i in 0..<vertices {
            let next = points[(i + 1) % vertices]
            if points[i].after == points[i].vertex && next.before == next.vertex {
                path.addLine(to: next.vertex)
            } else {
                path.addCurve(to: next.vertex, control1: points[i].after, control2: next.before)
            }
        }
        path.closeSubpath()
    }

    static func appendBezier(_ flat: [Double], closed: Bool, to path: CGMutablePath) {
        let count = flat.count / 6
        guard count > 0 else { return }
        func vertex(_ i: Int) -> CGPoint { CGPoint(x: flat[i * 6], y: flat[i * 6 + 1]) }
        func control(_ i: Int, _ offset: Int) -> CGPoint { CGPoint(x: flat[i * 6] + flat[i * 6 + offset], y: flat[i * 6 + 1] + flat[i * 6 + offset + 1]) }
        path.move(to: vertex(0))
        for i in 0..<count where i + 1 < count || closed {
            let next = (i + 1) % count
            path.addCurve(to: vertex(next), control1: control(i, 4), control2: control(next, 2))
        }
        if closed { path.closeSubpath() }
    }

    /// Lottie's circle constant for a quarter arc's handles.
    static let kappa = 0.5519

    static func appendEllipse(center: [Double], size: [Double], to path: CGMutablePath) {
        let x = center[0], y = center[1], rx = size[0] / 2, ry = size[1] / 2
        let kx = rx * kappa, ky = ry * kappa
        path.move(to: CGPoint(x: x, y: y - ry))
        path.addCurve(to: CGPoint(x: x + rx, y: y), control1: CGPoint(x: x + kx, y: y - ry), control2: CGPoint(x: x + rx, y: y - ky))
        path.addCurve(to: CGPoint(x: x, y: y + ry), control1: CGPoint(x: x + rx, y: y + ky), control2: CGPoint(x: x + kx, y: y + ry))
        path.addCurve(to: CGPoint(x: x - rx, y: y), control1: CGPoint(x: x - kx, y: y + ry), control2: CGPoint(x: x - rx, y: y + ky))
        path.addCurve(to: CGPoint(x: x, y: y - ry), control1: CGPoint(x: x - rx, y: y - ky), control2: CGPoint(x: x - kx, y: y - ry))
        path.closeSubpath()
    }

    /// A rectangle centred at `center`; corners of radius `roundness` (at most half the shorter side) drawn as
    /// quarter-circle curves, or, at radius 0, as plain corners unless `keepsCorners`.
    static func appendRectangle(center: [Double], size: [Double], roundness: Double, keepsCorners: Bool = false,
                                to path: CGMutablePath) {
        let w = abs(size[0]) / 2, h = abs(size[1]) / 2, x = center[0], y = center[1]
        let r = max(0, min(roundness, w, h))
        let left = x - w, right = x + w, top = y - h, bottom = y + h
        guard r > 0 || keepsCorners else {
            path.move(to: CGPoint(x: right, y: top))
            path.addLine(to: CGPoint(x: right, y: bottom))
            path.addLine(to: CGPoint(x: left, y: bottom))
            path.addLine(to: CGPoint(x: left, y: top))
            path.closeSubpath()
            return
        }
        let k = r * (1 - kappa)
        path.move(to: CGPoint(x: right, y: top + r))
        path.addLine(to: CGPoint(x: right, y: bottom - r))
        path.addCurve(to: CGPoint(x: right - r, y: bottom), control1: CGPoint(x: right, y: bottom - k), control2: CGPoint(x: right - k, y: bottom))
        path.addLine(to: CGPoint(x: left + r, y: bottom))
        path.addCurve(to: CGPoint(x: left, y: bottom - r), control1: CGPoint(x: left + k, y: bottom), control2: CGPoint(x: left, y: bottom - k))
        path.addLine(to: CGPoint(x: left, y: top + r))
        path.addCurve(to: CGPoint(x: left + r, y: top), control1: CGPoint(x: left, y: top + k), control2: CGPoint(x: left + k, y: top))
        path.addLine(to: CGPoint(x: right - r, y: top))
        path.addCurve(to: CGPoint(x: right, y: top + r), control1: CGPoint(x: right - k, y: top), control2: CGPoint(x: right, y: top + k))
        path.closeSubpath()
    }
}

/// The combined path of a group's path items, constant or changing over frames.
struct LottieCombinedPath {
    let parts: [LottiePathPart]

    func path(atFrame frame: Double) -> CGPath {
        parts.reduce(CGMutablePath()) { path, part in part.applied(to: path, atFrame: frame) }
    }

    var isAnimated: Bool { parts.contains { $0.properties.contains(where: \.isAnimated) } }

    /// The most vertices the combined path holds, at least 1.
    var vertexCount: Int { max(1, parts.reduce(0) { $1.vertexCount(after: $0) }) }

    /// The values of this path that fit in `LottieLimits.maximumSampledVertices` when sampled over frames.
    var sampleLimit: Int {
        return max(2, LottieLimits.maximumSampledVertices / vertexCount)
    }

    /// The frames and easings the path changes with: those of its animated properties when they all share
    /// them (the path is then exact between keyframes, as its points are linear in the keyframed numbers),
    /// otherwise (and for stars, polygons, repeaters and rounded corners, whose points are not) every frame
    /// between the first and last keyframe, linearly.
    func keyframeTiming() -> (frames: [Double], easings: [LottieSegmentEasing]) {
        let animated = parts.flatMap { $0.properties.filter(\.isAnimated) }.map(\.keyframeList)
        guard let first = animated.first else { return ([], []) }
        let frames = first.map(\.frame), easings = first.map(\.easing)
        let linear = parts.allSatisfy(\.isLinearInItsNumbers)
        if linear && animated.allSatisfy({ $0.map(\.frame) == frames && $0.map(\.easing) == easings }) { return (frames, easings) }
        let samples = max(1, min(LottieLimits.maximumSampledFrames, LottieLimits.maximumSampledVertices / vertexCount))
        let sampled = Self.sampledFrames(of: animated, samples: samples)
        return (sampled, Array(repeating: .linear, count: sampled.count))
    }
}

extension LottieCombinedPath {
    /// Frames from the first to the last of `keyframes`' frames, about `samples` of them, whole-frame steps;
    /// empty without keyframes.
    static func sampledFrames<Value>(of keyframes: [[LottieKeyframe<Value>]], samples: Int) -> [Double] {
        guard keyframes.contains(where: { !$0.isEmpty }) else { return [] }
        let start = keyframes.compactMap { $0.first?.frame }.min() ?? 0
        let end = keyframes.compactMap { $0.last?.frame }.max() ?? 0
        let step = max(1, ((end - start) / Double(max(1, samples))).rounded(.up))
        var sampled: [Double] = []
        var frame = start
        while frame < end { sampled.append(frame); frame += step }
        sampled.append(end)
        return sampled
    }
}
