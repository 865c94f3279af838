// Painter's order for the planes of a 3-D rendering context (a CATransformLayer's, or a replicator's with
// `preservesDepth`): a BSP tree over the planes, as browser compositors order 3-D rendering contexts.
//
// Each plane is a layer that flattens its own subtree; its device geometry is LayerDepthGeometry's. A
// splitter plane sorts the others into those behind it, in it and in front of it (larger device depth is
// nearer the viewer, whose rays are parallel to the depth axis in device space); a plane that crosses it is
// cut along the crossing line into two pieces. Painting behind, in, in front, recursively, is correct for
// every arrangement, interpenetrating ones included: pixel for pixel what a depth buffer shows at pixel
// centres, while the planes' own edges stay anti-aliased. Pieces carry hard cuts (RenderPlanePiece), so
// the two pieces of a cut share no pixel and leave none out.
//
// Planes whose outlines cannot overlap (boxes two pixels apart) need no order between them: they are
// ordered apart, so scattered planes cost no more than their count. Coplanar planes keep tree order. Bounds
// keep a pathological context finite: at most 4 pieces per plane plus 256 (past it a crossing plane goes
// whole to the side its outline's centre is on) and at most 4,000,000 plane tests (past them what is left is
// painted far to near by outline-centre depth, the simpler order).
import Foundation
import QuartzMath
import QuartzRaster

/// A member of a 3-D rendering context: the nodes of one layer that flattens its subtree, and its matrix.
struct LayerRenderPlane {
    var nodes: [RenderNode]
    /// The layer's local (bounds) space → device, with depth.
    var world: CATransform3D
}

enum LayerRenderDepthOrder {
    static let piecesPerPlane = 4
    static let extraPieces = 256
    static let maximumPlaneTests = 4_000_000

    /// A plane, or the part of one left by cuts.
    struct Piece {
        var plane: Int
        /// Convex outline in device XY.
        var outline: [SIMD2<Double>]
        /// Device lines (a·X + b·Y + c) with their kept sides.
        var cuts: [RenderHalfPlane] = []
    }

    /// The planes' nodes back to front.
    static func paintersOrder(_ planes: [LayerRenderPlane]) -> [RenderNode] {
        guard planes.count > 1 else { return planes.first?.nodes ?? [] }
        let geometry = planes.map { LayerDepthGeometry(world: $0.world, nodes: $0.nodes) }
        // Edge-on planes and planes with nothing in front of the eye cover (nearly) nothing: first, in tree order.
        var nodes = planes.indices.filter { geometry[$0] == nil }.flatMap { planes[$0].nodes }
        var ordering = Ordering(geometry: geometry, pieceBudget: piecesPerPlane * planes.count + extraPieces)
        for component in overlappingComponents(geometry) {
            for piece in ordering.order(component.map { Piece(plane: $0, outline: geometry[$0]!.outline) }) {
                nodes += Self.nodes(of: piece, planes[piece.plane])
            }
        }
        return nodes
    }

    /// The drawing of one piece: the plane's nodes, limited to the piece when it was cut.
    static func nodes(of piece: Piece, _ plane: LayerRenderPlane) -> [RenderNode] {
        guard !piece.cuts.isEmpty else { return plane.nodes }
        // A device line a·X + b·Y + c as a local line: (a, b, c) · H, whose value at a local point is the device
        // value times W > 0 (H maps local (u, v, 1) to device (X, Y, W)).
        let h = CompositorProjection(plane.world).homography
        let local = piece.cuts.map { l in
            RenderHalfPlane(
                a: l.a * h.m0 + l.b * h.m3 + l.c * h.m6, b: l.a * h.m1 + l.b * h.m4 + l.c * h.m7,
                c: l.a * h.m2 + l.b * h.m5 + l.c * h.m8, keepsNonNegative: l.keepsNonNegative)
        }
        return [.group(RenderGroup(children: plane.nodes, piece: RenderPlanePiece(transform: plane.world, cuts: local)))]
    }

    /// The planes with geometry, grouped so that no two groups' outline boxes (grown by two pixels for
    /// anti-aliasing) overlap; each group in tree order, the groups by their first plane.
    static func overlappingComponents(_ geometry: [LayerDepthGeometry?]) -> [[Int]] {
        let members = geometry.indices.filter { geometry[$0] != nil }
        let boxes = members.map { i -> (min: SIMD2<Double>, max: SIMD2<Double>) in
            let outline = geometry[i]!.outline
            var lo = outline[0], hi = outline[0]
            for p in outline { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
            return (lo - 2, hi + 2)
        }
        var parent = Array(members.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        // Sweep along x: each box meets the boxes still open when it starts.
        let byStart = members.indices.sorted { boxes[$0].min.x != boxes[$1].min.x ? boxes[$0].min.x < boxes[$1].min.x : $0 < $1 }
        var open: [Int] = []
        for i in byStart {
            open.removeAll { boxes[$0].max.x < boxes[i].min.x }
            for j in open where boxes[j].min.y <= boxes[i].max.y && boxes[i].min.y <= boxes[j].max.y {
                let a = root(i), b = root(j)
                if a != b { parent[max(a, b)] = min(a, b) }
            }
            open.append(i)
        }
        var groups: [Int: [Int]] = [:]
        var firsts: [Int] = []
        for i in members.indices {
            let r = root(i)
            if groups[r] == nil { firsts.append(r) }
            groups[r, default: []].append(members[i])
        }
        return firsts.map { groups[$0]! }
    }

    /// The BSP walk over one component, with the context's budgets.
    struct Ordering {
        let geometry: [LayerDepthGeometry?]
        var pieceBudget: Int
        var planeTests = 0

        init(geometry: [LayerDepthGeometry?], pieceBudget: Int) {
            self.geometry = geometry
            self.pieceBudget = pieceBudget - geometry.count
        }

        enum Side { case behind, coplanar, inFront, crossing }

        enum Task {
            case order([Piece])
            case paint([Piece])
        }

        /// The pieces back to front. Iterative: a context of many planes would nest as deep as it is long.
        mutating func order(_ pieces: [Piece]) -> [Piece] {
            var painted: [Piece] = []
            var tasks: [Task] = [.order(pieces)]
            while let task = tasks.popLast() {
                switch task {
                case .paint(let pieces):
                    painted += pieces
                case .order(let pieces):
                    guard pieces.count > 1 else {
                        painted += pieces
                        continue
                    }
                    if planeTests + pieces.count > LayerRenderDepthOrder.maximumPlaneTests {
                        painted += byCentreDepth(pieces)
                        continue
                    }
                    planeTests += pieces.count
                    let splitter = geometry[pieces[0].plane]!.equation
                    var behind: [Piece] = [], coplanar = [pieces[0]], inFront: [Piece] = []
                    for piece in pieces.dropFirst() {
                        let g = geometry[piece.plane]!
                        let line = RenderHalfPlane(
                            a: g.equation.alpha - splitter.alpha, b: g.equation.beta - splitter.beta,
                            c: g.equation.gamma - splitter.gamma, keepsNonNegative: true)
                        switch Self.side(of: piece.outline, line) {
                        case .behind: behind.append(piece)
                        case .coplanar: coplanar.append(piece)
                        case .inFront: inFront.append(piece)
                        case .crossing:
                            if g.isFlat && pieceBudget > 0, let (front, back) = Self.cut(piece, line) {
                                pieceBudget -= 1
                                inFront.append(front)
                                behind.append(back)
                            } else if Self.centreValue(piece.outline, line) >= 0 {
                                inFront.append(piece)
                            } else {
                                behind.append(piece)
                            }
                        }
                    }
                    tasks.append(.order(inFront))
                    tasks.append(.paint(coplanar))
                    tasks.append(.order(behind))
                }
            }
            return painted
        }

        /// Far to near by the depth of the outline's centre; ties keep the given order.
        func byCentreDepth(_ pieces: [Piece]) -> [Piece] {
            let depths = pieces.map { geometry[$0.plane]!.equation.depth(Self.centre($0.outline)) }
            return pieces.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }.map { pieces[$0] }
        }

        /// Where an outline lies against the splitter, from `line` = its depth minus the splitter's: positive
        /// is nearer. Values within a relative 1e-7 of the coordinates count as on the splitter, so faces that
        /// only share an edge (a cube's) are not cut.
        static func side(of outline: [SIMD2<Double>], _ line: RenderHalfPlane) -> Side {
            var lowest = Double.infinity, highest = -Double.infinity, size = 1.0
            for p in outline {
                let v = line.a * p.x + line.b * p.y + line.c
                lowest = min(lowest, v)
                highest = max(highest, v)
                size = max(size, abs(p.x), abs(p.y))
            }
            let tolerance = 1e-7 * size * max(1, abs(line.a) + abs(line.b)) + 1e-7 * abs(line.c)
            if lowest >= -tolerance && highest <= tolerance { return .coplanar }
            if lowest >= -tolerance { return .inFront }
            if highest <= tolerance { return .behind }
            return .crossing
        }

        static func centre(_ outline: [SIMD2<Double>]) -> SIMD2<Double> {
            outline.reduce(SIMD2<Double>(), +) / Double(outline.count)
        }

        static func centreValue(_ outline: [SIMD2<Double>], _ line: RenderHalfPlane) -> Double {
            let c = centre(outline)
            return line.a * c.x + line.b * c.y + line.c
        }

        /// The piece's parts in front of (line ≥ 0) and behind (line < 0) the splitter; nil when one side keeps
        /// no area.
        static func cut(_ piece: Piece, _ line: RenderHalfPlane) -> (front: Piece, back: Piece)? {
            let front = clip(piece.outline, line, keepsNonNegative: true)
            let back = clip(piece.outline, line, keepsNonNegative: false)
            guard front.count >= 3, back.count >= 3 else { return nil }
            var f = piece, b = piece
            f.outline = front
            f.cuts.append(line)
            b.outline = back
            b.cuts.append(line.complement)
            return (f, b)
        }

        /// Sutherland–Hodgman against one line.
        static func clip(_ outline: [SIMD2<Double>], _ line: RenderHalfPlane, keepsNonNegative: Bool) -> [SIMD2<Double>] {
            let s: Double = keepsNonNegative ? 1 : -1
            var result: [SIMD2<Double>] = []
            var previous = outline[outline.count - 1]
            var previousValue = s * (line.a * previous.x + line.b * previous.y + line.c)
            for current in outline {
                let value = s * (line.a * current.x + line.b * current.y + line.c)
                if (previousValue >= 0) != (value >= 0) {
                    let t = previousValue / (previousValue - value)
                    result.append(previous + (current - previous) * t)
                }
                if value >= 0 { result.append(current) }
                previous = current
                previousValue = value
            }
            return result
        }
    }
}
