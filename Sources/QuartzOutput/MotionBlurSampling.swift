// Motion blur by sub-frame sampling (`--motion-blur SAMPLES`, `--shutter ANGLE`): output frame i averages
// SAMPLES renders at t_i + (k + 0.5)/SAMPLES · (ANGLE/360) / fps for k = 0 … SAMPLES−1, i.e. the shutter
// opens at the frame time (like a film camera's rotary shutter) and stays open ANGLE/360 of a frame. The
// average is taken on premultiplied 8-bit channels summed exactly in 16-bit integers (64 · 255 < 2^16)
// and rounded once, so the result is the same whatever the thread or job count. SAMPLES 1 is off: the
// plain render at t_i.
import Foundation
import OpenQuartz

/// Sub-frame times for one output frame.
package struct MotionBlur: Sendable {
    package static let maximumSamples = 64

    package let samples: Int
    package let shutterAngle: Double
    package let rate: SceneFrameRate

    package init(samples: Int, shutterAngle: Double, rate: SceneFrameRate) {
        self.samples = samples
        self.shutterAngle = shutterAngle
        self.rate = rate
    }

    /// The scene times averaged into the frame at `time`; just `time` when off.
    package func sampleTimes(forFrameAt time: Double) -> [Double] {
        guard samples > 1 else { return [time] }
        // (k + 0.5)/S · (angle/360) · den/num, as one quotient of exact small integers times the angle.
        let denominator = Double(2 * samples * 360) * Double(rate.numerator)
        return (0..<samples).map { k in
            time + Double(2 * k + 1) * shutterAngle * Double(rate.denominator) / denominator
        }
    }
}

/// Sums premultiplied RGBA8 frames channel by channel and returns their rounded average. Reused across
/// frames by one worker (its buffers are resized only when the frame size changes).
package struct SubframeAccumulator {
    private var sums: [UInt16] = []
    private var width = 0
    private var height = 0
    private var added = 0

    /// Starts a new average of `width`×`height` frames.
    package mutating func reset(width: Int, height: Int) {
        let count = width * height * 4
        if sums.count != count {
            sums = [UInt16](repeating: 0, count: count)
        } else {
            unsafe sums.withUnsafeMutableBufferPointer { unsafe $0.update(repeating: 0) }
        }
        self.width = width
        self.height = height
        added = 0
    }

    /// Adds one frame (same size as the reset). At most `MotionBlur.maximumSamples` frames per average.
    package mutating func add(_ bitmap: PremultipliedRGBA8Bitmap) {
        precondition(bitmap.width == width && bitmap.height == height && added < MotionBlur.maximumSamples)
        added += 1
        unsafe bitmap.pixels.withUnsafeBufferPointer { source in
            unsafe sums.withUnsafeMutableBufferPointer { target in
                // Invariant: target.count == 4 · source.count (reset sized it for this frame size), and each
                // sum stays ≤ 64 · 255 < 2^16 because at most 64 frames are added.
                guard let src = source.baseAddress, let dst = target.baseAddress else { return }
                let count = source.count
                var i = 0
                while i < count {
                    let pixel = unsafe src[i]
                    let d = unsafe dst + 4 * i
                    unsafe d[0] &+= UInt16(truncatingIfNeeded: pixel) & 0xFF  // R
                    unsafe d[1] &+= UInt16(truncatingIfNeeded: pixel >> 8) & 0xFF  // G
                    unsafe d[2] &+= UInt16(truncatingIfNeeded: pixel >> 16) & 0xFF  // B
                    unsafe d[3] &+= UInt16(truncatingIfNeeded: pixel >> 24)  // A
                    i += 1
                }
            }
        }
    }

    /// The average of the added frames, each channel ⌊(sum + n/2) / n⌋. Premultiplication is kept: every
    /// colour sum is ≤ the alpha sum, and the rounding is monotonic.
    package func average() -> PremultipliedRGBA8Bitmap {
        precondition(added > 0)
        let n = added
        // One division per possible sum instead of one per channel.
        let table = (0...(n * 255)).map { UInt32(($0 + n / 2) / n) }
        var pixels = [UInt32](repeating: 0, count: width * height)
        unsafe table.withUnsafeBufferPointer { divide in
            unsafe sums.withUnsafeBufferPointer { source in
                unsafe pixels.withUnsafeMutableBufferPointer { target in
                    // Invariant: source.count == 4 · target.count and every sum ≤ n · 255 < divide.count.
                    guard let q = divide.baseAddress, let src = source.baseAddress, let dst = target.baseAddress else { return }
                    for i in 0..<target.count {
                        let s = unsafe src + 4 * i
                        unsafe dst[i] = unsafe q[Int(s[0])] | q[Int(s[1])] << 8 | q[Int(s[2])] << 16 | q[Int(s[3])] << 24
                    }
                }
            }
        }
        return PremultipliedRGBA8Bitmap(width: width, height: height, pixels: pixels)
    }
}

/// Renders one frame at a scene time: the pixels and the evaluate / composite seconds.
package typealias FrameProducer = (Double) throws -> (bitmap: PremultipliedRGBA8Bitmap, evaluate: Double, composite: Double)

/// A producer for `FrameOutputRunner` (and `bench`): renders each output frame, averaging the sub-frames
/// when motion blur is on; evaluate and composite seconds are summed over the sub-frames.
package func makeFrameProducer(renderer: SceneFrameRenderer, motionBlur: MotionBlur) -> FrameProducer {
    var accumulator = SubframeAccumulator()
    return { time in
        var evaluate = 0.0, composite = 0.0
        let times = motionBlur.sampleTimes(forFrameAt: time)
        var single: PremultipliedRGBA8Bitmap?
        if times.count > 1 { accumulator.reset(width: renderer.settings.pixelWidth, height: renderer.settings.pixelHeight) }
        for t in times {
            let t0 = monotonicSeconds()
            let list = renderer.evaluate(atTime: t)
            let t1 = monotonicSeconds()
            let bitmap = try renderer.composite(list)
            if times.count > 1 { accumulator.add(bitmap) } else { single = bitmap }
            evaluate += t1 - t0
            composite += monotonicSeconds() - t1  // summing a sub-frame is part of compositing
        }
        if let single { return (single, evaluate, composite) }
        let t0 = monotonicSeconds()
        let averaged = accumulator.average()
        composite += monotonicSeconds() - t0  // averaging is part of compositing the output frame
        return (averaged, evaluate, composite)
    }
}
