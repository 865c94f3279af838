// Trim paths (lottie-docs, "Trim Path": start `s`, end `e` in percent, offset `o` in degrees, `m` 1 trims the
// paths simultaneously, 2 individually as one sequence). The ranges follow lottie-web's TrimModifier, which
// ThorVG and rlottie agree with: s and e clamped, both moved by o mod 360° as a fraction of the length,
// swapped when s > e, and a range past the end wrapping round to the start.
import Foundation
import QuartzLayers
import QuartzRaster
import Testing
@testable import QuartzLottie

@Suite("Lottie trim paths")
struct LottieTrimTests {
    private let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    private let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)

    @Test func rangesMoveByTheOffsetAndWrap() {
        func ranges(_ s: Double, _ e: Double, _ o: Double) -> [Double] {
            LottieTrim.ranges([s, e, o]).flatMap { [$0.start, $0.end] }
        }
        #expect(ranges(0, 50, 0) == [0, 0.5, 0, 0])
        #expect(ranges(0, 50, 90) == [0.25, 0.75, 0, 0])
        // 50…100 % moved a quarter turn: 0.75…1.25, so 0.75…1 and 0…0.25.
        #expect(ranges(50, 100, 90) == [0.75, 1, 0, 0.25])
        // −90° is three quarters of a turn forward.
        #expect(ranges(0, 50, -90) == [0.75, 1, 0, 0.25])
        // A full turn and more: 450° is 90°.
        #expect(ranges(0, 50, 450) == [0.25, 0.75, 0, 0])
        // Start after end: swapped.
        #expect(ranges(80, 20, 0) == [0.2, 0.8, 0, 0])
        // Both past the end: moved back whole.
        #expect(ranges(50, 75, 180) == [0, 0.25, 0, 0])
        // Clamped to 0…100 %, and a non-finite offset is none.
        #expect(ranges(-20, 150, 0) == [0, 1, 0, 0])
        #expect(ranges(0, 50, .nan) == [0, 0.5, 0, 0])
    }

    /// A constant offset that never carries the trim over the path's end only moves the keyframed fractions,
    /// which then apply as they are (one stroke layer, no per-frame values); an animated offset, a trim that
    /// wraps, or starts that pass ends need the per-frame ranges.
    @Test func constantShiftsKeepTheKeyframes() {
        func trim(_ s: LottieProperty<[Double]>, _ e: LottieProperty<[Double]>, _ o: LottieProperty<[Double]>) -> LottieTrim {
            LottieTrim(start: s, end: e, offset: o)
        }
        func keys(_ a: Double, _ b: Double) -> LottieProperty<[Double]> {
            .keyframes([LottieKeyframe(frame: 0, value: [a], easing: .linear), LottieKeyframe(frame: 10, value: [b], easing: .linear)])
        }
        #expect(trim(.constant([0]), keys(20, 50), .constant([90])).constantShift == 0.25)
        #expect(trim(keys(50, 75), .constant([100]), .constant([180])).constantShift == -0.5)
        #expect(trim(.constant([0]), .constant([100]), .constant([-360])).constantShift == 0)
        #expect(trim(.constant([0]), keys(20, 50), keys(0, 90)).constantShift == nil)
        #expect(trim(.constant([50]), .constant([100]), .constant([90])).constantShift == nil)
        #expect(trim(keys(0, 60), keys(50, 100), .constant([0])).constantShift == nil)
    }

    private static let stroke = #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":10},"lc":1,"lj":1,"ml":4}"#

    private static func line(y: Double) -> String {
        #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[0,\#(y)],[100,\#(y)]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
    }

    private static func document(paths: [String], trim: String) -> Data {
        let shapes = (paths + [stroke, trim]).joined(separator: ",")
        return lottieDocument(layers: #"[{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[\#(shapes)]}]"#)
    }

    /// A line across the composition trimmed to 50…100 % with a quarter-turn offset draws 0.75…1 and 0…0.25
    /// of its length: x in 75…100 and 0…25, not the middle.
    @Test func anOffsetTrimWrapsRoundTheStart() throws {
        let trim = #"{"ty":"tm","s":{"a":0,"k":50},"e":{"a":0,"k":100},"o":{"a":0,"k":90},"m":1}"#
        let lottie = try LottieAnimation(data: Self.document(paths: [Self.line(y: 50)], trim: trim))
        #expect(lottie.unsupportedFeatures.isEmpty)
        let bitmap = try LottieTree(lottie).render(at: 0, width: 100, height: 100, scale: 1)
        #expect(bitmap[12, 50] == red && bitmap[87, 50] == red)
        #expect(bitmap[40, 50] == white && bitmap[60, 50] == white)
    }

    /// An animated offset moves the trimmed piece: 0…25 % at 0°, turning to 180° at frame 30 (1 s at 30 fps)
    /// puts it at 50…75 %, x in 50…75.
    @Test func anAnimatedOffsetMovesThePiece() throws {
        let offset = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[180]}]}"#
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":25},"o":\#(offset),"m":1}"#
        let tree = LottieTree(try LottieAnimation(data: Self.document(paths: [Self.line(y: 50)], trim: trim)))
        let start = try tree.render(at: 0, width: 100, height: 100, scale: 1)
        #expect(start[12, 50] == red && start[62, 50] == white)
        let end = try tree.render(at: 1, width: 100, height: 100, scale: 1)
        #expect(end[12, 50] == white && end[62, 50] == red)
    }

    /// `m` 1 trims each path by the same fractions: both lines keep their left half. `m` 2 trims the two
    /// paths as one sequence: half the total length is one whole line.
    @Test func simultaneousTrimsEachPathAndIndividualTrimsTheSequence() throws {
        let paths = [Self.line(y: 30), Self.line(y: 70)]
        let each = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1}"#
        let simultaneous = try LottieTree(try LottieAnimation(data: Self.document(paths: paths, trim: each)))
            .render(at: 0, width: 100, height: 100, scale: 1)
        #expect(simultaneous[25, 30] == red && simultaneous[25, 70] == red)
        #expect(simultaneous[75, 30] == white && simultaneous[75, 70] == white)
        let sequence = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":2}"#
        let individual = try LottieTree(try LottieAnimation(data: Self.document(paths: paths, trim: sequence)))
            .render(at: 0, width: 100, height: 100, scale: 1)
        let rows = [30, 70].map { y in [10, 50, 90].map { individual[$0, y] == red } }
        #expect(rows.filter { $0 == [true, true, true] }.count == 1, "\(rows)")
        #expect(rows.filter { $0 == [false, false, false] }.count == 1, "\(rows)")
    }

    /// The shape-layer budget counts what a trimmed stroke builds: a layer per path before it, twice for a
    /// wrapping trim, and their holder (7 for three paths); untrimmed, one.
    @Test func theLayerBudgetCountsTrimmedStrokes() throws {
        func items(_ lottie: LottieAnimation) throws -> [LottieShapeItem] {
            guard case .shapes(let items) = try #require(lottie.root.layers.first).content else { return [] }
            return items
        }
        let paths = [Self.line(y: 20), Self.line(y: 50), Self.line(y: 80)]
        let trim = #"{"ty":"tm","s":{"a":0,"k":50},"e":{"a":0,"k":100},"o":{"a":0,"k":90},"m":1}"#
        let trimmed = try LottieAnimation(data: Self.document(paths: paths, trim: trim))
        #expect(LottieShapeItem.builtLayerCount(try items(trimmed)) == 7)
        #expect(LottieTree(trimmed).allLayers.compactMap { $0 as? CAShapeLayer }.count == 6)
        let shapes = (paths + [Self.stroke]).joined(separator: ",")
        let plain = try LottieAnimation(data: lottieDocument(layers: #"[{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[\#(shapes)]}]"#))
        #expect(LottieShapeItem.builtLayerCount(try items(plain)) == 1)
    }

    /// An animated dash offset (`d` entry `o`) animates `lineDashPhase`: dashes of 10 and gaps of 10 along a
    /// line start with a dash at offset 0 and with a gap at offset 10 (frame 30, 1 s); the lengths stay.
    @Test func anAnimatedDashOffsetMovesTheDashes() throws {
        let offset = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[10]}]}"#
        let dashed = Self.stroke.replacingOccurrences(of: #""lc":1"#, with: #""lc":1,"d":[{"n":"d","v":{"a":0,"k":10}},{"n":"g","v":{"a":0,"k":10}},{"n":"o","v":\#(offset)}]"#)
        let shapes = [Self.line(y: 50), dashed].joined(separator: ",")
        let lottie = try LottieAnimation(data: lottieDocument(layers: #"[{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[\#(shapes)]}]"#))
        #expect(lottie.unsupportedFeatures.isEmpty)
        let tree = LottieTree(lottie)
        let start = try tree.render(at: 0, width: 100, height: 100, scale: 1)
        #expect(start[5, 50] == red && start[15, 50] == white)
        let end = try tree.render(at: 1, width: 100, height: 100, scale: 1)
        #expect(end[5, 50] == white && end[15, 50] == red)
    }

    /// Stroke opacity applies to the trimmed pieces as one picture: where the two lines of `m` 1 cross, a
    /// half-transparent stroke is as light as elsewhere, not darker.
    @Test func opacityCoversThePiecesOnce() throws {
        let faint = Self.stroke.replacingOccurrences(of: #""o":{"a":0,"k":100}"#, with: #""o":{"a":0,"k":50}"#)
        let cross = #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[50,0],[50,100]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0},"m":1}"#
        let shapes = [Self.line(y: 50), cross, faint, trim].joined(separator: ",")
        let document = lottieDocument(layers: #"[{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[\#(shapes)]}]"#)
        let bitmap = try LottieTree(try LottieAnimation(data: document)).render(at: 0, width: 100, height: 100, scale: 1)
        #expect(bitmap[50, 50] == bitmap[20, 50])
        #expect(bitmap[20, 50] != white && bitmap[20, 50] != red)
    }
}
