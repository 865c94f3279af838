// CAMediaTimingFunction: Apple's names and control points (spec §7.1) and the solver against
// timing_functions.json (spec §7.2).
import Foundation
import Testing

@testable import QuartzLayers

@Suite("Timing: CAMediaTimingFunction")
struct TimingFunctionTests {
    /// Spec §7.1 table [V: GS-tests run on Apple]; raw strings are Apple's constants.
    static let namedCurves: [(name: CAMediaTimingFunctionName, raw: String, points: [Float])] = [
        (.linear, "linear", [0, 0, 1, 1]),
        (.easeIn, "easeIn", [0.42, 0, 1, 1]),
        (.easeOut, "easeOut", [0, 0, 0.58, 1]),
        (.easeInEaseOut, "easeInEaseOut", [0.42, 0, 0.58, 1]),
        (.default, "default", [0.25, 0.1, 0.25, 1]),
    ]

    @Test("Named functions have Apple's raw strings and control points; index 0 is (0,0), index 3 is (1,1)")
    func namedControlPoints() {
        for curve in Self.namedCurves {
            #expect(curve.name.rawValue == curve.raw)
            #expect(CAMediaTimingFunctionName(rawValue: curve.raw) == curve.name)
            let function = CAMediaTimingFunction(name: curve.name)
            var values: [Float] = [-7, -7]
            function.getControlPoint(at: 0, values: &values)
            #expect(values == [0, 0])
            function.getControlPoint(at: 1, values: &values)
            #expect(values == [curve.points[0], curve.points[1]])
            function.getControlPoint(at: 2, values: &values)
            #expect(values == [curve.points[2], curve.points[3]])
            function.getControlPoint(at: 3, values: &values)
            #expect(values == [1, 1])
        }
    }

    @Test("A custom function keeps its points exactly (spec §7.1 [V]); out-of-range indices are safe")
    func customControlPoints() {
        let function = CAMediaTimingFunction(controlPoints: 0.1, 1.7, 0.33, -0.25)
        #expect(function.controlPoint(at: 1)! == (Float(0.1), Float(1.7)))
        #expect(function.controlPoint(at: 2)! == (Float(0.33), Float(-0.25)))
        #expect(function.controlPoint(at: 4) == nil)
        #expect(function.controlPoint(at: -1) == nil)
        var values: [Float] = [42, 43]
        function.getControlPoint(at: 9, values: &values)
        #expect(values == [42, 43])
    }

    @Test("Equality and hashing follow the control points")
    func equality() {
        #expect(CAMediaTimingFunction(name: .easeIn) == CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
        #expect(CAMediaTimingFunction(name: .easeIn) != CAMediaTimingFunction(name: .easeOut))
        let set: Set<CAMediaTimingFunction> = [CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(controlPoints: 0, 0, 1, 1)]
        #expect(set.count == 1)
        // Unknown names never crash; they give the linear curve.
        #expect(CAMediaTimingFunction(name: CAMediaTimingFunctionName("bouncy")) == CAMediaTimingFunction(name: .linear))
    }

    /// Spec §7.2: the file's `ca` column is the ε = 1e-5 UnitBezier solve that reproduces Apple's
    /// `_solveForInput:`; that is what `value(atProgress:)` must give. Its `exact` column is the same
    /// curve solved to 1e-14, which `value(atProgress:epsilon:)` must give with that ε. Both columns
    /// print 7 decimals: tolerance `VectorTolerance.sevenDecimals`.
    @Test("Every sample of timing_functions.json: `ca` column (ε 1e-5) and `exact` column (ε 1e-14)")
    func vectorSamples() throws {
        let file = try loadVectorObject("timing_functions.json")
        #expect(try file.double("epsilon_ca_like") == CAMediaTimingFunction.appleSolverEpsilon)
        let exactEpsilon = try file.double("epsilon_exact")
        let functions = try file.object("functions")
        var checked = 0
        for (name, entry) in functions.raw {
            let curve = try JSONObject(entry)
            let points = try curve.doubles("controlPoints").map(Float.init)
            let function = CAMediaTimingFunction(controlPoints: points[0], points[1], points[2], points[3])
            #expect(function == CAMediaTimingFunction(name: CAMediaTimingFunctionName(name)))
            for sample in try curve.objects("samples") {
                let t = try sample.double("t")
                let appleLike = function.value(atProgress: t)
                let exact = function.value(atProgress: t, epsilon: exactEpsilon)
                #expect(isClose(appleLike, try sample.double("ca"), VectorTolerance.sevenDecimals), "\(name) at \(t)")
                #expect(isClose(exact, try sample.double("exact"), VectorTolerance.sevenDecimals), "\(name) at \(t)")
                checked += 1
            }
        }
        #expect(checked == 5 * 24)
    }

    /// Spec §7.2 calibration [V: GS-TF-2012]: Apple's private solver at x = 0.67, printed with 6
    /// decimals (tolerance `sixDecimals`). The linear curve's 0.669997 ≠ 0.67 is the fingerprint of
    /// Apple's ε = 1e-5: the exact solve must miss it.
    @Test("Apple's _solveForInput: values at x = 0.67 are reproduced, linear's 0.669997 included")
    func appleReference() throws {
        let file = try loadVectorObject("timing_functions.json")
        let functions: [String: CAMediaTimingFunction] = [
            "default": CAMediaTimingFunction(name: .default),
            "easeInEaseOut": CAMediaTimingFunction(name: .easeInEaseOut),
            "easeIn": CAMediaTimingFunction(name: .easeIn),
            "easeOut": CAMediaTimingFunction(name: .easeOut),
            "linear": CAMediaTimingFunction(name: .linear),
            "custom(0.1,1,1,0.2)": CAMediaTimingFunction(controlPoints: 0.1, 1, 1, 0.2),
        ]
        let references = try file.objects("apple_reference_x_0.67")
        #expect(references.count == functions.count)
        for reference in references {
            let function = try #require(functions[try reference.string("name")])
            let apple = try reference.double("apple_solveForInput")
            #expect(isClose(function.value(atProgress: try reference.double("x")), apple, VectorTolerance.sixDecimals))
        }
        let linear = CAMediaTimingFunction(name: .linear)
        #expect(abs(linear.value(atProgress: 0.67, epsilon: 1e-14) - 0.669997) > 2e-6)
    }

    @Test("Progress is clamped to [0,1] and NaN counts as 0 (spec §7.2 [I]); the ends map exactly")
    func inputClamping() {
        for name in Self.namedCurves.map(\.name) {
            let function = CAMediaTimingFunction(name: name)
            #expect(function.value(atProgress: 0) == 0)
            #expect(abs(function.value(atProgress: 1) - 1) <= 1e-15)
            #expect(function.value(atProgress: -3) == 0)
            #expect(function.value(atProgress: .nan) == 0)
            #expect(function.value(atProgress: .infinity) == function.value(atProgress: 1))
        }
    }

    @Test("Overshooting y control points are honoured (spec §7.1: y outside [0,1] overshoots)")
    func overshoot() {
        let back = CAMediaTimingFunction(controlPoints: 0.3, 1.8, 0.7, 1.8)
        // Symmetric control x (0.3, 0.7): x(½) = ½, so s = ½ and y = 3·¼·½·c1y + 3·½·¼·c2y + ⅛.
        let expected = 0.75 * Double(Float(1.8)) + 0.125
        #expect(abs(back.value(atProgress: 0.5, epsilon: 1e-14) - expected) <= 1e-9)
        #expect(back.value(atProgress: 0.5) > 1)
    }

    @Test("Malformed curves never hang or produce NaN: non-monotonic x, non-finite points")
    func malformedCurves() {
        let loop = CAMediaTimingFunction(controlPoints: 2, 0, -1, 1)
        for step in 0...20 {
            #expect(loop.value(atProgress: Double(step) / 20).isFinite)
        }
        let broken = CAMediaTimingFunction(controlPoints: .nan, 0, .infinity, 1)
        #expect(broken.value(atProgress: 0.3) == 0.3)
        // A bad solver tolerance falls back to Apple's.
        let ease = CAMediaTimingFunction(name: .easeIn)
        #expect(ease.value(atProgress: 0.45, epsilon: .nan) == ease.value(atProgress: 0.45))
        #expect(ease.value(atProgress: 0.45, epsilon: -1) == ease.value(atProgress: 0.45))
    }
}
