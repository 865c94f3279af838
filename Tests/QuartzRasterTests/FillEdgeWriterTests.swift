import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster
import QuartzTestSupport

/// FillEdgeWriter (FillEdgeWriter.swift) against FillEdgeBuilder, which stays the reference: the same calls
/// must give the same edges element for element (every Int32 and the Double slope) and the same contour
/// state, on random polylines that cross every side of the clip, with bad points (NaN, infinity, 1e30,
/// 1e300) and clips of every kind. The filler's coverage depends only on these edges (FillFixedPoint.swift),
/// so equal edges mean equal pixels. Project contract (file headers); Apple has no such API.
@Suite struct FillEdgeWriterTests {
    enum Call { case move(SIMD2<Double>), line(SIMD2<Double>), close }


    static func randomPoint(_ r: inout PaintTestRandom, span: Double) -> SIMD2<Double> {
        switch r.below(40) {
        case 0: return SIMD2(.nan, r.unit() * span)
        case 1: return SIMD2(r.unit() * span, .infinity)
        case 2: return SIMD2(-1e30, r.unit() * span)
        case 3: return SIMD2(r.unit() * span, 1e300)
        case 4: return SIMD2(r.unit() * span, 7.5)  // a shared height: horizontal segments
        case 5: return SIMD2(Double(r.below(Int(span))), Double(r.below(Int(span))))  // on pixel lines
        default: return SIMD2(r.unit() * span * 1.6 - span * 0.3, r.unit() * span * 1.6 - span * 0.3)
        }
    }

    static func randomCalls(_ r: inout PaintTestRandom, count: Int, span: Double) -> [Call] {
        (0..<count).map { _ in
            switch r.below(20) {
            case 0: return .move(randomPoint(&r, span: span))
            case 1: return .close
            default: return .line(randomPoint(&r, span: span))
            }
        }
    }

    static func replay<Sink: PolylineSink>(_ calls: [Call], into sink: inout Sink) {
        for call in calls {
            switch call {
            case .move(let p): sink.move(to: p)
            case .line(let p): sink.line(to: p)
            case .close: sink.closeContour()
            }
        }
    }

    static let clips: [FillPixelBounds] = [
        FillPixelBounds(minX: 0, minY: 0, maxX: 64, maxY: 48),
        FillPixelBounds(minX: 13, minY: 7, maxX: 40, maxY: 33),
        FillPixelBounds(minX: 20, minY: 20, maxX: 20, maxY: 30),  // empty
        { var c = FillPixelBounds(minX: 0, minY: 0, maxX: 64, maxY: 64); c.minX = -8; return c }(),
        // Beyond ±2^22: the checked narrowing (no point here comes near the far side).
        { var c = FillPixelBounds(minX: 0, minY: 0, maxX: 64, maxY: 64); c.maxX = 1 << 23; return c }(),
    ]

    @Test func writerMakesTheBuildersEdges() {
        var r = PaintTestRandom(seed: 0x5EED)
        for clip in Self.clips {
            for round in 0..<150 {
                let calls = Self.randomCalls(&r, count: 5 + r.below(60), span: 64)
                // Split the calls: some before the writer, the rest through it, then finish on the builder,
                // so the hand-over of the open contour in both directions is checked too.
                let split = round % 3 == 0 ? r.below(calls.count) : 0
                var reference = FillEdgeBuilder(clip: clip)
                Self.replay(calls, into: &reference)
                reference.finish()
                var builder = FillEdgeBuilder(clip: clip)
                Self.replay(Array(calls[..<split]), into: &builder)
                builder.withEdgeWriter(initialCapacity: 1 + round % 20) { writer in
                    Self.replay(Array(calls[split...]), into: &writer)
                }
                builder.finish()
                #expect(builder.edges == reference.edges, "clip \(clip) round \(round)")
                #expect(builder.edges.map(\.inverseSlope.bitPattern) == reference.edges.map(\.inverseSlope.bitPattern))
            }
        }
    }

    /// The three storage routes of withEdgeWriter give the builder's edges: filled in place (few edges),
    /// outgrowing the in-place array (many edges: moved to the writer's own buffer, then copied), and
    /// appended after edges the builder already had.
    @Test func everyStorageRouteGivesTheBuildersEdges() {
        let clip = FillPixelBounds(minX: 0, minY: 0, maxX: 64, maxY: 48)
        // A zigzag of `teeth` rising and falling segments, all inside the clip: one edge each.
        func zigzag(_ teeth: Int, into sink: inout some PolylineSink) {
            sink.move(to: SIMD2(2, 2))
            for i in stride(from: 1, through: teeth, by: 1) { sink.line(to: SIMD2(2 + Double(i) * 0.5, i % 2 == 0 ? 2 : 40.25)) }
            sink.closeContour()
        }
        for (teeth, before) in [(5, 0), (40, 0), (300, 0), (7, 3), (90, 12)] {
            var reference = FillEdgeBuilder(clip: clip)
            zigzag(before, into: &reference)
            zigzag(teeth, into: &reference)
            var builder = FillEdgeBuilder(clip: clip)
            zigzag(before, into: &builder)
            var owned = false
            builder.withEdgeWriter(initialCapacity: 16) { writer in
                zigzag(teeth, into: &writer)
                owned = writer.ownsStorage
            }
            #expect(builder.edges == reference.edges, "teeth \(teeth) before \(before)")
            // One edge per tooth, plus the closing edge when it is not horizontal (an odd count ends low).
            func edgeCount(_ k: Int) -> Int { k == 0 ? 0 : k + k % 2 }
            #expect(builder.edges.count == edgeCount(before) + edgeCount(teeth))
            // In place exactly when the builder was empty and 16 slots were enough.
            #expect(owned == (before > 0 || edgeCount(teeth) > 16))
        }
    }

    /// lineInside (the stroker's and flattener's unchecked route, which narrows each point once and decides
    /// on the narrowed heights) against the builder's `line` on points that hold inside: the same edges,
    /// slopes bit for bit. Heights repeat exactly, differ by less than half a 24.8 step (equal after
    /// narrowing) or sit on the half-step ties that round half to even, so every branch is taken; moves and
    /// closes in between check that the narrowed current point follows the contour.
    @Test func lineInsideMakesTheBuildersEdges() {
        var r = PaintTestRandom(seed: 0x11E5)
        let clip = FillPixelBounds(minX: 3, minY: 2, maxX: 61, maxY: 45)
        let step = 1.0 / 256
        for round in 0..<200 {
            var reference = FillEdgeBuilder(clip: clip)
            var builder = FillEdgeBuilder(clip: clip)
            var last = SIMD2(20.0, 20.0)
            func next() -> SIMD2<Double> {
                let x = 4 + r.unit() * 56
                switch r.below(6) {
                case 0: return SIMD2(x, last.y)  // the same height
                case 1: return SIMD2(x, last.y + (r.unit() - 0.5) * step * 0.9)  // within a step
                case 2: return SIMD2(x, (Double(4 * 256 + r.below(40 * 256)) + 0.5) * step)  // a tie
                default: return SIMD2(x, 3 + r.unit() * 41)
                }
            }
            builder.withEdgeWriter(initialCapacity: 1 + round % 7) { writer in
                writer.move(to: last)
                reference.move(to: last)
                for _ in 0..<(2 + r.below(80)) {
                    switch r.below(16) {
                    case 0:
                        last = next()
                        writer.move(to: last)
                        reference.move(to: last)
                    case 1:
                        writer.closeContour()
                        reference.closeContour()
                    default:
                        let p = next()
                        #expect(writer.currentInside && writer.holdsInside(p))
                        writer.lineInside(to: p)
                        reference.line(to: p)
                        last = p
                    }
                }
            }
            builder.finish()
            reference.finish()
            #expect(builder.edges == reference.edges, "round \(round)")
            #expect(builder.edges.map(\.inverseSlope.bitPattern) == reference.edges.map(\.inverseSlope.bitPattern))
        }
    }

    /// A closed square across the clip's corner: hand-checked pieces (left part folded onto the side).
    @Test func squareAcrossTheCornerGivesTheKnownEdges() {
        var builder = FillEdgeBuilder(clip: FillPixelBounds(minX: 10, minY: 10, maxX: 50, maxY: 50))
        builder.withEdgeWriter(initialCapacity: 1) { writer in
            writer.move(to: SIMD2(5, 5))
            writer.line(to: SIMD2(20, 5))
            writer.line(to: SIMD2(20, 20.5))
            writer.line(to: SIMD2(5, 20.5))
            writer.closeContour()
        }
        // Right side x = 20 from y 10 to 20.5 running down; left side folded to x = 10, running up.
        #expect(builder.edges == [
            FillEdge(x0: 5120, y0: 2560, x1: 5120, y1: 5248, winding: 1),
            FillEdge(x0: 2560, y0: 2560, x1: 2560, y1: 5248, winding: -1),
        ])
    }

    /// Runs of points on or beyond the clip's top or bottom (the writer's bothBeyondTopOrBottom route: only
    /// the current point moves), with points exactly on those sides, runs that cross from beyond one side to
    /// beyond the other, steps back inside and bad points among them: the builder's edges and contour state.
    @Test func runsBeyondTopOrBottomMakeTheBuildersEdges() {
        var r = PaintTestRandom(seed: 0xB0770)
        for clip in Self.clips {
            let top = Double(clip.minY), bottom = Double(clip.maxY)
            for round in 0..<150 {
                var calls: [Call] = [.move(SIMD2(r.unit() * 64, r.unit() * 48))]
                for _ in 0..<(10 + r.below(60)) {
                    let x = r.unit() * 100 - 18
                    let y: Double
                    switch r.below(12) {
                    case 0: y = top
                    case 1: y = bottom
                    case 2, 3: y = r.unit() * (bottom - top + 2) + top - 1
                    case 4: y = .nan
                    case 5, 6, 7: y = top - r.unit() * 30
                    default: y = bottom + r.unit() * 30
                    }
                    calls.append(r.below(25) == 0 ? .close : .line(SIMD2(x, y)))
                }
                var reference = FillEdgeBuilder(clip: clip)
                Self.replay(calls, into: &reference)
                var builder = FillEdgeBuilder(clip: clip)
                builder.withEdgeWriter(initialCapacity: 4) { writer in Self.replay(calls, into: &writer) }
                reference.finish()
                builder.finish()
                #expect(builder.edges == reference.edges, "clip \(clip) round \(round)")
                #expect(builder.edges.map(\.inverseSlope.bitPattern) == reference.edges.map(\.inverseSlope.bitPattern))
            }
        }
    }
}
