#!/usr/bin/env python3
"""cairo peer player for the end-to-end mode (pycairo, image surface ARGB32 premultiplied).

    .venv/bin/python cairo_player.py SCENE.json --png-dir DIR [--warmup N] [--frame-limit N]
    .venv/bin/python cairo_player.py SCENE.json --png OUT.png

--png-dir runs png_frames.py's loop (README.md, "End to end"): each frame is drawn, then written by cairo's
own PNG writer, ImageSurface.write_to_png(path) (libpng with cairo's settings: zlib's default level 6, libpng's
default adaptive filtering, straight RGBA8 out). --png writes the scene's reference frame and exits.

Drawing rules follow SCENES.md as the other players do: anti-aliasing on (cairo's default grey AA), source-over,
images bilinear (FILTER_BILINEAR) clamped to the edge (EXTEND_PAD) with anti-aliased edges, straight-alpha sRGB
colours without linearization, the 4x4 row-vector matrix as cairo's affine Matrix(m11, m12, m21, m22, m41, m42).
`prim` rectangles go through Context.rectangle; cairo has no round-rectangle call, so rounded rectangles fill
their path (the same geometry, SCENES.md). Paths are built once, before timing, and appended each frame. Unlike
skia_player.py, no recording is replayed: every frame issues its cairo calls from Python (about ten per item;
scene g has 100 items), which counts in the frame's time. Projective matrices (scene f) are unsupported."""
import argparse
import json
import os
import sys

import cairo

IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
CAPS = {"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}
JOINS = {"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}


def affine(m):
    """x' = m11 x + m21 y + m41, y' = m12 x + m22 y + m42; cairo.Matrix(xx, yx, xy, yy, x0, y0)."""
    return cairo.Matrix(m[0], m[1], m[4], m[5], m[12], m[13])


def projective(m):
    return m[3] != 0 or m[7] != 0 or m[15] != 1


class Item:
    """An item's retained cairo objects: its path, or its image pattern."""

    def __init__(self, item, textures, ctx):
        self.kind = item["kind"]
        self.transform = item.get("transform", IDENTITY)
        self.opacity = item.get("opacity", 1.0)
        if self.kind == "image":
            surface = textures[item["image"]]
            x, y, w, h = item["rect"]
            self.rect = (x, y, w, h)
            self.pattern = cairo.SurfacePattern(surface)
            self.pattern.set_filter(cairo.FILTER_BILINEAR)
            self.pattern.set_extend(cairo.EXTEND_PAD)
            # Pattern space from user space: the image spans the rect.
            to_image = cairo.Matrix(surface.get_width() / w, 0, 0, surface.get_height() / h, 0, 0)
            to_image = cairo.Matrix(1, 0, 0, 1, -x, -y).multiply(to_image)
            self.pattern.set_matrix(to_image)
            return
        self.stroke = item.get("stroke")
        spec = self.stroke or item["fill"]
        self.color = spec["color"]
        self.rule = cairo.FILL_RULE_EVEN_ODD if spec.get("rule") == "evenodd" else cairo.FILL_RULE_WINDING
        hint = (item.get("prim") or {}) if self.stroke is None else {}
        self.rect = hint.get("rect")
        ctx.new_path()
        pts, i = item["path"]["pts"], 0
        for verb in item["path"]["verbs"]:
            if verb == "M":
                ctx.move_to(pts[i], pts[i + 1]); i += 2
            elif verb == "L":
                ctx.line_to(pts[i], pts[i + 1]); i += 2
            elif verb == "C":
                ctx.curve_to(*pts[i:i + 6]); i += 6
            elif verb == "Z":
                ctx.close_path()
            else:
                raise ValueError(f"unknown path verb {verb!r}")
        self.path = ctx.copy_path()
        ctx.new_path()

    def draw(self, ctx, transform, opacity):
        ctx.set_matrix(affine(transform))
        if self.kind == "image":
            ctx.set_source(self.pattern)
            ctx.rectangle(*self.rect)
            ctx.clip()
            ctx.paint_with_alpha(opacity)
            ctx.reset_clip()
            return
        r, g, b, a = self.color
        ctx.set_source_rgba(r, g, b, a * opacity)
        if self.rect is not None:
            ctx.rectangle(*self.rect)
        else:
            ctx.append_path(self.path)
        if self.stroke is not None:
            ctx.set_line_width(self.stroke["width"])
            ctx.set_line_cap(CAPS[self.stroke.get("cap", "butt")])
            ctx.set_line_join(JOINS[self.stroke.get("join", "miter")])
            ctx.set_miter_limit(self.stroke.get("miter_limit", 4))
            ctx.stroke()
        else:
            ctx.set_fill_rule(self.rule)
            ctx.fill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scene")
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--frame-limit", type=int, help="only the first N frames (plumbing checks)")
    parser.add_argument("--png-dir", help="draw, encode and write every frame into this folder")
    parser.add_argument("--png", help="write the reference frame and exit")
    args = parser.parse_args()

    with open(args.scene) as f:
        scene = json.load(f)
    frames = scene.get("frames") or []
    if any(projective(item.get("transform", IDENTITY)) for item in scene["items"]) or \
            any(projective(entry[:16]) for frame in frames for entry in frame):
        print(json.dumps({"renderer": "cairo", "scene": scene["name"],
                          "unsupported": "perspective (projective matrices) is not supported by cairo"}))
        sys.exit(3)
    folder = os.path.dirname(os.path.abspath(args.scene))
    textures = {key: cairo.ImageSurface.create_from_png(os.path.join(folder, spec["file"]))
                for key, spec in scene.get("images", {}).items()}
    width, height = scene["width"], scene["height"]
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    ctx = cairo.Context(surface)
    ctx.set_antialias(cairo.ANTIALIAS_DEFAULT)
    items = [Item(item, textures, ctx) for item in scene["items"]]
    background = scene.get("background", [1, 1, 1, 1])

    def draw(frame):
        ctx.identity_matrix()
        ctx.set_operator(cairo.OPERATOR_SOURCE)
        ctx.set_source_rgba(*background)
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
        if frame is None:
            for item in items:
                item.draw(ctx, item.transform, item.opacity)
        else:
            for item, entry in zip(items, frames[frame]):
                item.draw(ctx, entry[:16], entry[16])
        surface.flush()

    if args.png:
        draw(scene["reference_frame"] if frames else None)
        surface.write_to_png(args.png)
        return
    if not args.png_dir or not frames:
        sys.exit("cairo_player.py: --png-dir and an animated scene are needed (or --png)")
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import png_frames

    def output(path):
        surface.write_to_png(path)
        return None  # encoded and written in one call

    count = min(len(frames), args.frame_limit or len(frames))
    png_frames.run("cairo", f"cairo {cairo.cairo_version_string()} (pycairo {cairo.version})", scene["name"], width,
                   height, count, args.png_dir, args.warmup, draw, output,
                   {"encoder": "cairo_surface_write_to_png (libpng defaults)"})


if __name__ == "__main__":
    main()
