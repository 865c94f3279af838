// Memory bounded by frame size (no per-layer full-frame buffers except where a group (opacity, mask, filter)
// needs one, and those come from a reused pool) and frames bit-identical for any thread count (README.md,
// Determinism). The pool's internal statistics count surface bytes handed out at once, buffers
// allocated and blurred shadow mask bytes alive at once; the pixels are compared with one-shot renders.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

enum MemoryTestScenes {
    static let width = 200, height = 150
    static var frameBytes: Int { width * height * 4 }
    /// One full-frame surface as the pool allocates it (with its bounded headroom of at most 1/8).
    static var surfaceBytes: Int { CompositorSurfacePool.roundedCapacity(width * height) * 4 }
    static var frame: CGRect { CGRect(x: 0, y: 0, width: width, height: height) }

    /// `count` sibling groups, each a full-frame rectangle under group opacity 0.5 (an offscreen each).
    static func siblingGroups(_ count: Int) -> [RenderNode] {
        (0..<count).map { i in
            let color = CGColor(red: Double(i % 3) / 2, green: Double(i % 5) / 4, blue: 1 - Double(i % 7) / 6, alpha: 1)
            return .group(RenderGroup(children: [
                solidItem(frame, color),
                solidItem(CGRect(x: 10 + Double(i), y: 8, width: 60, height: 50), TestColors.black, opacity: 0.3),
            ], opacity: 0.5))
        }
    }

    /// A chain of `depth` nested full-frame groups, each with a rectangle before its inner group.
    static func nestedGroups(_ depth: Int) -> [RenderNode] {
        var inner: [RenderNode] = [solidItem(frame, TestColors.green)]
        for level in 0..<depth {
            inner = [.group(RenderGroup(children: [solidItem(CGRect(x: Double(level * 5), y: 0, width: 30, height: 120),
                                                              TestColors.red)] + inner, opacity: 0.9))]
        }
        return inner
    }

    /// Rotated cards with item shadows (rasterised and blurred: not the analytic case), some in groups with a
    /// group shadow, a mask or opacity; `phase` moves everything so consecutive frames differ (by up to 5 px, so
    /// nothing reaches the frame's edge).
    static func cards(phase: Double, count: Int = 12) -> [RenderNode] {
        var nodes: [RenderNode] = [solidItem(frame, TestColors.white)]
        for i in 0..<count {
            let x = Double(50 + (i * 37) % 90) + phase, y = Double(50 + (i * 23) % 48)
            let turn = CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeTranslation(-20, -15, 0), CATransform3DMakeRotation(0.3 + 0.2 * Double(i), 0, 0, 1)),
                CATransform3DMakeTranslation(x, y, 0))
            let shape = RenderRoundedRect(rect: CGRect(x: 0, y: 0, width: 40, height: 30), cornerRadius: 6)
            let shadow = RenderNode.item(RenderItem(transform: turn, content: .shadow(RenderShadow(
                shape: .roundedRect(shape), color: TestColors.black, opacity: 0.6, offset: CGSize(width: 3, height: 4),
                radius: 5))))
            let card = RenderNode.item(RenderItem(transform: turn, content: .solid(shape, color: TestColors.blue)))
            switch i % 4 {
            case 0:
                nodes += [shadow, card]
            case 1:
                let groupShadow = RenderGroupShadow(transform: CATransform3DIdentity, color: TestColors.black, opacity: 0.5,
                                                    offset: CGSize(width: -4, height: 6), radius: 6)
                nodes.append(.group(RenderGroup(children: [shadow, card], shadow: groupShadow)))
            case 2:
                let mask = solidItem(CGRect(x: x - 30, y: y - 30, width: 45, height: 60), TestColors.black, opacity: 0.7)
                nodes.append(.group(RenderGroup(children: [shadow, card], mask: [mask])))
            default:
                nodes.append(.group(RenderGroup(children: [shadow, card, .group(RenderGroup(children: [card], opacity: 0.4))],
                                                opacity: 0.6)))
            }
        }
        return nodes
    }

    static func render(_ nodes: [RenderNode], threads: Int = 1, tileSize: Int = 64, pool: CompositorSurfacePool? = nil) throws
        -> PremultipliedRGBA8Bitmap
    {
        try Compositor.render(RenderList(nodes), width: width, height: height,
                              options: CompositorOptions(threads: threads, tileSize: tileSize), pool: pool)
    }
}

@Suite struct CompositorMemoryTests {
    /// 50 overlapping semi-transparent full-frame sibling groups: each is composited into the frame as soon as
    /// it is finished, so one surface buffer serves all 50 (the previous pool held 50 at once).
    @Test func siblingGroupsShareOneSurface() throws {
        let pool = CompositorSurfacePool()
        let bitmap = try MemoryTestScenes.render(MemoryTestScenes.siblingGroups(50), threads: 4, pool: pool)
        let stats = pool.memoryStatistics
        #expect(stats.peakLiveBytes <= 2 * MemoryTestScenes.surfaceBytes)
        #expect(stats.peakLiveBytes >= MemoryTestScenes.frameBytes, "the groups are full-frame offscreens")
        #expect(stats.allocationCount == 1)
        // Same pixels at 1 thread and another tile size (the schedule never changes a pixel).
        #expect(bitmap == (try MemoryTestScenes.render(MemoryTestScenes.siblingGroups(50), threads: 1, tileSize: 24)))
        // Opaque after 50 half-opaque layers: 1 − 0.5⁵⁰ rounds to 255 [spec §9.5 group opacity, source-over].
        #expect(bitmap.pixels.allSatisfy { $0 >> 24 == 255 })
    }

    /// A surface takes its buffer only after its first inner group is finished, so a chain of 12 nested
    /// full-frame groups holds two buffers at a time, not one per level.
    @Test func nestedGroupsHoldTwoSurfaces() throws {
        let pool = CompositorSurfacePool()
        let bitmap = try MemoryTestScenes.render(MemoryTestScenes.nestedGroups(12), threads: 2, pool: pool)
        #expect(pool.memoryStatistics.peakLiveBytes <= 2 * MemoryTestScenes.surfaceBytes)
        #expect(bitmap == (try MemoryTestScenes.render(MemoryTestScenes.nestedGroups(12), threads: 4, tileSize: 24)))
    }

    /// Ten frames through one kept pool: buffers are allocated in the first frame only, and every frame equals
    /// a one-shot render (stale buffer contents from the previous frame never show).
    @Test func keptPoolAllocatesOnlyInTheFirstFrame() throws {
        let pool = CompositorSurfacePool()
        for frame in 0..<10 {
            if frame == 1 { pool.resetStatistics() }
            let nodes = MemoryTestScenes.cards(phase: Double(frame) * 0.55)
            let kept = try MemoryTestScenes.render(nodes, threads: 2, pool: pool)
            #expect(kept == (try MemoryTestScenes.render(nodes, threads: 1)), "frame \(frame)")
            if frame == 0 { #expect(pool.memoryStatistics.allocationCount > 0) }
        }
        #expect(pool.memoryStatistics.allocationCount == 0)
        #expect(pool.memoryStatistics.liveBytes == 0, "every buffer is back in the pool after a frame")
    }

    /// CARenderer keeps its pool across frames.
    @Test func rendererReusesItsPool() throws {
        let nodes = MemoryTestScenes.cards(phase: 0)
        let pool = CompositorSurfacePool()
        _ = try MemoryTestScenes.render(nodes, pool: pool)
        let first = pool.memoryStatistics.allocationCount
        _ = try MemoryTestScenes.render(nodes, pool: pool)
        #expect(first > 0 && pool.memoryStatistics.allocationCount == first)
        let renderer = CARenderer(bounds: MemoryTestScenes.frame)
        #expect(renderer.surfacePool === renderer.surfacePool && renderer.surfacePool.retainedBytes == 0)
    }

    /// Idle buffers kept after a frame are bounded (two frames' worth by default, or the given limit) and
    /// released on demand.
    @Test func retainedBytesAreBounded() throws {
        let nodes = MemoryTestScenes.cards(phase: 2) + MemoryTestScenes.siblingGroups(3)
        let pool = CompositorSurfacePool()
        _ = try MemoryTestScenes.render(nodes, pool: pool)
        #expect(pool.retainedBytes > 0 && pool.retainedBytes <= 2 * MemoryTestScenes.frameBytes)
        #expect(CompositorSurfacePool.roundedCapacity(MemoryTestScenes.width * MemoryTestScenes.height)
            <= MemoryTestScenes.width * MemoryTestScenes.height * 9 / 8)
        pool.releaseUnusedBuffers()
        #expect(pool.retainedBytes == 0)
        let none = CompositorSurfacePool(maximumRetainedBytes: 0)
        let bitmap = try MemoryTestScenes.render(nodes, pool: none)
        #expect(none.retainedBytes == 0)
        #expect(bitmap == (try MemoryTestScenes.render(nodes, threads: 3)))
        pool.maximumRetainedBytes = 1000
        _ = try MemoryTestScenes.render(nodes, pool: pool)
        #expect(pool.retainedBytes <= 1000)
    }

    /// A one-byte segment budget renders every group on its own, recursively, and flushes before every kid
    /// and shadow: the pixels equal the default schedule's (batched levels) at 1 and 4 threads.
    @Test func segmentScheduleNeverChangesPixels() throws {
        let nodes = MemoryTestScenes.cards(phase: 3, count: 16) + MemoryTestScenes.nestedGroups(3)
            + MemoryTestScenes.siblingGroups(4)
        let reference = try MemoryTestScenes.render(nodes, threads: 1)
        for threads in [1, 4] {
            var bitmap = PremultipliedRGBA8Bitmap(width: MemoryTestScenes.width, height: MemoryTestScenes.height)
            let pool = CompositorSurfacePool()
            Compositor.render(RenderList(nodes), into: &bitmap, options: CompositorOptions(threads: threads, tileSize: 24),
                              pool: pool, segmentBudget: 1)
            #expect(bitmap == reference, "\(threads) threads")
            #expect(pool.memoryStatistics.peakShadowMaskBytes <= 16 * 1024, "one shadow mask at a time")
        }
    }

    /// Item shadow masks are freed once their segment is composited: 40 blurred masks never live at once
    /// beyond one frame's worth of bytes, yet all of them were made.
    @Test func shadowMasksAreBounded() throws {
        let pool = CompositorSurfacePool()
        let nodes = MemoryTestScenes.cards(phase: 0, count: 40).filter {
            if case .item = $0 { return true } else { return false }
        } + MemoryTestScenes.cards(phase: 7, count: 40)
        let bitmap = try MemoryTestScenes.render(nodes, threads: 2, pool: pool)
        let stats = pool.memoryStatistics
        #expect(stats.totalShadowMaskBytes > 2 * MemoryTestScenes.frameBytes, "the scene makes many masks")
        #expect(stats.peakShadowMaskBytes <= MemoryTestScenes.frameBytes)
        #expect(bitmap == (try MemoryTestScenes.render(nodes, threads: 4, tileSize: 24)))
    }
}

@Suite struct CompositorParallelBlurTests {
    static func pattern(width: Int, height: Int) -> PaintA8Mask {
        var mask = PaintA8Mask(width: width, height: height)
        for y in 0..<height { for x in 0..<width { mask[x, y] = (x / 7 + y / 5) % 3 == 0 ? UInt8((x * 29 + y * 13) % 256) : 0 } }
        return mask
    }

    /// One big blur split over 2 and 4 workers (row bands, then column bands) gives the same bytes as one.
    @Test(arguments: [0.8, 3, 9.5])
    func blurIsBitIdenticalAcrossThreads(sigma: Double) throws {
        let input = Self.pattern(width: 300, height: 210)
        let inputBounds = FillPixelBounds(minX: 40, minY: 20, maxX: 340, maxY: 230)
        let outputBounds = FillPixelBounds(minX: 20, minY: 0, maxX: 330, maxY: 220)
        #expect(CompositorShadowBlur.bands(count: outputBounds.width, threads: 4).count == 4, "the split really happens")
        let one = try #require(CompositorShadowBlur.blur(input, inputBounds: inputBounds, outputBounds: outputBounds,
                                                         sigma: sigma, shiftX: 6, shiftY: -4, threads: 1))
        #expect(one.bytes.contains { $0 != 0 } && one.bytes.contains { $0 == 0 })
        for threads in [2, 4] {
            let many = try #require(CompositorShadowBlur.blur(input, inputBounds: inputBounds, outputBounds: outputBounds,
                                                              sigma: sigma, shiftX: 6, shiftY: -4, threads: threads))
            #expect(many == one, "\(threads) threads, σ \(sigma)")
        }
    }

    /// Bands cover 0..<count exactly once, in order.
    @Test func bandsPartitionTheRange() {
        for (count, threads) in [(0, 4), (10, 4), (64, 4), (1000, 3), (1000, 64)] {
            let bands = CompositorShadowBlur.bands(count: count, threads: threads)
            #expect(bands.map(\.count).reduce(0, +) == count)
            #expect(zip(bands, bands.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            #expect(bands.count <= max(1, threads))
        }
    }

    /// A group shadow (alpha extraction, blur, tint) on 4 workers equals 1 worker.
    @Test func groupShadowIsBitIdenticalAcrossThreads() {
        let bounds = FillPixelBounds(minX: 5, minY: 7, maxX: 205, maxY: 167)
        let mask = Self.pattern(width: bounds.width, height: bounds.height)
        let shadow = CompositorSurfaceShadow(color: 0xC0_00_00_00, dx: 5, dy: -3, sigma: 4)
        var results: [[UInt32]] = []
        for threads in [1, 4] {
            var pixels = mask.bytes.map { UInt32($0) << 24 | UInt32($0 / 2) }
            pixels.withUnsafeMutableBufferPointer {
                CompositorShadows.applyGroupShadow(shadow, pixels: $0.baseAddress!, bounds: bounds, threads: threads)
            }
            results.append(pixels)
        }
        #expect(results[0] == results[1])
        #expect(results[0] != mask.bytes.map { UInt32($0) << 24 | UInt32($0 / 2) }, "the shadow drew something")
    }
}
