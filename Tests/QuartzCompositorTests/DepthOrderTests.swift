// 3-D ordering inside CATransformLayer: every arrangement must show at each pixel centre the plane a depth
// buffer shows there. Apple documents CATransformLayer as building "true 3D layer hierarchies" without naming
// an algorithm [A: SDK-CATransformLayer]; our rule is docs/semantics.md §9.5 (a BSP tree over the planes,
// cutting planes that interpenetrate, as browser compositors order 3-D rendering contexts). The oracle
// below ray-casts the planes at every pixel centre from the matrices the render list carries, so it checks
// the order and the cuts, not the matrices (those have their own corner vectors in LayersPixelTests).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import QuartzTestSupport
import Testing
@testable import QuartzCompositor

@Suite struct DepthOrderTests {
    /// One opaque plane of a test context, as a CALayer's geometry.
    struct Plane {
        var size: CGSize
        var position: CGPoint
        var zPosition: Double = 0
        var transform: CATransform3D = CATransform3DIdentity
        var color: (r: Int, g: Int, b: Int)
    }

    static let palette: [(r: Int, g: Int, b: Int)] = [
        (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (255, 0, 255), (0, 255, 255), (255, 128, 0),
        (128, 0, 255), (0, 128, 64), (200, 200, 200), (128, 64, 0), (64, 0, 128),
    ]

    /// Planes as sublayers of one CATransformLayer filling a black root with perspective m34 = −1/eye, the
    /// context turned by `turn` (about its centre).
    static func scene(_ planes: [Plane], size: Int = 200, eye: Double = 500, turn: CATransform3D = CATransform3DIdentity)
        -> LayersScene
    {
        let scene = LayersScene(width: size, height: size, background: rgb(0, 0, 0))
        scene.run {
            var p = CATransform3DIdentity
            p.m34 = -1 / eye
            CATransaction.setDisableActions(true)
            scene.root.sublayerTransform = p
            CATransaction.flush()
        }
        let context = scene.add(CATransformLayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: size, height: size)
            $0.transform = turn
        }
        for plane in planes {
            scene.add(CALayer(), to: context) {
                $0.bounds = CGRect(origin: .zero, size: plane.size)
                $0.position = plane.position
                $0.zPosition = plane.zPosition
                $0.transform = plane.transform
                $0.backgroundColor = rgb(Double(plane.color.r) / 255, Double(plane.color.g) / 255, Double(plane.color.b) / 255)
            }
        }
        return scene
    }

    /// The solid items of a list with their matrices, one per colour (a cut plane's pieces share theirs).
    static func solids(_ nodes: [RenderNode], into found: inout [(CATransform3D, CGRect, (Int, Int, Int))]) {
        for node in nodes {
            switch node {
            case .item(let item):
                guard case .solid(let shape, let color) = item.content else { continue }
                let c = color.straightSRGBRGBA
                let key = (Int((c.x * 255).rounded()), Int((c.y * 255).rounded()), Int((c.z * 255).rounded()))
                // Black is the root's background, the oracle's "nothing".
                if key != (0, 0, 0) && !found.contains(where: { $0.2 == key }) {
                    found.append((item.transform, shape.rect, key))
                }
            case .group(let group):
                solids(group.children, into: &found)
            }
        }
    }

    /// Pixels that differ from the ray cast: at each pixel centre the nearest plane (largest device depth Z/W)
    /// whose rectangle holds the centre. Skipped: centres within 1.2 px of a plane's outline (anti-aliased
    /// there) and centres where the two nearest depths agree to 1e-6 (on an intersection line).
    static func mismatches(_ scene: LayersScene, threads: Int = 1, tileSize: Int = 64) throws -> (bad: Int, checked: Int) {
        var planes: [(CATransform3D, CGRect, (Int, Int, Int))] = []
        solids(try scene.list().nodes, into: &planes)
        let bitmap = try scene.render(threads: threads, tileSize: tileSize)
        struct Cast {
            let inverse: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
            let m: CATransform3D
            let rect: CGRect
            let corners: [SIMD2<Double>]
            let color: (Int, Int, Int)
        }
        let casts = planes.map { (m, rect, color) -> Cast in
            let h = CompositorProjection(m).homography
            let c00 = h.m4 * h.m8 - h.m5 * h.m7, c01 = h.m2 * h.m7 - h.m1 * h.m8, c02 = h.m1 * h.m5 - h.m2 * h.m4
            let c10 = h.m5 * h.m6 - h.m3 * h.m8, c11 = h.m0 * h.m8 - h.m2 * h.m6, c12 = h.m2 * h.m3 - h.m0 * h.m5
            let c20 = h.m3 * h.m7 - h.m4 * h.m6, c21 = h.m1 * h.m6 - h.m0 * h.m7, c22 = h.m0 * h.m4 - h.m1 * h.m3
            let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
                .map { p -> SIMD2<Double> in
                    let q = m.homogeneousPoint(x: Double(p.0), y: Double(p.1))
                    return SIMD2(q.x / q.w, q.y / q.w)
                }
            return Cast(inverse: (c00, c01, c02, c10, c11, c12, c20, c21, c22), m: m, rect: rect, corners: corners, color: color)
        }
        func distance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            let d = b - a, t = max(0, min(1, ((p - a) * d).sum() / max((d * d).sum(), 1e-300)))
            let e = p - (a + d * t)
            return (e * e).sum().squareRoot()
        }
        var bad = 0, checked = 0
        for y in 0..<bitmap.height {
            pixels: for x in 0..<bitmap.width {
                let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                var depths: [(Double, (Int, Int, Int))] = []
                for c in casts {
                    for i in 0..<4 where distance(p, c.corners[i], c.corners[(i + 1) % 4]) < 1.2 { continue pixels }
                    let i = c.inverse
                    let u = i.0 * p.x + i.1 * p.y + i.2, v = i.3 * p.x + i.4 * p.y + i.5, w = i.6 * p.x + i.7 * p.y + i.8
                    let local = CGPoint(x: u / w, y: v / w)
                    guard c.rect.contains(local) else { continue }
                    let q = c.m.homogeneousPoint(x: Double(local.x), y: Double(local.y))
                    guard q.w > 0 else { continue }
                    depths.append((q.z / q.w, c.color))
                }
                depths.sort { $0.0 > $1.0 }
                if depths.count >= 2 && abs(depths[0].0 - depths[1].0) < 1e-6 * (1 + abs(depths[0].0)) { continue }
                let expected = depths.first?.1 ?? (0, 0, 0)
                checked += 1
                let pixel = bitmap[x, y]
                if (Int(pixel.r), Int(pixel.g), Int(pixel.b)) != expected || pixel.a != 255 { bad += 1 }
            }
        }
        return (bad, checked)
    }

    /// Pieces in the render list (groups limited to part of a plane).
    static func pieceCount(_ nodes: [RenderNode]) -> Int {
        nodes.reduce(0) { count, node in
            guard case .group(let g) = node else { return count }
            return count + (g.piece == nil ? 0 : 1) + pieceCount(g.children)
        }
    }

    /// The six faces of a cube of side 2·half about its centre (front, right, top, bottom, left, back), each
    /// placed as cube tutorials place them: translated out, then turned to face outwards.
    static func cubeFaces(half: Double) -> [CATransform3D] {
        [
            CATransform3DMakeTranslation(0, 0, half),
            CATransform3DRotate(CATransform3DMakeTranslation(half, 0, 0), .pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, -half, 0), .pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, half, 0), -.pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(-half, 0, 0), -.pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -half), .pi, 0, 1, 0),
        ]
    }

    static func turn(x: Double, y: Double) -> CATransform3D {
        CATransform3DRotate(CATransform3DMakeRotation(x, 1, 0, 0), y, 0, 1, 0)
    }

    /// Two squares crossing in an X (turned ±35° about y through the same centre): no order of whole planes
    /// is right, so one is cut along the crossing line into two pieces.
    @Test func crossingPlanesMatchADepthBuffer() throws {
        let planes = [
            Plane(size: CGSize(width: 120, height: 100), position: CGPoint(x: 100, y: 100),
                  transform: CATransform3DMakeRotation(0.6, 0, 1, 0), color: Self.palette[0]),
            Plane(size: CGSize(width: 120, height: 100), position: CGPoint(x: 100, y: 100),
                  transform: CATransform3DMakeRotation(-0.6, 0, 1, 0), color: Self.palette[1]),
        ]
        let scene = Self.scene(planes, turn: Self.turn(x: 0.3, y: 0.2))
        #expect(Self.pieceCount(try scene.list().nodes) == 2)
        let result = try Self.mismatches(scene)
        #expect(result.checked > 10_000)
        #expect(result.bad == 0, "\(result.bad) of \(result.checked) pixels differ from the depth buffer")
    }

    /// Three strips overlapping cyclically (each above the next at one end and below it at the other), the
    /// arrangement no painter's order of whole planes can draw.
    @Test func cyclicOverlapMatchesADepthBuffer() throws {
        var planes: [Plane] = []
        for k in 0..<3 {
            let angle = Double(k) * 2 * .pi / 3
            var t = CATransform3DMakeRotation(0.35, 1, 0, 0)  // tilted: one end up, one end down
            t = CATransform3DConcat(t, CATransform3DMakeRotation(angle, 0, 0, 1))
            planes.append(Plane(
                size: CGSize(width: 170, height: 30),
                position: CGPoint(x: 100 + 25 * cos(angle + .pi / 2), y: 100 + 25 * sin(angle + .pi / 2)),
                transform: t, color: Self.palette[k]))
        }
        let scene = Self.scene(planes)
        #expect(Self.pieceCount(try scene.list().nodes) >= 2)
        let result = try Self.mismatches(scene)
        #expect(result.checked > 8_000)
        #expect(result.bad == 0, "\(result.bad) of \(result.checked) pixels differ from the depth buffer")
    }

    /// A cube of six double-sided faces seen from many angles, as in the perspective-cube listings: faces only
    /// meet at edges, so nothing is cut, and the far faces never show through the near ones (ordering faces by
    /// their centres' depth paints a top or bottom face over a side face in corner triangles at some angles).
    @Test(arguments: [(0.0, 0.0), (0.5, 0.7), (-0.6, 0.9), (1.2, -0.4), (0.3, 2.6), (-1.0, -2.2), (2.2, 0.5), (0.8, 3.9)])
    func cubeFacesMatchADepthBuffer(angles: (Double, Double)) throws {
        let half = 50.0
        let faces = Self.cubeFaces(half: half)
        let planes = faces.enumerated().map { k, t in
            Plane(size: CGSize(width: 2 * half, height: 2 * half), position: CGPoint(x: 100, y: 100), transform: t,
                  color: Self.palette[k])
        }
        let scene = Self.scene(planes, eye: 300, turn: Self.turn(x: angles.0, y: angles.1))
        #expect(Self.pieceCount(try scene.list().nodes) == 0)
        let result = try Self.mismatches(scene)
        #expect(result.checked > 5_000)
        #expect(result.bad == 0, "\(result.bad) of \(result.checked) pixels differ from the depth buffer")
    }

    /// A carousel: eight cards around a ring turned about y, seen from above; then a stack of cards fanned in
    /// depth, from the side. Neither arrangement interpenetrates, so neither needs cuts to be right.
    @Test(arguments: [0.0, 0.4, 1.3, 2.9])
    func carouselAndCardStackMatchADepthBuffer(spin: Double) throws {
        var ring: [Plane] = []
        for k in 0..<8 {
            let angle = spin + Double(k) * .pi / 4
            let t = CATransform3DTranslate(CATransform3DMakeRotation(angle, 0, 1, 0), 0, 0, 70)
            ring.append(Plane(size: CGSize(width: 50, height: 70), position: CGPoint(x: 100, y: 100), transform: t,
                              color: Self.palette[k]))
        }
        let carousel = try Self.mismatches(Self.scene(ring, turn: CATransform3DMakeRotation(-0.35, 1, 0, 0)))
        #expect(carousel.checked > 5_000)
        #expect(carousel.bad == 0, "carousel: \(carousel.bad) of \(carousel.checked) pixels differ")

        var stack: [Plane] = []
        for k in 0..<6 {
            stack.append(Plane(size: CGSize(width: 90, height: 60), position: CGPoint(x: 70 + 12 * Double(k), y: 100),
                               zPosition: Double(k) * 15 - 40, transform: CATransform3DMakeRotation(0.25, 0, 0, 1),
                               color: Self.palette[k]))
        }
        let cards = try Self.mismatches(Self.scene(stack, turn: Self.turn(x: 0.2, y: spin)))
        #expect(cards.checked > 5_000)
        #expect(cards.bad == 0, "card stack: \(cards.bad) of \(cards.checked) pixels differ")
    }

    /// Eight planes at seeded random positions and angles, many interpenetrating.
    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func randomPlanesMatchADepthBuffer(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var planes: [Plane] = []
        for k in 0..<8 {
            let t = CATransform3DRotate(
                CATransform3DMakeRotation(random.next(in: -1.2...1.2), 1, 0, 0), random.next(in: -1.2...1.2), 0, 1, 0)
            planes.append(Plane(
                size: CGSize(width: random.next(in: 40...110), height: random.next(in: 40...110)),
                position: CGPoint(x: random.next(in: 60...140), y: random.next(in: 60...140)),
                zPosition: random.next(in: -40...40), transform: t, color: Self.palette[k]))
        }
        let result = try Self.mismatches(Self.scene(planes))
        #expect(result.checked > 5_000)
        #expect(result.bad == 0, "\(result.bad) of \(result.checked) pixels differ from the depth buffer")
    }

    /// Cut planes are bit-identical whatever the thread count and tile size.
    @Test func cutPlanesAreBitIdenticalAcrossThreadsAndTiles() throws {
        var random = SplitMix64(seed: 9)
        var planes: [Plane] = []
        for k in 0..<8 {
            let t = CATransform3DRotate(
                CATransform3DMakeRotation(random.next(in: -1.2...1.2), 1, 0, 0), random.next(in: -1.2...1.2), 0, 1, 0)
            planes.append(Plane(size: CGSize(width: 90, height: 90), position: CGPoint(x: random.next(in: 70...130), y: 100),
                                transform: t, color: Self.palette[k]))
        }
        let scene = Self.scene(planes)
        #expect(Self.pieceCount(try scene.list().nodes) > 0)
        let reference = try scene.render(threads: 1, tileSize: 64)
        for (threads, tile) in [(2, 64), (2, 16), (1, 32), (2, 128)] {
            #expect(try scene.render(threads: threads, tileSize: tile).pixels == reference.pixels, "threads \(threads), tile \(tile)")
        }
    }

    /// The two sides of a cut take every pixel exactly once, lines through pixel centres included.
    @Test func cutSidesPartitionThePixels() {
        var random = SplitMix64(seed: 4)
        let bounds = FillPixelBounds(width: 64, height: 48)
        var lines: [RenderHalfPlane] = [
            RenderHalfPlane(a: 1, b: 0, c: -10.5, keepsNonNegative: true),  // x = 10.5: through column 10's centres
            RenderHalfPlane(a: 0, b: -1, c: 20.5, keepsNonNegative: true),
            RenderHalfPlane(a: 1, b: -1, c: 0, keepsNonNegative: true),
            RenderHalfPlane(a: 0, b: 0, c: 0, keepsNonNegative: true),
        ]
        for _ in 0..<40 {
            lines.append(RenderHalfPlane(a: random.next(in: -3...3), b: random.next(in: -3...3), c: random.next(in: -100...100),
                                         keepsNonNegative: true))
        }
        for line in lines {
            let keep = RenderDeviceRegion(halfPlanes: [line], bounds: bounds)
            let other = RenderDeviceRegion(halfPlanes: [line.complement], bounds: bounds)
            for y in 0..<48 {
                let a = keep.run(row: y, columns: 0..<64), b = other.run(row: y, columns: 0..<64)
                for x in 0..<64 {
                    #expect(a.contains(x) != b.contains(x), "line \(line), pixel (\(x), \(y))")
                    #expect(a.contains(x) == line.containsPixel(x: x, y: y))
                }
            }
        }
    }

    /// Planes that cannot overlap on the device are not ordered against one another, so a context of
    /// scattered planes keeps them uncut and in tree order (sublayers sorted by zPosition, spec §9.5).
    @Test func scatteredPlanesStayWholeAndInTreeOrder() throws {
        var planes: [Plane] = []
        for k in 0..<12 {
            planes.append(Plane(size: CGSize(width: 20, height: 20),
                                position: CGPoint(x: 20 + Double(k % 4) * 50, y: 40 + Double(k / 4) * 60),
                                zPosition: Double(k % 3) * 30, transform: CATransform3DMakeRotation(Double(k), 0, 1, 0),
                                color: Self.palette[k]))
        }
        let nodes = try Self.scene(planes, size: 220).list().nodes
        #expect(Self.pieceCount(nodes) == 0)
        var found: [(CATransform3D, CGRect, (Int, Int, Int))] = []
        Self.solids(nodes, into: &found)
        let treeOrder = planes.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
        #expect(found.map { "\($0.2)" } == treeOrder.map { "(\($0.element.color.r), \($0.element.color.g), \($0.element.color.b))" })
    }
}

extension SplitMix64 {
    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }
}

extension DepthOrderTests {
    /// An off-centre cube under a strong perspective (eye 300, seen from the side and below): ordering
    /// whole faces by their centres' depth paints a face over a nearer one along their shared edge here; the
    /// tree orders faces by their planes and matches the depth buffer.
    @Test func offCentreCubeMatchesADepthBuffer() throws {
        let half = 40.0
        let faces = Self.cubeFaces(half: half)
        let spin = Self.turn(x: -1.5, y: -0.5)
        let planes = faces.enumerated().map { k, t in
            Plane(size: CGSize(width: 2 * half, height: 2 * half), position: CGPoint(x: 50, y: 100),
                  transform: CATransform3DConcat(t, spin), color: Self.palette[k])
        }
        let result = try Self.mismatches(Self.scene(planes, eye: 300))
        #expect(result.checked > 2_000)
        #expect(result.bad == 0, "\(result.bad) of \(result.checked) pixels differ from the depth buffer")
    }
}
