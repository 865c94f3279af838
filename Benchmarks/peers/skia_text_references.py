#!/usr/bin/env python3
"""Skia's pictures of the text-agreement lines (fixtures/text-agreement/lines.json), the references
`QuartzTextTests.TextAgreementTests` compares CTLineDraw's pictures with. Each line is shaped by HarfBuzz
(uharfbuzz, the font's own scale in 1/64 px, default features) and drawn black on white, anti-aliased and
unhinted, twice: as Skia draws text (one positioned glyph run: glyph masks with subpixel positions, linear
metrics and Skia's gamma and contrast adjustment of text masks), skia-text-NAME.png; and as the same glyphs'
outlines filled as paths, skia-outlines-NAME.png, which isolates the outlines' coverage.

    python3 -m pip install skia-python uharfbuzz numpy pillow
    python3 Benchmarks/peers/skia_text_references.py fixtures/text-agreement/lines.json fixtures/text-agreement
"""
import json
import os
import sys

import numpy as np
import skia
import uharfbuzz as hb
from PIL import Image


def shaped(path, size, text):
    """Glyph ids and pen positions (x right, y up, in px) of `text` in visual order."""
    face = hb.Face(hb.Blob.from_file_path(path))
    font = hb.Font(face)
    scale = round(size * 64)
    font.scale = (scale, scale)
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(font, buffer, {})
    glyphs, points, pen_x, pen_y = [], [], 0, 0
    for info, position in zip(buffer.glyph_infos, buffer.glyph_positions):
        glyphs.append(info.codepoint)
        points.append(((pen_x + position.x_offset) / 64, (pen_y + position.y_offset) / 64))
        pen_x += position.x_advance
        pen_y += position.y_advance
    return glyphs, points


def render(image, as_outlines):
    surface = skia.Surface(image["width"], image["height"])
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    typeface = skia.Typeface.MakeFromFile(image["font"])
    paint = skia.Paint(AntiAlias=True, Color=skia.ColorBLACK)
    for line in image["lines"]:
        font = skia.Font(typeface, line["size"])
        font.setSubpixel(True)
        font.setHinting(skia.FontHinting.kNone)
        font.setEdging(skia.Font.Edging.kAntiAlias)
        font.setLinearMetrics(True)
        glyphs, points = shaped(image["font"], line["size"], line["text"])
        origins = [(line["x"] + x, line["baseline"] - y) for x, y in points]
        if as_outlines:
            for glyph, (x, y) in zip(glyphs, origins):
                path = font.getPath(glyph)
                if path is not None:
                    path.offset(x, y)
                    canvas.drawPath(path, paint)
        else:
            builder = skia.TextBlobBuilder()
            builder.allocRunPos(font, glyphs, [skia.Point(x, y) for x, y in origins])
            canvas.drawTextBlob(builder.make(), 0, 0, paint)
    pixels = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType)
    return Image.fromarray(np.ascontiguousarray(pixels[:, :, :3]), "RGB")


def main():
    spec_path, out = sys.argv[1], sys.argv[2]
    with open(spec_path, encoding="utf-8") as f:
        spec = json.load(f)
    for image in spec["images"]:
        for kind in ("text", "outlines"):
            path = os.path.join(out, f"skia-{kind}-{image['name']}.png")
            render(image, kind == "outlines").save(path, optimize=True)
            print(f"{path}: {image['width']}x{image['height']}, {len(image['lines'])} lines")


if __name__ == "__main__":
    main()
