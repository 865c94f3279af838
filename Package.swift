// swift-tools-version: 6.2
// OpenQuartz: Core Animation's model and a software renderer for Linux.
// Module names avoid Apple's (no QuartzCore / CoreGraphics); Apple's type names live on the API surface.
import PackageDescription

let safeSettings: [SwiftSetting] = [.strictMemorySafety()]

let package = Package(
    name: "OpenQuartz",
    products: [
        .library(name: "OpenQuartz", targets: ["OpenQuartz"]),
        .executable(name: "quartz-render", targets: ["quartz-render"]),
        // The peer-benchmark scene format, for the agreement tests and the Benchmarks package.
        .library(name: "PeerScene", targets: ["PeerScene"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // CATransform3D, CGAffineTransform, decomposition and interpolation, Bézier maths.
        .target(name: "QuartzMath", swiftSettings: safeSettings),
        // Paths, flattening, the anti-aliased filler, stroker, bitmaps, paints, sampling, blending, CGContext.
        .target(name: "QuartzRaster", dependencies: ["QuartzMath", "RasterKernels"]),
        // AVX2 source-over span kernels chosen at run time (per-function target attributes, no compiler flags).
        // SwiftPM builds it at -O2 in release; `-Xcc -O3` measured the same on peer scenes a, c and d.
        .target(name: "RasterKernels"),
        // libpng through pkg-config; the C shim keeps every setjmp on the C side.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "PNGShim", dependencies: ["CLibPNG", "RasterKernels"], linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        .target(name: "QuartzPNG", dependencies: ["QuartzRaster", "PNGShim"], swiftSettings: safeSettings),
        // FreeType, HarfBuzz and fontconfig through pkg-config; the C shim keeps every callback on the C side.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "TextShim", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig"]),
        // Text: fonts (fontconfig), shaping (HarfBuzz), line layout, glyph outlines (FreeType) as paths.
        .target(
            name: "QuartzText",
            dependencies: ["QuartzMath", "QuartzRaster", "TextShim", .product(name: "Logging", package: "swift-log")]),
        // JPEG (libjpeg-turbo) and WebP (libwebp) frames: encoding for output, decoding for checks.
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .target(name: "QuartzImageIO", dependencies: ["QuartzRaster", "CTurboJPEG", "CWebP"], swiftSettings: safeSettings),
        // The layer model: CALayer family, CATransaction, CAAnimation family, CAMediaTiming.
        .target(
            name: "QuartzLayers",
            dependencies: ["QuartzMath", "QuartzRaster", "QuartzText", .product(name: "Logging", package: "swift-log")],
            swiftSettings: safeSettings),
        // The compositor: render list → pixels (tiles, 3-D layer quads, groups, masks, shadows).
        .target(name: "QuartzCompositor", dependencies: ["QuartzMath", "QuartzRaster", "QuartzText", "QuartzLayers"]),
        // RFC 8259 JSON read without recursion, with precise errors: the scene format and Lottie read through it.
        .target(name: "QuartzJSON", swiftSettings: safeSettings),
        // The JSON scene format: parse, validate, build layer trees and scripted changes at any time.
        .target(name: "QuartzScene", dependencies: ["QuartzJSON", "QuartzMath", "QuartzRaster", "QuartzPNG", "QuartzText", "QuartzLayers"], swiftSettings: safeSettings),
        // Lottie (Bodymovin JSON): a checked model with precise errors → a CALayer tree whose keyframe animations
        // are played by CAMediaTiming.
        .target(name: "QuartzLottie", dependencies: ["QuartzJSON", "QuartzMath", "QuartzRaster", "QuartzPNG", "QuartzImageIO", "QuartzLayers"], swiftSettings: safeSettings),
        .target(
            name: "OpenQuartz",
            dependencies: ["QuartzMath", "QuartzRaster", "QuartzPNG", "QuartzText", "QuartzLayers", "QuartzCompositor", "QuartzScene", "QuartzLottie"],
            swiftSettings: safeSettings),
        // The frame pipeline under quartz-render: frame selection, shards and chunks, atomic and resumable
        // writes, video through ffmpeg, motion blur, frame-time statistics.
        .target(
            name: "QuartzOutput",
            dependencies: ["OpenQuartz", "QuartzImageIO", .product(name: "Logging", package: "swift-log")],
            swiftSettings: safeSettings),
        .target(name: "PeerScene", dependencies: ["OpenQuartz"], swiftSettings: safeSettings),
        .executableTarget(
            name: "quartz-render",
            dependencies: [
                "OpenQuartz",
                "QuartzOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: safeSettings),
        // The peer-benchmark player (Benchmarks/peers/README.md, "The OpenQuartz player contract").
        .executableTarget(name: "quartz-peer-player", dependencies: ["PeerScene", "OpenQuartz"], swiftSettings: safeSettings),
        // What every test target shares: the fixtures folder and a seeded generator.
        .target(name: "QuartzTestSupport", dependencies: ["QuartzRaster"], path: "Tests/QuartzTestSupport"),
        .testTarget(name: "QuartzJSONTests", dependencies: ["QuartzJSON", "QuartzTestSupport"]),
        .testTarget(name: "QuartzMathTests", dependencies: ["QuartzMath", "QuartzTestSupport"]),
        .testTarget(name: "QuartzRasterTests", dependencies: ["QuartzRaster", "QuartzPNG", "QuartzTestSupport"]),
        .testTarget(name: "QuartzPNGTests", dependencies: ["QuartzPNG", "QuartzTestSupport"]),
        .testTarget(name: "QuartzImageIOTests", dependencies: ["QuartzImageIO", "QuartzTestSupport"]),
        .testTarget(name: "QuartzTextTests", dependencies: ["QuartzText", "CHarfBuzz", "QuartzPNG", "QuartzTestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "QuartzLayersTests", dependencies: ["QuartzLayers", "QuartzText", "QuartzTestSupport"]),
        .testTarget(name: "QuartzCompositorTests", dependencies: ["QuartzCompositor", "QuartzPNG", "OpenQuartz", "QuartzTestSupport"]),
        .testTarget(name: "QuartzOutputTests", dependencies: ["QuartzOutput", "OpenQuartz", "QuartzTestSupport"]),
        // The fuzz smoke: the fuzz targets' exercises (Fuzz/Harness/Exercises) on the kept regression inputs
        // and on fixed-seed random ones; the coverage-guided runs are Fuzz/run.sh.
        .testTarget(name: "FuzzSmokeTests", dependencies: ["OpenQuartz", "QuartzTestSupport"], path: "Fuzz/Harness"),
        .testTarget(name: "PeerSceneTests", dependencies: ["PeerScene", "QuartzTestSupport"]),
        .testTarget(name: "QuartzLottieTests", dependencies: ["QuartzLottie", "QuartzCompositor", "QuartzPNG", "QuartzImageIO", "QuartzTestSupport"]),
        .testTarget(name: "QuartzSceneTests", dependencies: ["QuartzScene", "QuartzTestSupport"]),
        // End-to-end tests of the quartz-render binary (the dependency makes SwiftPM build it first).
        .testTarget(name: "QuartzRenderCLITests", dependencies: ["OpenQuartz", "QuartzImageIO", "quartz-render", "QuartzTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
