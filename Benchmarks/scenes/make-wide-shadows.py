#!/usr/bin/env python3
"""Writes the wide-shadow benchmark scenes (1920x1080, cards with shadowRadius 100, moving).

wide-shadows-10.json:  ten 150x300 cards in a row.
wide-shadows-100.json: a hundred 140x84 cards in a 10x10 grid.
wide-shadows-10-rotated.json: the ten cards turned by 0.2 rad (their shadows are blurred masks, not the
analytic rounded rectangle).
Each has a -noshadow twin with shadowOpacity 0 (the same frame without shadows).
Cards slide horizontally by sub-pixel amounts per frame (40 px in 2 s, autoreversed, at 60 fps), each row
at its own phase, so a frame's shadows are translated copies of the previous frame's.
"""
import json, os

here = os.path.dirname(os.path.abspath(__file__))

def card(name, x, y, w, h, delay, shadow, turn=None):
    layer = {"name": name, "frame": [x, y, w, h], "cornerRadius": 12, "backgroundColor": "#3A7BD5",
             "shadowRadius": 100, "shadowOpacity": 0.8 if shadow else 0, "shadowOffset": [0, 10],
             "animations": [{"keyPath": "position.x", "byValue": 40, "duration": 2, "beginTime": delay,
                             "autoreverses": True, "repeatCount": "infinity", "fillMode": "both"}]}
    if turn is not None:
        layer["transform"] = [{"rotate": [turn, 0, 0, 1]}]
    return layer

def scene(layers):
    return {"version": 1, "width": 1920, "height": 1080, "duration": 4, "frameRate": 60,
            "background": "#FFFFFF", "layers": layers}

def write(name, layers):
    # One layer per line, so the files read (and diff) as lists of cards.
    s = scene(layers)
    head = {k: v for k, v in s.items() if k != "layers"}
    lines = [json.dumps(layer, separators=(", ", ": ")) for layer in layers]
    with open(os.path.join(here, name), "w") as f:
        f.write(json.dumps(head, separators=(", ", ": "))[:-1] + ', "layers": [\n ')
        f.write(",\n ".join(lines))
        f.write("\n]}\n")

for shadow in (True, False):
    suffix = "" if shadow else "-noshadow"
    ten = [card(f"card{i}", 60 + i * 185, 390, 150, 300, round(-0.13 * i, 2) + 0.0, shadow) for i in range(10)]
    write(f"wide-shadows-10{suffix}.json", ten)
    hundred = [card(f"card{r}_{c}", 16 + c * 192, 12 + r * 108, 140, 84, round(-0.07 * (r * 10 + c), 2) + 0.0, shadow)
               for r in range(10) for c in range(10)]
    write(f"wide-shadows-100{suffix}.json", hundred)
    turned = [card(f"card{i}", 60 + i * 185, 390, 150, 300, round(-0.13 * i, 2) + 0.0, shadow, turn=0.2) for i in range(10)]
    write(f"wide-shadows-10-rotated{suffix}.json", turned)
