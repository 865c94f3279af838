// Solid layer rectangles under affine matrices are planned as `.solid` operations whose preparation uses only
// what planning computed (CompositorSolidRect). README.md, Determinism: that shortcut must prepare exactly the
// operation the general item path does (CompositorPreparer.prepareItem, CompositorOp.make): the same pixel
// bounds, colour and coverage. Rectangles the analytic coverage cannot take (projective matrices, uneven
// corners, empty or 1e30-sized ones, NaN) must stay general items.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct CompositorSolidPlanTests {
    static let frame = FillPixelBounds(width: 64, height: 48)

    static let affineCases: [(String, CGRect, Double, CATransform3D)] = [
        ("identity", CGRect(x: 3.3, y: 4.6, width: 20.2, height: 9.9), 0, CATransform3DIdentity),
        ("negative size", CGRect(x: 40, y: 30, width: -12.5, height: -7.25), 0, CATransform3DIdentity),
        ("rounded", CGRect(x: 2, y: 2, width: 40, height: 30), 6.5, CATransform3DMakeTranslation(5.5, 3.25, 0)),
        ("scaled mirror", CGRect(x: 1, y: 1, width: 10, height: 6), 2, CATransform3DMakeScale(-2.5, 2.5, 1)),
        ("rotated", CGRect(x: -10, y: -6, width: 20, height: 12), 3,
         CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: 0.4).concatenating(
             CGAffineTransform(translationX: 30.3, y: 20.7)))),
        ("partly outside", CGRect(x: -20, y: 40, width: 50, height: 30), 0, CATransform3DIdentity),
        ("outside", CGRect(x: 100, y: 100, width: 5, height: 5), 0, CATransform3DIdentity),
    ]

    /// The `.solid` operation equals the general item operation: bounds, colour, and every coverage span of
    /// every 16-pixel tile (the coverage the tile phase reads).
    @Test func solidOperationsEqualGeneralItemOperations() throws {
        for (name, rect, radius, transform) in Self.affineCases {
            let item = RenderItem(
                transform: transform, content: .solid(RenderRoundedRect(rect: rect, cornerRadius: radius), color: TestColors.red),
                opacity: 0.6)
            var plan = CompositorPlan(frame: Self.frame)
            let planned = plan.planItem(item, surface: 0, clip: -1, visible: Self.frame)
            let preparer = CompositorPreparer(plan: plan, memory: CompositorSurfaceMemory(pointers: [nil]), tileSize: 16,
                                              deviceTolerance: 0.2)
            // The general path, as it runs for any other item.
            let projection = CompositorProjection(transform)
            let generalBounds = CompositorPlan.estimatedBounds(item.content, projection).intersection(Self.frame)
            // planItem returns the canonical empty bounds for anything empty.
            #expect(planned == (generalBounds.isEmpty ? .empty : generalBounds), "\(name): planned bounds")
            let builder = CompositorCoverageBuilder(clip: Self.frame, tileSize: 16, deviceTolerance: 0.2)
            let general = preparer.prepareItem(item, builder: builder).flatMap {
                CompositorOp.make($0.0, paint: $0.1, blendMode: .normal, clip: -1, limit: generalBounds)
            }
            if generalBounds.isEmpty {
                #expect(plan.ops.isEmpty, "\(name): nothing planned")
                continue
            }
            let op = try #require(plan.ops.first, "\(name)")
            guard case .solid = op.spec else {
                Issue.record("\(name): planned as \(op.spec), expected .solid")
                continue
            }
            let fast = preparer.prepare(op)
            #expect((fast == nil) == (general == nil), "\(name): prepared or not")
            guard let fast, let general else { continue }
            #expect(fast.bounds == general.bounds, "\(name): prepared bounds")
            #expect(fast.solidColor == general.solidColor && fast.solidColor != nil, "\(name): colour")
            #expect(spans(fast) == spans(general), "\(name): coverage")
        }
    }

    /// Items the analytic path does not draw stay general `.item` operations.
    @Test func otherRectanglesStayItems() {
        let perspective = { () -> CATransform3D in
            var m = CATransform3DIdentity
            m.m34 = -1 / 500
            return CATransform3DConcat(CATransform3DMakeRotation(0.3, 0, 1, 0), m)
        }()
        let cases: [(String, RenderRoundedRect, CATransform3D)] = [
            ("perspective", RenderRoundedRect(rect: CGRect(x: 5, y: 5, width: 20, height: 20)), perspective),
            ("uneven corners", RenderRoundedRect(rect: CGRect(x: 5, y: 5, width: 20, height: 20), cornerRadius: 4,
                                                 maskedCorners: [.minXMinY]), CATransform3DIdentity),
            ("zero width", RenderRoundedRect(rect: CGRect(x: 5, y: 5, width: 0, height: 20)), CATransform3DIdentity),
            ("huge", RenderRoundedRect(rect: CGRect(x: 0, y: 0, width: 1e30, height: 1e30)), CATransform3DIdentity),
        ]
        for (name, shape, transform) in cases {
            var plan = CompositorPlan(frame: Self.frame)
            _ = plan.planItem(RenderItem(transform: transform, content: .solid(shape, color: TestColors.blue)),
                          surface: 0, clip: -1, visible: Self.frame)
            #expect(plan.solids.isEmpty, "\(name)")
            if let op = plan.ops.first, case .solid = op.spec { Issue.record("\(name): planned as .solid") }
        }
    }

    /// Every span (row, start, length, alpha or mask bytes) of an operation over 16-pixel tiles of the frame.
    func spans(_ op: CompositorOp) -> [[Int]] {
        let scratch = FillTileScratch(tileSize: 16)
        let grid = FillTileGrid(bounds: Self.frame, tileSize: 16)
        var out: [[Int]] = []
        for tile in 0..<grid.tileCount {
            let region = grid.pixelBounds(column: tile % grid.columnCount, row: tile / grid.columnCount)
            op.forEachCoverageSpan(in: region, scratch: scratch) { span in
                var row = [span.y, span.x, span.count]
                if let m = span.mask { row += (0..<span.count).map { Int(m[$0]) } } else { row.append(Int(span.alpha)) }
                out.append(row)
            }
        }
        return out
    }
}
