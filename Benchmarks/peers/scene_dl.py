#!/usr/bin/env python3
"""Converts a peer scene (schema peerbench-scene/1, fixtures/peer-scenes/SCENES.md) into the flat binary display
list that the native players read, so the C code needs no JSON parser and no PNG decoder.

    python scene_dl.py fixtures/peer-scenes/a_rects_512x512.json out/a_rects_512x512.dl

Layout, little-endian; u32 = uint32, f64 = IEEE double, every number finite:
    "OQPEERDL" u32 version=1  u32 name_len  name bytes (UTF-8)
    u32 width  u32 height  f64 background[4]
    u32 image_count  u32 item_count  u32 frame_count  u32 reference_frame (0 for static scenes)
    image_count x { u32 w  u32 h  w*h*4 bytes straight-alpha RGBA8, row-major, y down }
    item_count x {
        u32 kind (0 shape, 1 image)  f64 transform[16] (row-major 4x4, row vectors)  f64 opacity
        image: u32 image_index  f64 rect[4] (x y w h)
        shape: u32 paint (0 fill, 1 stroke)  f64 color[4] (straight RGBA)  u32 rule (0 nonzero, 1 evenodd)
               f64 stroke_width  f64 miter_limit  u32 cap (0 butt 1 round 2 square)  u32 join (0 miter 1 round 2 bevel)
               u32 prim (0 none 1 rect 2 rrect)  f64 prim_values[5]
               u32 verb_count  verb bytes (M L C Z)  u32 coord_count  f64 coords[coord_count]
    }
    frame_count x item_count x f64[17] (16 transform numbers, then opacity)
"""
import json
import math
import os
import struct
import sys

from PIL import Image

IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}
RULES = {"nonzero": 0, "evenodd": 1}
POINTS_PER_VERB = {"M": 2, "L": 2, "C": 6, "Z": 0}


class SceneError(ValueError):
    pass


def _finite(values, what):
    values = [float(v) for v in values]
    if not all(math.isfinite(v) for v in values):
        raise SceneError(f"{what}: non-finite number")
    return values


def _f64s(values, count, what):
    values = _finite(values, what)
    if len(values) != count:
        raise SceneError(f"{what}: expected {count} numbers, got {len(values)}")
    return struct.pack(f"<{count}d", *values)


def _item_bytes(item, image_index, where):
    kind = item.get("kind")
    transform = item.get("transform", IDENTITY)
    opacity = item.get("opacity", 1.0)
    head = _f64s(transform, 16, f"{where}.transform") + _f64s([opacity], 1, f"{where}.opacity")
    if kind == "image":
        name = item.get("image")
        if name not in image_index:
            raise SceneError(f"{where}: unknown image {name!r}")
        return struct.pack("<I", 1) + head + struct.pack("<I", image_index[name]) + _f64s(item["rect"], 4, f"{where}.rect")
    if kind != "shape":
        raise SceneError(f"{where}: unknown item kind {kind!r}")
    if ("fill" in item) == ("stroke" in item):
        raise SceneError(f"{where}: a shape has exactly one of fill and stroke")
    if "fill" in item:
        paint, spec = 0, item["fill"]
        rule = RULES.get(spec.get("rule", "nonzero"))
        width, miter, cap, join = 0.0, 4.0, 0, 0
    else:
        paint, spec = 1, item["stroke"]
        rule = 0
        width, miter = spec["width"], spec.get("miter_limit", 4)
        cap, join = CAPS.get(spec.get("cap", "butt")), JOINS.get(spec.get("join", "miter"))
    if rule is None or cap is None or join is None:
        raise SceneError(f"{where}: unknown fill rule, cap or join")
    prim, prim_values = 0, [0.0] * 5
    hint = item.get("prim") or {}
    if "rect" in hint:
        prim, prim_values = 1, list(hint["rect"]) + [0.0]
    elif "rrect" in hint:
        prim, prim_values = 2, list(hint["rrect"])
    verbs = item["path"]["verbs"]
    coords = item["path"]["pts"]
    if any(v not in POINTS_PER_VERB for v in verbs):
        raise SceneError(f"{where}: unknown path verb in {verbs!r}")
    if sum(POINTS_PER_VERB[v] for v in verbs) != len(coords):
        raise SceneError(f"{where}: path has {len(coords)} coordinates, its verbs need a different number")
    return struct.pack("<I", 0) + head + struct.pack("<I", paint) \
        + _f64s(spec["color"], 4, f"{where}.color") + struct.pack("<I", rule) \
        + _f64s([width, miter], 2, f"{where}.stroke") + struct.pack("<III", cap, join, prim) \
        + _f64s(prim_values, 5, f"{where}.prim") \
        + struct.pack("<I", len(verbs)) + verbs.encode("ascii") \
        + struct.pack("<I", len(coords)) + _f64s(coords, len(coords), f"{where}.path.pts")


def load_rgba(scene_dir, spec):
    """Straight-alpha RGBA8 bytes of an image entry (PNG next to the scene JSON)."""
    with Image.open(os.path.join(scene_dir, spec["file"])) as image:
        image = image.convert("RGBA")
        if (image.width, image.height) != (spec.get("width", image.width), spec.get("height", image.height)):
            raise SceneError(f"image {spec['file']}: size differs from the scene's declaration")
        return image.width, image.height, image.tobytes()


def convert(scene_path):
    """Returns (scene dict, display-list bytes)."""
    with open(scene_path) as f:
        scene = json.load(f)
    if scene.get("schema") != "peerbench-scene/1":
        raise SceneError(f"{scene_path}: schema {scene.get('schema')!r} is not peerbench-scene/1")
    width, height = int(scene["width"]), int(scene["height"])
    if not (0 < width <= 16384 and 0 < height <= 16384):
        raise SceneError(f"{scene_path}: frame size {width}x{height} out of range")
    name = scene["name"].encode("utf-8")
    items, frames = scene["items"], scene.get("frames") or []
    images = scene.get("images", {})
    image_index = {key: i for i, key in enumerate(images)}
    out = [b"OQPEERDL", struct.pack("<II", 1, len(name)), name, struct.pack("<II", width, height),
           _f64s(scene.get("background", [1, 1, 1, 1]), 4, "background")]
    reference = int(scene.get("reference_frame", 0)) if frames else 0
    if frames and not 0 <= reference < len(frames):
        raise SceneError(f"{scene_path}: reference_frame out of range")
    out.append(struct.pack("<IIII", len(images), len(items), len(frames), reference))
    scene_dir = os.path.dirname(os.path.abspath(scene_path))
    for key, spec in images.items():
        w, h, pixels = load_rgba(scene_dir, spec)
        out.append(struct.pack("<II", w, h) + pixels)
    for i, item in enumerate(items):
        out.append(_item_bytes(item, image_index, f"items[{i}]"))
    for f, frame in enumerate(frames):
        if len(frame) != len(items):
            raise SceneError(f"frames[{f}]: {len(frame)} entries for {len(items)} items")
        for i, entry in enumerate(frame):
            out.append(_f64s(entry, 17, f"frames[{f}][{i}]"))
    return scene, b"".join(out)


def main():
    if len(sys.argv) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        sys.exit(2)
    try:
        _, data = convert(sys.argv[1])
    except (SceneError, KeyError, TypeError, ValueError, OSError) as error:
        print(f"scene_dl: {error}", file=sys.stderr)
        sys.exit(1)
    with open(sys.argv[2], "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
