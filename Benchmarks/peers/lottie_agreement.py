"""Lottie agreement over a corpus: OpenQuartz, rlottie and ThorVG against a reference, frame by frame.

    python3 lottie_agreement.py CORPUS_DIR [--quartz-render PATH] [--out DIR] [--files NAME ...]
        [--progress 0 0.25 0.5 0.75]

For a file with Apple Core Animation snapshots (CORPUS_DIR/reference/lottie-ios-core-animation/NAME-P.png,
P = 0, 25, 50, 75) the reference is Apple's picture, drawn at the snapshot's size; every renderer draws
frame ip + p * (op - ip), ThorVG and OpenQuartz at that fractional frame, rlottie at the nearest whole one
(it takes no other). For every other file the reference is ThorVG at the file's own size, and the frame is
rounded to a whole one for all three.

Every picture is composed over white and compared on RGB with image_agreement.py's measures (mean absolute
difference in 0..255 units and PSNR). rlottie and ThorVG run in a child process per file, so a peer that
crashes on a file costs only that file's cells. Prints a Markdown table; --out keeps the frames.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
APPLE_FOLDER = os.path.join("reference", "lottie-ios-core-animation")


def over_white_premultiplied(rgba):
    """RGB of a premultiplied RGBA array composed over white."""
    rgba = rgba.astype(np.float64)
    return rgba[..., :3] + (255.0 - rgba[..., 3:4])


def over_white_straight(rgba):
    rgba = rgba.astype(np.float64)
    alpha = rgba[..., 3:4] / 255.0
    return rgba[..., :3] * alpha + 255.0 * (1.0 - alpha)


def measures(rgb, reference):
    diff = np.abs(np.rint(rgb) - np.rint(reference))
    mse = float(np.mean(diff ** 2))
    return {"mae": float(diff.mean()), "psnr": math.inf if mse == 0 else 10 * math.log10(255.0 ** 2 / mse)}


def thorvg_player(path, width, height):
    """ThorVG's software canvas holding the file at width x height, and a function drawing frame f of it
    (counted from the file's ip) into the canvas: set_frame, update, draw (cleared), sync."""
    import thorvg_python as tvg
    engine = tvg.Engine()
    engine.init(0)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    if picture.load(path) != 0:
        sys.exit(f"ThorVG cannot load {path}")
    picture.set_size(width, height)
    canvas.add(picture)

    def draw(frame):
        animation.set_frame(float(frame))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
    return canvas, draw


def peer_frames(renderer, path, width, height, frames, out_dir):
    """Child process: draws each frame with one peer and saves it as an opaque RGB PNG over white."""
    if renderer == "rlottie":
        import rlottie_python
        animation = rlottie_python.LottieAnimation.from_file(path)
        for frame in frames:
            image = animation.render_pillow_frame(frame_num=int(round(frame)), width=width, height=height)
            rgb = over_white_premultiplied(np.asarray(image.convert("RGBA")))
            Image.fromarray(np.rint(rgb).astype(np.uint8)).save(os.path.join(out_dir, f"rlottie-{frame:g}.png"))
        return
    canvas, draw = thorvg_player(path, width, height)
    ip = json.load(open(path))["ip"]
    for frame in frames:
        draw(frame - ip)
        rgb = over_white_premultiplied(np.asarray(canvas.get_pillow("RGBA")))
        Image.fromarray(np.rint(rgb).astype(np.uint8)).save(os.path.join(out_dir, f"thorvg-{frame:g}.png"))


def run_peer(renderer, path, width, height, frames, out_dir):
    command = [sys.executable, os.path.abspath(__file__), "--peer", renderer, path, str(width), str(height),
               out_dir] + [repr(f) for f in frames]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        return f"fails ({'signal ' + str(-result.returncode) if result.returncode < 0 else 'exit ' + str(result.returncode)})"
    return None


def run_openquartz(quartz_render, path, width, height, frames, fps, ip, out_dir):
    for frame in frames:
        output = os.path.join(out_dir, f"openquartz-{frame:g}.png")
        command = [quartz_render, "render", path, "--time", repr((frame - ip) / fps), "--size", f"{width}x{height}",
                   "--background", "#FFFFFF", "--overwrite", "--threads", "1", "-o", output]
        result = subprocess.run(command, capture_output=True, text=True, timeout=600)
        if result.returncode != 0:
            return f"fails (exit {result.returncode}: {result.stderr.strip().splitlines()[-1:]})"
    return None


def load_rgb(path):
    with Image.open(path) as image:
        return over_white_straight(np.asarray(image.convert("RGBA")))


def cell(values):
    if isinstance(values, str):
        return values
    mae = ", ".join(f"{v['mae']:.2f}" for v in values)
    psnr = ", ".join("inf" if math.isinf(v["psnr"]) else f"{v['psnr']:.1f}" for v in values)
    return f"{mae} / {psnr}"


def compare_file(args, path, out_dir):
    name = os.path.splitext(os.path.basename(path))[0]
    document = json.load(open(path))
    ip, op, fps = document["ip"], document["op"], document["fr"]
    apple = [os.path.join(args.corpus, APPLE_FOLDER, f"{name}-{round(p * 100)}.png") for p in args.progress]
    if all(os.path.exists(p) for p in apple):
        reference_name = "Apple"
        with Image.open(apple[0]) as image:
            width, height = image.size
        frames = [ip + p * (op - ip) for p in args.progress]
        renderers = ["openquartz", "rlottie", "thorvg"]
    else:
        reference_name = "ThorVG"
        width, height = document["w"], document["h"]
        frames = [float(math.floor(ip + p * (op - ip))) for p in args.progress]
        renderers = ["openquartz", "rlottie"]
    failures = {"openquartz": run_openquartz(args.quartz_render, path, width, height, frames, fps, ip, out_dir)}
    for peer in ("rlottie", "thorvg"):
        failures[peer] = run_peer(peer, path, width, height, frames, out_dir)
    if reference_name == "Apple":
        references = [load_rgb(p) for p in apple]
    elif failures["thorvg"]:
        return name, reference_name, frames, {r: "no reference" for r in renderers}
    else:
        references = [load_rgb(os.path.join(out_dir, f"thorvg-{f:g}.png")) for f in frames]
    cells = {}
    for renderer in renderers:
        if failures[renderer]:
            cells[renderer] = failures[renderer]
            continue
        cells[renderer] = [measures(load_rgb(os.path.join(out_dir, f"{renderer}-{f:g}.png")), reference)
                           for f, reference in zip(frames, references)]
    return name, reference_name, frames, cells


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--peer":
        renderer, path, width, height, out_dir = sys.argv[2:7]
        peer_frames(renderer, path, int(width), int(height), [float(f) for f in sys.argv[7:]], out_dir)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus")
    parser.add_argument("--quartz-render", default=os.path.join(HERE, "..", "..", ".build", "release", "quartz-render"))
    parser.add_argument("--out")
    parser.add_argument("--files", nargs="*")
    parser.add_argument("--progress", nargs="*", type=float, default=[0, 0.25, 0.5, 0.75])
    args = parser.parse_args()
    out_root = args.out or tempfile.mkdtemp(prefix="lottie-agreement-")
    names = args.files or sorted(os.path.splitext(f)[0] for f in os.listdir(args.corpus) if f.endswith(".json"))
    print("Mean absolute difference (0..255, RGB over white) / PSNR dB, one value per frame.\n")
    print("| file | reference | frames | OpenQuartz | rlottie | ThorVG |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name in names:
        out_dir = os.path.join(out_root, name)
        os.makedirs(out_dir, exist_ok=True)
        name, reference_name, frames, cells = compare_file(args, os.path.join(args.corpus, name + ".json"), out_dir)
        row = [name, reference_name, ", ".join(f"{f:g}" for f in frames), cell(cells["openquartz"]),
               cell(cells["rlottie"]), cell(cells["thorvg"]) if "thorvg" in cells else "(reference)"]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
