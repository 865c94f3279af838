import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

/// Bounding boxes and copy semantics of CGPath (Apple's CGPath reference: boundingBox, boundingBoxOfPath,
/// copy(), mutableCopy(), copy(using:), CGPathEqualToPath).
@Suite struct PathCopyAndBoundsTests {
    // Apple: boundingBox "including control points"; boundingBoxOfPath "does not include control points".
    // Values recorded from Core Graphics for this curve.
    @Test func boundingBoxes() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addCurve(to: CGPoint(x: 100, y: 100), control1: CGPoint(x: -50, y: 100), control2: CGPoint(x: 100, y: 200))
        p.closeSubpath()
        #expect(p.boundingBox == CGRect(x: -50, y: 0, width: 150, height: 200))
        let tight = p.boundingBoxOfPath
        #expect(abs(tight.minX + 10.204081632653061) < 1e-12 && tight.minY == 0)
        #expect(abs(tight.width - 110.20408163265306) < 1e-12 && abs(tight.height - 141.4213562373095) < 1e-12)
        #expect(CGMutablePath().boundingBox.isNull && CGMutablePath().boundingBoxOfPath.isNull)
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        #expect(q.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 5))
    }

    // Copies are independent values: Apple's copy() is immutable; later mutation never reaches it.
    @Test func copyOnWriteIsolation() {
        let m = CGMutablePath()
        m.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        let snapshot = m.copy()!
        let other = m.mutableCopy()!
        m.addEllipse(in: CGRect(x: 0, y: 0, width: 5, height: 5))
        other.move(to: CGPoint(x: 9, y: 9))
        #expect(snapshot.geometry.elementTypes.count == 5)
        #expect(snapshot == CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(other.geometry.elementTypes.count == 6 && m.geometry.elementTypes.count == 11)
        #expect(snapshot != m && snapshot.hashValue == CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)).hashValue)
        var t = CGAffineTransform(scaleX: 2, y: 3)
        #expect(snapshot.copy(using: &t)!.boundingBox == CGRect(x: 0, y: 0, width: 2, height: 3))
        #expect(snapshot.copy(using: nil)! == snapshot)
    }
}
