// FillPixelBounds.clamped and meeting (CompositorProjection.swift) write QuartzRaster's clamping initializer and
// intersection out in the compositor so planning, preparation and the sharp bands make bounds without a call
// across modules. They must give the same four values for every input (DESIGN.md determinism): checked here on
// negative, inverted, huge and limit-straddling coordinates.
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct CompositorPixelBoundsClampTests {
    static let values = [Int.min, -(1 << 40), -fillMaximumDeviceCoordinate - 1, -5, -1, 0, 1, 2, 7, 255, 256, 511,
                         fillMaximumDeviceCoordinate - 1, fillMaximumDeviceCoordinate, fillMaximumDeviceCoordinate + 1,
                         1 << 40, Int.max]

    @Test func clampedIsTheInitializer() {
        for a in Self.values { for b in Self.values { for c in Self.values { for d in Self.values {
            let made = FillPixelBounds.clamped(minX: a, minY: b, maxX: c, maxY: d)
            #expect(made == FillPixelBounds(minX: a, minY: b, maxX: c, maxY: d))
        } } } }
    }

    @Test func meetingIsTheIntersection() {
        let small = [-3, 0, 1, 5, 64, 300, 512]
        var boxes: [FillPixelBounds] = []
        for a in small { for b in small { for c in small { for d in small {
            boxes.append(FillPixelBounds(minX: a, minY: b, maxX: c, maxY: d))
        } } } }
        for p in boxes.prefix(400) { for q in boxes.suffix(400) {
            #expect(p.meeting(q) == p.intersection(q))
        } }
    }
}
