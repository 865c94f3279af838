#!/usr/bin/env python3
"""Skia peer player (skia-python, CPU raster backend, RGBA8888 premultiplied surface).

    .venv/bin/python skia_player.py SCENE.json [--warmup N] [--min-frames N] [--max-frames N]
                                    [--min-seconds S] [--passes N] [--png OUT.png] [--png-dir DIR]

Same command line, protocol and JSON report as the native players (native/player_driver.c). One SkPicture per
frame is recorded before timing (one for a static scene, 300 for scene g), so no Python drawing code runs
inside a timed frame: a timed frame is canvas.clear(background) + canvas.drawPicture(picture), timed with
perf_counter_ns around those two calls, with the garbage collector off. Drawing rules follow SCENES.md: anti-
aliasing on, source-over, images bilinear clamped to the edge, the 4x4 row-vector matrix turned into Skia's 3x3
homography [[m11, m21, m41], [m12, m22, m42], [m14, m24, m44]], native rect/round-rect calls for `prim` hints.

--png-dir DIR (animated scenes, README.md "End to end"): png_frames.py's loop; each frame is drawn as above,
then encoded by Skia's own PNG encoder (Image.encodeToData() on a snapshot of the surface: SkPngEncoder with
its default options, zlib level 6 and all five row filters tried per row, straight RGBA8 out) and the bytes are
written to DIR/frame_%03d.png. The snapshot is dropped before the next frame draws, so the surface is not
copied on write."""
import argparse
import gc
import json
import os
import sys
import time

import skia

from png_frames import process_threads

CAPS = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
JOINS = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}
IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]


def homography(m):
    return skia.Matrix.MakeAll(m[0], m[4], m[12], m[1], m[5], m[13], m[3], m[7], m[15])


def make_path(spec, rule):
    path = skia.Path()
    pts, i = spec["pts"], 0
    for verb in spec["verbs"]:
        if verb == "M":
            path.moveTo(pts[i], pts[i + 1]); i += 2
        elif verb == "L":
            path.lineTo(pts[i], pts[i + 1]); i += 2
        elif verb == "C":
            path.cubicTo(*pts[i:i + 6]); i += 6
        elif verb == "Z":
            path.close()
        else:
            raise ValueError(f"unknown path verb {verb!r}")
    path.setFillType(skia.PathFillType.kEvenOdd if rule == "evenodd" else skia.PathFillType.kWinding)
    return path


class Item:
    """Retained Skia objects for one scene item: built once, replayed into every recorded picture."""

    def __init__(self, item, images):
        self.kind = item["kind"]
        self.transform = item.get("transform", IDENTITY)
        self.opacity = item.get("opacity", 1.0)
        if self.kind == "image":
            self.image = images[item["image"]]
            self.src = skia.Rect.MakeWH(self.image.width(), self.image.height())
            self.dst = skia.Rect.MakeXYWH(*item["rect"])
            return
        self.stroke = item.get("stroke")
        spec = self.stroke or item["fill"]
        self.color = spec["color"]
        self.prim = item.get("prim") if self.stroke is None else None
        self.path = make_path(item["path"], spec.get("rule", "nonzero"))

    def draw(self, canvas, transform, opacity):
        canvas.save()
        canvas.concat(homography(transform))
        paint = skia.Paint(AntiAlias=True)
        if self.kind == "image":
            paint.setAlphaf(opacity)
            canvas.drawImageRect(self.image, self.src, self.dst, skia.SamplingOptions(skia.FilterMode.kLinear),
                                 paint, skia.Canvas.kFast_SrcRectConstraint)
        else:
            r, g, b, a = self.color
            paint.setColor4f(skia.Color4f(r, g, b, a * opacity))
            if self.stroke is not None:
                paint.setStyle(skia.Paint.kStroke_Style)
                paint.setStrokeWidth(self.stroke["width"])
                paint.setStrokeCap(CAPS[self.stroke.get("cap", "butt")])
                paint.setStrokeJoin(JOINS[self.stroke.get("join", "miter")])
                paint.setStrokeMiter(self.stroke.get("miter_limit", 4))
                canvas.drawPath(self.path, paint)
            elif self.prim and "rect" in self.prim:
                canvas.drawRect(skia.Rect.MakeXYWH(*self.prim["rect"]), paint)
            elif self.prim and "rrect" in self.prim:
                x, y, w, h, radius = self.prim["rrect"]
                canvas.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x, y, w, h), radius, radius), paint)
            else:
                canvas.drawPath(self.path, paint)
        canvas.restore()


def record(items, width, height, frame):
    recorder = skia.PictureRecorder()
    canvas = recorder.beginRecording(skia.Rect.MakeWH(width, height))
    for index, item in enumerate(items):
        if frame is None:
            item.draw(canvas, item.transform, item.opacity)
        else:
            entry = frame[index]
            item.draw(canvas, entry[:16], entry[16])
    return recorder.finishRecordingAsPicture()




def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scene")
    parser.add_argument("--warmup", type=int)
    parser.add_argument("--min-frames", type=int, default=15)
    parser.add_argument("--max-frames", type=int, default=200)
    parser.add_argument("--min-seconds", type=float, default=2.0)
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--png")
    parser.add_argument("--png-dir", help="end to end: draw, encode and write every frame into this folder")
    parser.add_argument("--frame-limit", type=int, help="--png-dir: only the first N frames (plumbing checks)")
    args = parser.parse_args()
    if min(args.min_frames, args.max_frames, args.passes) < 1 or args.min_seconds < 0 or (args.warmup or 0) < 0:
        parser.error("frame counts and passes must be >= 1, seconds and warm-up >= 0")

    with open(args.scene) as f:
        scene = json.load(f)
    folder = os.path.dirname(os.path.abspath(args.scene))
    images = {key: skia.Image.open(os.path.join(folder, spec["file"])) for key, spec in scene.get("images", {}).items()}
    width, height = scene["width"], scene["height"]
    items = [Item(item, images) for item in scene["items"]]
    frames = scene.get("frames") or []
    pictures = [record(items, width, height, frame) for frame in frames] or [record(items, width, height, None)]
    background = skia.Color4f(*scene.get("background", [1, 1, 1, 1]))
    surface = skia.Surface(skia.ImageInfo.Make(width, height, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
    canvas = surface.getCanvas()

    animated = bool(frames)
    warmup = args.warmup if args.warmup is not None else (10 if animated else 3)
    if args.png_dir:
        if not animated:
            sys.exit("skia_player.py: --png-dir needs an animated scene")
        import png_frames

        def draw(frame):
            canvas.clear(background)
            canvas.drawPicture(pictures[frame])

        def output(path):
            t0 = time.perf_counter_ns()
            data = surface.makeImageSnapshot().encodeToData()
            t1 = time.perf_counter_ns()
            png_frames.write_file(path, memoryview(data))
            return t1 - t0

        count = min(len(frames), args.frame_limit or len(frames))
        png_frames.run("skia", f"skia-python {skia.__version__}", scene["name"], width, height, count,
                       args.png_dir, warmup, draw, output,
                       {"encoder": "SkPngEncoder defaults (zlib 6, all filters)"})
        return
    max_frames = max(args.max_frames, args.min_frames)
    clock, cpu_clock = time.perf_counter_ns, time.process_time_ns
    times, cpu_times = [], []
    threads_before = process_threads()
    gc.disable()
    # CPU time of the whole process over the timed loop: about equal to the wall time when one thread works.
    cpu_start, wall_start = time.process_time_ns(), clock()
    for i in range(warmup):
        canvas.clear(background)
        canvas.drawPicture(pictures[i % len(pictures)])
    # Each frame also gets the process CPU time it used (stolen time inflates only the wall clock).
    count = args.passes * len(pictures) if animated else max_frames
    start = clock()
    while len(times) < count:
        picture = pictures[len(times) % len(pictures)]
        c0, t0 = cpu_clock(), clock()
        canvas.clear(background)
        canvas.drawPicture(picture)
        t1, c1 = clock(), cpu_clock()
        times.append(t1 - t0)
        cpu_times.append(c1 - c0)
        if not animated and len(times) >= args.min_frames and (t1 - start) * 1e-9 >= args.min_seconds:
            break
    wall_total, cpu_total = clock() - wall_start, time.process_time_ns() - cpu_start
    gc.enable()
    threads = process_threads()

    if args.png:
        canvas.clear(background)
        canvas.drawPicture(pictures[scene["reference_frame"]] if animated else pictures[0])
        # Straight alpha (the background is opaque, so every pixel is opaque anyway).
        surface.makeImageSnapshot().save(args.png, skia.kPNG)

    protocol = {"warmup": warmup}
    protocol.update({"passes": args.passes, "frames": len(frames)} if animated else
                    {"min_frames": args.min_frames, "max_frames": max_frames, "min_seconds": args.min_seconds})
    json.dump({"renderer": "skia", "version": f"skia-python {skia.__version__}", "scene": scene["name"],
               "width": width, "height": height, "threads_before": threads_before, "threads": threads,
               "timed_wall_ns": wall_total, "timed_cpu_ns": cpu_total, "protocol": protocol, "frame_ns": times,
               "frame_cpu_ns": cpu_times},
              sys.stdout)
    print()


if __name__ == "__main__":
    main()
