#!/usr/bin/env python3
"""Skia drawing the text of Benchmarks/scenes/text-2000-glyphs.json, for the text entry of RESULTS.md.

    python3 skia_text_bench.py SCENE.json FONT.ttf [--frames 30] [--passes 3] [--png OUT.png]

The scene's text layers, animated as the scene says (position.x by `byValue`, opacity from → to, linear,
autoreversing, repeating, with each layer's begin time), drawn with skia-python's CPU raster backend into a
1920x1080 RGBA8888 premultiplied surface: each string is one SkTextBlob in the same font file at the same size,
anti-aliased (no LCD), unhinted, subpixel-positioned, its first baseline one ascent below the layer's top as
CATextLayer places it, the layer's opacity as the paint's alpha (the glyphs of a layer do not overlap). Pictures
are recorded before timing; a timed frame is clear + drawPicture, timed by process CPU time (and wall time) with
the garbage collector off. Prints the per-frame medians as JSON. Skia draws the strings unshaped (no kerning),
which costs the same as shaped glyphs."""
import argparse
import gc
import json
import statistics
import time

import skia


def basic_value(animation, t):
    """A linear CABasicAnimation's progress at scene time t (autoreverses, repeats for ever)."""
    local = t - animation.get("beginTime", 0)
    if local < 0:
        return None
    duration = animation["duration"]
    cycle = local / duration
    whole = int(cycle)
    fraction = cycle - whole
    if animation.get("autoreverses"):
        return 1 - fraction if whole % 2 else fraction
    return fraction


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("scene")
    parser.add_argument("font")
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--png")
    args = parser.parse_args()
    scene = json.load(open(args.scene))
    width, height, rate = scene["width"], scene["height"], scene["frameRate"]
    typeface = skia.Typeface.MakeFromFile(args.font)
    layers = []
    for layer in scene["layers"]:
        font = skia.Font(typeface, layer["fontSize"])
        font.setEdging(skia.Font.Edging.kAntiAlias)
        font.setHinting(skia.FontHinting.kNone)
        font.setSubpixel(True)
        ascent = -font.getMetrics().fAscent
        color = int(layer["foregroundColor"][1:], 16)
        layers.append((layer, skia.TextBlob.MakeFromString(layer["string"], font), ascent, color))

    def picture(t):
        recorder = skia.PictureRecorder()
        canvas = recorder.beginRecording(skia.Rect(width, height))
        for layer, blob, ascent, color in layers:
            x, y = layer["frame"][0], layer["frame"][1]
            opacity = 1.0
            for animation in layer["animations"]:
                progress = basic_value(animation, t)
                if progress is None:
                    continue
                if animation["keyPath"] == "position.x":
                    x += animation["byValue"] * progress
                elif animation["keyPath"] == "opacity":
                    opacity = animation["fromValue"] + (animation["toValue"] - animation["fromValue"]) * progress
            paint = skia.Paint(AntiAlias=True, Color=skia.ColorSetARGB(round(255 * opacity), color >> 16, (color >> 8) & 255, color & 255))
            canvas.drawTextBlob(blob, x, y + ascent, paint)
        return recorder.finishRecordingAsPicture()

    pictures = [picture(frame / rate) for frame in range(args.frames)]
    surface = skia.Surface.MakeRaster(skia.ImageInfo.Make(width, height, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    canvas.drawPicture(pictures[0])  # warm-up: the glyph cache fills
    gc.disable()
    cpu, wall = [], []
    for _ in range(args.passes):
        for p in pictures:
            c0, w0 = time.process_time_ns(), time.perf_counter_ns()
            canvas.clear(skia.ColorWHITE)
            canvas.drawPicture(p)
            surface.flushAndSubmit()
            w1, c1 = time.perf_counter_ns(), time.process_time_ns()
            cpu.append((c1 - c0) / 1e6)
            wall.append((w1 - w0) / 1e6)
    gc.enable()
    if args.png:
        canvas.clear(skia.ColorWHITE)
        canvas.drawPicture(pictures[10 % len(pictures)])
        surface.makeImageSnapshot().save(args.png, skia.kPNG)
    print(json.dumps({"renderer": f"skia-python {skia.__version__}", "frames": len(cpu),
                      "cpuMedianMs": statistics.median(cpu), "wallMedianMs": statistics.median(wall)}))


if __name__ == "__main__":
    main()
