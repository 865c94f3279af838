import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

/// Stroking straight into a FillEdgeBuilder (PathOutlineEdgeOutput.swift) against building the outline and
/// flattening it into the builder: the edges must be identical element for element (the filler's coverage
/// depends only on them) and the bounding box of the device points identical to the last bit.
/// Semantics: Apple's copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:) defines the outline;
/// that both routes give the same edges is this project's contract (the file header), Apple has no such API.
@Suite struct PathOutlineEdgeOutputTests {
    static let clip = FillPixelBounds(minX: 0, minY: 0, maxX: 64, maxY: 48)


    func finishedEdges(_ builder: FillEdgeBuilder) -> [FillEdge] {
        var closed = builder
        closed.finish()
        return closed.edges
    }

    static let transforms: [CGAffineTransform] = [
        .identity,
        CGAffineTransform(a: 1.3, b: 0.4, c: -0.7, d: 1.1, tx: 20.25, ty: 9.5),
        CGAffineTransform(a: 3, b: 0, c: 0, d: -2, tx: 10, ty: 60),  // mirrored, partly outside the clip
        CGAffineTransform(a: 1e30, b: 0, c: 0, d: 1e30, tx: 0, ty: 0),  // beyond the filler's range
        CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),  // every point dropped
        CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 5, ty: 5),  // everything on one point
        // Runs of outline points wholly above the clip's top, then wholly below its bottom (the edge writer
        // only moves its current point for those: FillEdgeWriter.bothBeyondTopOrBottom).
        CGAffineTransform(a: 2, b: 0, c: 0, d: 2.5, tx: -6, ty: -40),
        CGAffineTransform(a: 1.5, b: 0.2, c: 0.1, d: 3, tx: 3, ty: -20),
    ]

    static func contours() -> [FlattenedPathContour] {
        var path = PathGeometry()
        path.move(to: CGPoint(x: 2, y: 3))
        path.addCurve(to: CGPoint(x: 30, y: 12), control1: CGPoint(x: 10, y: -4), control2: CGPoint(x: 20, y: 25))
        path.addLine(to: CGPoint(x: 30, y: 12))  // repeated point
        path.addLine(to: CGPoint(x: 8, y: 20))
        path.addLine(to: CGPoint(x: 25, y: 21))  // sharp turns for miters and bevels
        path.move(to: CGPoint(x: 5, y: 5))
        path.addLine(to: CGPoint(x: 15, y: 5))
        path.addLine(to: CGPoint(x: 15, y: 15))
        path.addLine(to: CGPoint(x: 5, y: 15))
        path.closeSubpath()
        path.move(to: CGPoint(x: 40, y: 30))  // zero-length subpath: a dot for round and square caps
        path.addLine(to: CGPoint(x: 40, y: 30))
        path.move(to: CGPoint(x: 50, y: 40))  // lone move: nothing
        path.move(to: CGPoint(x: 28, y: 30))  // a closed smooth loop (the stroker's smooth vertices)
        path.addQuadCurve(to: CGPoint(x: 22, y: 36), control: CGPoint(x: 28, y: 36))
        path.addQuadCurve(to: CGPoint(x: 16, y: 30), control: CGPoint(x: 16, y: 36))
        path.addQuadCurve(to: CGPoint(x: 22, y: 24), control: CGPoint(x: 16, y: 24))
        path.addQuadCurve(to: CGPoint(x: 28, y: 30), control: CGPoint(x: 28, y: 24))
        path.closeSubpath()
        return path.flattenedContours(tolerance: 0.05)
    }

    @Test(arguments: [CGLineCap.butt, .round, .square])
    func strokingIntoEdgesMatchesBuildingTheOutline(cap: CGLineCap) {
        let contours = Self.contours()
        for join in [CGLineJoin.miter, .round, .bevel] {
            for width in [0.0, 0.5, 3.0, 9.0] {
                let style = PathStrokeStyle(lineWidth: width, lineCap: cap, lineJoin: join, miterLimit: 4)
                let outline = PathStroker.outline(of: contours, style: style, tolerance: 0.05)
                for (index, transform) in Self.transforms.enumerated() {
                    var reference = PathEdgeRecordingSink(clip: Self.clip)
                    outline.flatten(into: &reference, transform: transform, tolerance: 0.2)
                    var direct = FillEdgeBuilder(clip: Self.clip)
                    let bounds = PathStroker.outline(
                        of: contours, style: style, tolerance: 0.05, transform: transform, into: &direct)
                    let label = "cap \(cap) join \(join) width \(width) transform \(index)"
                    #expect(finishedEdges(direct) == finishedEdges(reference.edges), "\(label)")
                    #expect(bounds == reference.bounds, "\(label)")
                    // Nothing is sent for a zero width or a transform that makes every point non-finite.
                    #expect(bounds.isEmpty == (width == 0 || index == 4), "\(label)")
                }
                // Sanity: the comparison is not between two empty lists.
                if width > 0 {
                    var direct = FillEdgeBuilder(clip: Self.clip)
                    _ = PathStroker.outline(of: contours, style: style, tolerance: 0.05, transform: .identity, into: &direct)
                    #expect(finishedEdges(direct).count > 20)
                }
            }
        }
    }

    // The element rules on their own, including calls the stroker rarely makes: a repeated point, a close
    // after a close, a line right after a close (restarting at the subpath's start), a non-finite point.
    @Test func outputFollowsTheBufferAndFlatteningRules() {
        let transform = CGAffineTransform(a: 2, b: 0.5, c: -0.25, d: 1.5, tx: 3, ty: 4)
        var buffer = PathOutlineBuffer()
        var output = PathOutlineEdgeOutput<FillEdgeBuilder>(edges: FillEdgeBuilder(clip: Self.clip), transform: transform)
        func both(_ call: (inout any PathOutlineOutput) -> Void) {
            var b: any PathOutlineOutput = buffer
            call(&b)
            buffer = b as! PathOutlineBuffer
            var o: any PathOutlineOutput = output
            call(&o)
            output = o as! PathOutlineEdgeOutput<FillEdgeBuilder>
        }
        both { $0.line(SIMD2(1, 1)) }  // no current point: ignored
        both { $0.move(SIMD2(1, 2)) }
        both { $0.line(SIMD2(10, 2)) }
        both { $0.line(SIMD2(10, 2)) }  // repeated: skipped
        both { $0.lineAlways(SIMD2(10, 2)) }  // repeated but kept
        both { $0.line(SIMD2(12, 9)) }
        both { $0.close() }
        both { $0.close() }  // nothing
        both { $0.line(SIMD2(4, 14)) }  // restarts at (1, 2)
        both { $0.line(SIMD2(.infinity, 3)) }  // dropped by the flattening
        both { $0.line(SIMD2(2, 16)) }
        both { $0.close() }
        both { $0.move(SIMD2(.nan, 0)) }  // a non-finite start: the next finite point starts the contour
        both { $0.line(SIMD2(20, 5)) }
        both { $0.line(SIMD2(22, 12)) }
        both { $0.move(SIMD2(5, 5)) }  // an open contour, closed by the edge builder
        both { $0.line(SIMD2(15, 6)) }
        both { $0.line(SIMD2(9, 13)) }
        var reference = PathEdgeRecordingSink(clip: Self.clip)
        buffer.geometry.flatten(into: &reference, transform: transform, tolerance: 0.2)
        let expected = finishedEdges(reference.edges)
        #expect(finishedEdges(output.edges) == expected)
        #expect(output.bounds == reference.bounds)
        #expect(expected.count >= 10)
    }
}
