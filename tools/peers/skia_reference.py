#!/usr/bin/env python3
"""Renders peer-benchmark scenes (schema peerbench-scene/1, see fixtures/peer-scenes/SCENES.md) with
skia-python into straight-alpha RGBA8 PNGs: the references our raster core is compared against.

    python3 -m venv .venv && .venv/bin/pip install skia-python numpy
    .venv/bin/python tools/peers/skia_reference.py fixtures/peer-scenes/*.json -o fixtures/peer-reference/skia

Drawing follows the scene conventions: white background, items in order with source-over, anti-aliasing on,
images bilinear with clamp-to-edge, the 4x4 row-vector matrix turned into Skia's 3x3 homography, and the
native rect/round-rect calls where the item carries a `prim` hint (as the peers do)."""
import argparse, json, os, sys

import numpy as np
import skia


def matrix_of(item):
    m = item.get("transform")
    if m is None:
        return skia.Matrix()
    # Row vectors p' = p·M; Skia uses column vectors: [[m11, m21, m41], [m12, m22, m42], [m14, m24, m44]].
    return skia.Matrix.MakeAll(m[0], m[4], m[12], m[1], m[5], m[13], m[3], m[7], m[15])


def path_of(spec):
    path = skia.Path()
    pts = spec["pts"]
    i = 0
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
            raise ValueError(f"unknown verb {verb!r}")
    return path


def color_of(rgba, opacity):
    r, g, b, a = rgba
    return skia.Color4f(r, g, b, a * opacity)


CAPS = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
JOINS = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}


def draw_item(canvas, item, images, transform=None, opacity=None):
    canvas.save()
    if transform is not None:
        item = dict(item, transform=transform)
    canvas.concat(matrix_of(item))
    alpha = item.get("opacity", 1.0) if opacity is None else opacity
    paint = skia.Paint(AntiAlias=True)
    if item["kind"] == "shape":
        if "fill" in item:
            paint.setColor4f(color_of(item["fill"]["color"], alpha))
            paint.setStyle(skia.Paint.kFill_Style)
            rule = item["fill"].get("rule", "nonzero")
        else:
            s = item["stroke"]
            paint.setColor4f(color_of(s["color"], alpha))
            paint.setStyle(skia.Paint.kStroke_Style)
            paint.setStrokeWidth(s["width"])
            paint.setStrokeCap(CAPS[s.get("cap", "butt")])
            paint.setStrokeJoin(JOINS[s.get("join", "miter")])
            paint.setStrokeMiter(s.get("miter_limit", 4))
            rule = "nonzero"
        prim = item.get("prim")
        if prim and "fill" in item and "rect" in prim:
            x, y, w, h = prim["rect"]
            canvas.drawRect(skia.Rect.MakeXYWH(x, y, w, h), paint)
        elif prim and "fill" in item and "rrect" in prim:
            x, y, w, h, r = prim["rrect"]
            canvas.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x, y, w, h), r, r), paint)
        else:
            path = path_of(item["path"])
            path.setFillType(skia.PathFillType.kEvenOdd if rule == "evenodd" else skia.PathFillType.kWinding)
            canvas.drawPath(path, paint)
    elif item["kind"] == "image":
        paint.setAlphaf(alpha)
        x, y, w, h = item["rect"]
        image = images[item["image"]]
        canvas.drawImageRect(image, skia.Rect.MakeXYWH(0, 0, image.width(), image.height()),
                             skia.Rect.MakeXYWH(x, y, w, h),
                             skia.SamplingOptions(skia.FilterMode.kLinear), paint,
                             skia.Canvas.kFast_SrcRectConstraint)
    else:
        raise ValueError(f"unknown item kind {item['kind']!r}")
    canvas.restore()


def render(scene_path):
    scene = json.load(open(scene_path))
    folder = os.path.dirname(os.path.abspath(scene_path))
    images = {name: skia.Image.open(os.path.join(folder, spec["file"]))
              for name, spec in scene.get("images", {}).items()}
    surface = skia.Surface(skia.ImageInfo.Make(scene["width"], scene["height"],
                                               skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
    canvas = surface.getCanvas()
    canvas.clear(skia.Color4f(*scene["background"]))
    frame = scene["frames"][scene["reference_frame"]] if scene.get("frames") else None
    for index, item in enumerate(scene["items"]):
        if frame is not None:
            entry = frame[index]
            draw_item(canvas, item, images, transform=entry[:16], opacity=entry[16])
        else:
            draw_item(canvas, item, images)
    return surface.makeImageSnapshot(), scene["name"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenes", nargs="+")
    parser.add_argument("-o", "--output", required=True, help="folder for <scene name>.png")
    args = parser.parse_args()
    os.makedirs(args.output, exist_ok=True)
    for scene_path in args.scenes:
        image, name = render(scene_path)
        out = os.path.join(args.output, name + ".png")
        # Straight alpha (the background is opaque, so every pixel is opaque anyway).
        image.save(out, skia.kPNG)
        print(out, file=sys.stderr)


if __name__ == "__main__":
    main()
