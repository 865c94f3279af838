// Texture memory for image sampling: level 0 (a copy of the image) and its mipmap chain, in one
// immutable allocation so span shaders read texels through plain pointers with no reference counting.
//
// Coordinate space: texel (x, y) of a level covers [x, x+1) × [y, y+1) of that level, y down. Each level is
// stored with a 1-texel border that repeats its edge texels (rows of `stride` = width + 2 texels), so a
// bilinear tap pair at columns −1…width (rows −1…height) is always in memory and already edge-clamped: the
// sampling kernels clamp the coordinate once instead of each of the 4 taps.
// Number format: premultiplied RGBA8 packed 0xAABBGGRR. Each level halves the previous one (rounding down,
// never below 1): an even dimension averages 2 texels (weights 1, 1), an odd one 3 (weights 1, 2, 1) centred
// on the output texel, as Skia's and tiny-skia's mipmap builders do, so odd sizes neither drop nor shift
// content. Sums are rounded to nearest once per output texel.

/// One level of a texture: `width × height` texels at `pixels`, and its size relative to level 0.
@usableFromInline
struct PaintTextureLevel: @unchecked Sendable {
    // @unchecked Sendable: the texels are immutable once the storage is built.
    /// Invariant: points to texel (0, 0) of a (width + 2) × (height + 2) block (the level plus its edge
    /// border) owned by the PaintTextureStorage that made this level, alive for as long as that storage is;
    /// texel (x, y) for x in −1…width, y in −1…height is at `pixels + y · stride + x`.
    @usableFromInline let pixels: UnsafePointer<UInt32>
    @usableFromInline let width: Int
    @usableFromInline let height: Int
    /// Texels per stored row: width + 2.
    @usableFromInline let stride: Int
    /// width / level-0 width and height / level-0 height: level-0 texel coordinates times these give this
    /// level's coordinates.
    @usableFromInline let scaleX: Double
    @usableFromInline let scaleY: Double
}

/// The immutable texel memory of one image with all of its mipmap levels (down to 1×1).
package final class PaintTextureStorage: @unchecked Sendable {
    // @unchecked Sendable: written only inside init, read-only afterwards; freed in deinit.
    private let memory: UnsafeMutablePointer<UInt32>
    @usableFromInline let levels: UnsafeMutablePointer<PaintTextureLevel>
    package let levelCount: Int

    /// Builds level 0 from `bitmap` and, when `mipmapped`, every smaller level. The bitmap must not be empty.
    init(bitmap: PremultipliedRGBA8Bitmap, mipmapped: Bool) {
        precondition(!bitmap.isEmpty, "a texture needs at least one texel")
        var sizes: [(Int, Int)] = [(bitmap.width, bitmap.height)]
        if mipmapped {
            while let last = sizes.last, last.0 > 1 || last.1 > 1 {
                sizes.append((max(1, last.0 / 2), max(1, last.1 / 2)))
            }
        }
        let total = sizes.reduce(0) { $0 + ($1.0 + 2) * ($1.1 + 2) }
        memory = UnsafeMutablePointer<UInt32>.allocate(capacity: total)
        memory.initialize(repeating: 0, count: total)
        levels = UnsafeMutablePointer<PaintTextureLevel>.allocate(capacity: sizes.count)
        levelCount = sizes.count
        var offset = 0
        let w0 = Double(bitmap.width), h0 = Double(bitmap.height)
        for (i, size) in sizes.enumerated() {
            let stride = size.0 + 2
            let origin = memory + offset + stride + 1
            let level = PaintTextureLevel(
                pixels: UnsafePointer(origin), width: size.0, height: size.1, stride: stride,
                scaleX: Double(size.0) / w0, scaleY: Double(size.1) / h0)
            if i == 0 {
                bitmap.pixels.withUnsafeBufferPointer { src in
                    for y in 0..<size.1 { (origin + y * stride).update(from: src.baseAddress! + y * size.0, count: size.0) }
                }
            } else {
                PaintTextureStorage.downsample(levels[i - 1], into: origin, stride: stride, width: size.0, height: size.1)
            }
            PaintTextureStorage.fillBorder(origin, stride: stride, width: size.0, height: size.1)
            (levels + i).initialize(to: level)
            offset += stride * (size.1 + 2)
        }
    }

    /// Repeats the edge texels into the 1-texel border (corners take the corner texels).
    private static func fillBorder(_ origin: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int) {
        for y in 0..<height {
            let row = origin + y * stride
            row[-1] = row[0]
            row[width] = row[width - 1]
        }
        (origin - stride - 1).update(from: origin - 1, count: width + 2)
        (origin + height * stride - 1).update(from: origin + (height - 1) * stride - 1, count: width + 2)
    }

    deinit {
        levels.deinitialize(count: levelCount)
        levels.deallocate()
        memory.deallocate()
    }

    /// Level `index` (0 is full size) as a bitmap copy, for inspection and tests.
    package func levelBitmap(_ index: Int) -> PremultipliedRGBA8Bitmap {
        precondition(index >= 0 && index < levelCount, "mipmap level out of range")
        let level = levels[index]
        var pixels = [UInt32]()
        pixels.reserveCapacity(level.width * level.height)
        for y in 0..<level.height {
            pixels.append(contentsOf: UnsafeBufferPointer(start: level.pixels + y * level.stride, count: level.width))
        }
        return PremultipliedRGBA8Bitmap(width: level.width, height: level.height, pixels: pixels)
    }

    /// The 2- or 3-tap box/tent reduction of `source` into `width × height` texels at `destination` (rows
    /// `stride` texels apart).
    private static func downsample(
        _ source: PaintTextureLevel, into destination: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int
    ) {
        // Taps per dimension: a 1-texel source repeats its texel (weight 2), an even one averages pairs
        // (1, 1) and an odd one uses (1, 2, 1); both sum to 2 or 4, so the total is 4, 8 or 16 (a shift).
        let oddX = source.width > 1 && source.width % 2 == 1
        let oddY = source.height > 1 && source.height % 2 == 1
        let shift = UInt64((oddX ? 2 : 1) + (oddY ? 2 : 1))
        let sw = source.width, sh = source.height, ss = source.stride
        let src = source.pixels
        for y in 0..<height {
            let sy0 = min(2 * y, sh - 1), sy1 = min(2 * y + 1, sh - 1), sy2 = min(2 * y + 2, sh - 1)
            for x in 0..<width {
                let sx0 = min(2 * x, sw - 1), sx1 = min(2 * x + 1, sw - 1), sx2 = min(2 * x + 2, sw - 1)
                var rb: UInt64 = 0, ga: UInt64 = 0
                @inline(__always) func row(_ sy: Int, _ weight: UInt64) {
                    let base = src + sy * ss
                    if oddX {
                        let a = paintSpreadPixel(base[sx0]), b = paintSpreadPixel(base[sx1]), c = paintSpreadPixel(base[sx2])
                        rb &+= (a.rb &+ 2 &* b.rb &+ c.rb) &* weight
                        ga &+= (a.ga &+ 2 &* b.ga &+ c.ga) &* weight
                    } else {
                        let a = paintSpreadPixel(base[sx0]), b = paintSpreadPixel(base[sx1])
                        rb &+= (a.rb &+ b.rb) &* weight
                        ga &+= (a.ga &+ b.ga) &* weight
                    }
                }
                if oddY {
                    row(sy0, 1); row(sy1, 2); row(sy2, 1)
                } else {
                    row(sy0, 1); row(sy1, 1)
                }
                destination[y * stride + x] = paintPackSpread(rb: rb, ga: ga, shift: shift)
            }
        }
    }
}
