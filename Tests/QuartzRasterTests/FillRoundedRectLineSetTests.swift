import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

// FillAffineRoundedRect keeps its row-line sets only when it has no row table (shapes taller than
// maximumTabulatedRows); otherwise `lineSets` rebuilds them from the stored rectangle and inverse map
// (FillRoundedRectGeometry.swift). The rebuilt sets must be the very lines the init solved (bit for bit), or a
// row outside the table and the tests that read `outerLines` would see other columns than the table's.
@Suite struct FillRoundedRectLineSetTests {
    static func bits(_ v: SIMD8<Double>) -> [UInt64] { (0..<8).map { v[$0].bitPattern } }

    static func same(_ p: FillRowLines, _ q: FillRowLines) -> Bool {
        bits(p.upperIntercept) == bits(q.upperIntercept) && bits(p.upperSlope) == bits(q.upperSlope)
            && bits(p.lowerIntercept) == bits(q.lowerIntercept) && bits(p.lowerSlope) == bits(q.lowerSlope)
            && bits(p.flatConstant) == bits(q.flatConstant) && bits(p.flatSlope) == bits(q.flatSlope)
    }

    /// Tall shapes (over 4096 rows: no table) keep the sets the init built; the rebuild gives them again.
    @Test func tallShapesKeepTheirLinesAndTheRebuildMatches() throws {
        var random = FillTestRandom(seed: 77)
        var checked = 0
        for _ in 0..<20 {
            let angle = random.uniform(0, 2 * Double.pi), scale = random.uniform(60, 100)
            let g = try #require(FillAffineRoundedRect(
                minX: -40.3, minY: -70.1, maxX: 40.7, maxY: 69.9, radius: random.uniform(0, 30),
                a: scale * cos(angle), b: scale * sin(angle), c: -scale * sin(angle), d: scale * cos(angle),
                tx: random.uniform(-500, 500), ty: random.uniform(-500, 500)))
            #expect(g.rows.count > FillAffineRoundedRect.maximumTabulatedRows)
            #expect(g.rowTable.isEmpty)
            let stored = try #require(g.storedLineSets)
            let rebuilt = FillAffineRoundedRect.rowLines(bounds: g.localBounds, radius: g.radius, inverseX: g.inverseX,
                                                         inverseY: g.inverseY, inverseOffset: g.inverseOffset)
            #expect(Self.same(stored.outer, rebuilt.outer))
            #expect(Self.same(stored.inner, rebuilt.inner))
            #expect(Self.same(stored.chords, rebuilt.chords))
            checked += 1
        }
        #expect(checked == 20)
    }

    /// Tabulated shapes hold no line sets; every row of the table equals the row solved from the rebuilt
    /// sets, and rows just outside it are solved from them too (layout(row:)'s fallback).
    @Test func tabulatedShapesRebuildTheLinesTheTableCameFrom() {
        let all = FillRowTableTests.shapes()
        for (index, g) in all.enumerated() where g.rows.count <= FillAffineRoundedRect.maximumTabulatedRows {
            #expect(g.storedLineSets == nil, "shape \(index)")
            #expect(g.tabulatedRows == g.rows.count, "shape \(index)")
            let sets = g.lineSets
            var mismatches = 0
            for y in (g.rows.lowerBound - 2)..<min(g.rows.upperBound + 2, g.rows.lowerBound + 400) {
                let solved = FillAffineRoundedRect.layout(row: y, outer: sets.outer, inner: sets.inner, chords: sets.chords)
                let l = g.layout(row: y)
                if l.outer != solved.outer || l.uniform != solved.uniform { mismatches += 1 }
            }
            #expect(mismatches == 0, "shape \(index): \(mismatches) rows differ")
        }
    }
}
