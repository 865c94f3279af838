#!/usr/bin/env python3
"""End to end: every frame of peer scene g drawn and written as a PNG file by each library's own encoder
(README.md, "End to end: frames written as PNG files").

    bash Benchmarks/peers/setup.sh                                # once
    Benchmarks/peers/.venv/bin/python Benchmarks/peers/end_to_end.py [--runs 2] [--json out.json]
        [--renderers skia blend2d cairo thorvg openquartz] [--openquartz PATH] [--openquartz-threads 1 2]
        [--openquartz-overlap-1t]
        [--size 1920x1080] [--warmup 10] [--frame-limit N] [--tmp /tmp/oq-end-to-end] [--keep]

Each renderer runs alone, one after another, in a fresh folder under --tmp (the same file system for all):
W warm-up frames (drawn, encoded and written to a scratch file), then one timed pass over all 300 frames,
each drawn, encoded and written as frame_%03d.png. Run r > 1 takes the renderers in the reverse order of run
r - 1. After each renderer's run every file is decoded with Pillow (count, size); frames 0 and the last are
kept and compared with Skia's of the same run (image_agreement.py); the rest are deleted and the page cache
flushed (sync) before the next renderer starts, so no renderer pays for another's write-back."""
import argparse
import glob
import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import time
import zlib

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare  # noqa: E402
import image_agreement  # noqa: E402
import scene_dl  # noqa: E402

PYTHON = compare.PYTHON
PLAYERS = compare.PLAYERS
RENDERERS = ["skia", "blend2d", "cairo", "thorvg", "openquartz"]
ENCODERS = {
    "skia": "SkPngEncoder, default options (zlib level 6, all filters tried per row), via Image.encodeToData()",
    "blend2d": "Blend2D PNG codec (blImageWriteToData), defaults: its deflate at level 6, filter None",
    "cairo": "cairo_surface_write_to_png (libpng: zlib default level 6, libpng's adaptive filters)",
    "thorvg": "none of its own: Pillow Image.save(PNG), defaults (zlib level 6, adaptive filters)",
    "openquartz": "QuartzPNG PNGWriter, compression .fast (its run-length deflate, SUB/UP per row)",
}
# Scene g has no quality bar of its own in PeerSceneTests: it is rounded rectangles (scene b) and affine
# images (scene e), so the looser of those two 1080p bars applies to each frame.
BAR = {"mean_abs": 0.6, "pct_gt8": 0.35}
RUN_TIMEOUT_S = 1800


def commands(renderer, scene_json, dl_path, folder, args, threads, overlap):
    common = ["--png-dir", folder, "--warmup", str(args.warmup)]
    if args.frame_limit:
        common += ["--frame-limit", str(args.frame_limit)]
    if renderer == "skia":
        return [PYTHON, os.path.join(HERE, "skia_player.py"), scene_json] + common
    if renderer == "cairo":
        return [PYTHON, os.path.join(HERE, "cairo_player.py"), scene_json] + common
    if renderer == "thorvg":
        return [PYTHON, os.path.join(HERE, "thorvg_png_player.py"), dl_path] + common
    if renderer == "blend2d":
        return [os.path.join(PLAYERS, "blend2d_player"), dl_path] + common
    return [args.openquartz_path, scene_json, "--threads", str(threads)] + common + \
        (["--overlap-encode"] if overlap else [])


def png_layout(path):
    """Colour type and how often each row filter occurs (None, Sub, Up, Average, Paeth)."""
    with open(path, "rb") as f:
        data = f.read()
    offset, idat, ihdr = 8, [], None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        offset += 12 + length
    width, height, depth, colour = ihdr[:4]
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels * depth // 8 + 1
    filters = [0] * 5
    for y in range(height):
        filters[raw[y * stride]] += 1
    return {"colour_type": colour, "channels": channels, "filters": filters}


def verify(folder, frames, width, height):
    """Every frame_%03d.png is there, nothing else, and each decodes to width x height; returns the sizes."""
    names = sorted(os.listdir(folder))
    expected = [f"frame_{k:03d}.png" for k in range(frames)]
    if names != expected:
        raise RuntimeError(f"{folder}: {len(names)} files, expected frame_000.png … frame_{frames - 1:03d}.png")
    sizes = []
    for name in names:
        path = os.path.join(folder, name)
        with Image.open(path) as image:
            image.load()
            if image.size != (width, height):
                raise RuntimeError(f"{path}: {image.size[0]}x{image.size[1]}, expected {width}x{height}")
        sizes.append(os.path.getsize(path))
    return sizes


def run_one(label, renderer, threads, overlap, scene, scene_json, dl_path, run_dir, args):
    folder = os.path.join(run_dir, label)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    command = commands(renderer, scene_json, dl_path, folder, args, threads, overlap)
    print(f"  {label}: {' '.join(command)}", file=sys.stderr, flush=True)
    done = subprocess.run(command, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    if done.returncode != 0:
        raise RuntimeError(f"{label} failed (exit {done.returncode}):\n{done.stderr.strip()}")
    report = json.loads(done.stdout.strip().splitlines()[-1])
    frames = len(report["frame_ns"])
    sizes = verify(folder, frames, scene["width"], scene["height"])
    keep = os.path.join(run_dir, "kept")
    os.makedirs(keep, exist_ok=True)
    kept = {}
    for k in sorted({0, frames - 1}):
        kept[k] = os.path.join(keep, f"{label}_{k:03d}.png")
        shutil.copyfile(os.path.join(folder, f"frame_{k:03d}.png"), kept[k])
    layout = png_layout(kept[0])
    if not args.keep:
        shutil.rmtree(folder)
    os.sync()
    time.sleep(1)
    output = report.get("output_ns") or [e + w for e, w in zip(report["encode_ns"], report["write_ns"])]
    wall = report["timed_wall_ns"]
    row = {"label": label, "renderer": renderer, "threads": threads, "version": report.get("version"),
           "overlapped": report.get("overlapped", False), "frames": frames, "total_s": wall * 1e-9,
           "fps": frames / (wall * 1e-9), "median_ms": statistics.median(report["frame_ns"]) * 1e-6,
           "median_draw_ms": statistics.median(report["draw_ns"]) * 1e-6,
           "median_output_ms": statistics.median(output) * 1e-6,
           "median_encode_ms": statistics.median(report["encode_ns"]) * 1e-6 if "encode_ns" in report else None,
           "mean_png_bytes": statistics.fmean(sizes), "cpu_per_wall": report["timed_cpu_ns"] / wall,
           "threads_before": report.get("threads_before"), "threads_after": report.get("threads_after"),
           "png_layout": layout, "kept": kept, "encoder": ENCODERS[renderer]}
    print(f"    {row['total_s']:.2f} s, {row['fps']:.1f} frames/s, median {row['median_ms']:.1f} ms, "
          f"CPU/wall {row['cpu_per_wall']:.2f}", file=sys.stderr, flush=True)
    return row


def add_agreement(rows):
    reference = next((r for r in rows if r["renderer"] == "skia"), None)
    for row in rows:
        if reference is None or row is reference:
            continue
        row["agreement"] = {}
        for k, path in row["kept"].items():
            if k in reference["kept"]:
                m = image_agreement.agreement(path, reference["kept"][k])
                m["within_bar"] = m["mean_abs"] <= BAR["mean_abs"] and m["pct_gt8"] <= BAR["pct_gt8"]
                row["agreement"][k] = m


def markdown(runs, machine, args):
    out = [f"Machine: {machine['cpu']}, {machine['cores']} cores, Linux {machine['kernel']}, "
           f"Python {machine['python']}, gcc {machine['gcc']}.", ""]
    for index, rows in enumerate(runs, 1):
        order = " → ".join(r["label"] for r in rows)
        out += [f"**Run {index}** (order: {order})", "",
                "| renderer | threads | total s | frames/s | median ms/frame | median draw ms | "
                "median encode+write ms | mean PNG bytes | CPU ÷ wall | frames 0 / last vs Skia (mean abs / % > 8) |",
                "|---|--:|--:|--:|--:|--:|--:|--:|--:|---|"]
        for r in sorted(rows, key=lambda r: (RENDERERS.index(r["renderer"]), r["threads"], r["overlapped"])):
            agreement = " · ".join(f"{m['mean_abs']:.2f} / {m['pct_gt8']:.2f}{'' if m['within_bar'] else ' ✗'}"
                                   for _, m in sorted(r.get("agreement", {}).items())) or "reference"
            out.append(f"| {r['renderer']} | {r['threads']}{' + encode thread' if r['overlapped'] else ''} | "
                       f"{r['total_s']:.2f} | {r['fps']:.1f} | {r['median_ms']:.1f} | {r['median_draw_ms']:.1f} | "
                       f"{r['median_output_ms']:.1f} | {r['mean_png_bytes']:,.0f} | {r['cpu_per_wall']:.2f} | "
                       f"{agreement} |")
        peers = [r for r in rows if r["renderer"] != "openquartz"]
        out.append("")
        if peers:
            fastest = min(peers, key=lambda r: r["total_s"])
            for r in rows:
                if r["renderer"] == "openquartz":
                    what = f"{r['threads']} drawing thread{'s' if r['threads'] > 1 else ''}" + \
                        (" + encode thread" if r["overlapped"] else "")
                    out.append(f"- OpenQuartz ({what}) ÷ fastest peer ({fastest['renderer']}), total time: "
                               f"{r['total_s'] / fastest['total_s']:.2f}")
        out.append("")
    out += ["Encoders (colour type and row filters of frame 0 as written: None/Sub/Up/Average/Paeth rows):", ""]
    for r in runs[0]:
        layout = r["png_layout"]
        out.append(f"- {r['label']}: {r['encoder']}; colour type {layout['colour_type']}, filters "
                   f"{'/'.join(map(str, layout['filters']))}")
    out += ["", f"Agreement bar per frame (✗ when missed): mean abs ≤ {BAR['mean_abs']}, % px > 8 ≤ {BAR['pct_gt8']}."]
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--renderers", nargs="+", default=RENDERERS)
    parser.add_argument("--openquartz", help="OpenQuartz player (default as compare.py)")
    parser.add_argument("--openquartz-threads", nargs="+", type=int, default=[1, 2])
    parser.add_argument("--openquartz-overlap-1t", action="store_true",
                        help="also OpenQuartz drawing on 1 thread with encode/write overlapped on a second")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--runs", type=int, default=1, help="whole measurements, each in the reverse order of the last")
    parser.add_argument("--warmup", type=int, default=10, help="untimed frames before the pass (drawn and written)")
    parser.add_argument("--frame-limit", type=int, help="only the first N frames (plumbing checks)")
    parser.add_argument("--tmp", default="/tmp/oq-end-to-end", help="where the frame folders go")
    parser.add_argument("--keep", action="store_true", help="keep every frame (otherwise only the first and last)")
    parser.add_argument("--json", help="also write every number to this file")
    args = parser.parse_args()
    if not os.path.exists(PYTHON):
        sys.exit("end_to_end.py: run Benchmarks/peers/setup.sh first")
    unknown = [r for r in args.renderers if r not in RENDERERS]
    if unknown:
        sys.exit(f"end_to_end.py: unknown renderers {unknown}")
    entries = []
    for renderer in args.renderers:
        if renderer == "openquartz":
            args.openquartz_path = compare.find_openquartz(args.openquartz)
            if not args.openquartz_path:
                print("end_to_end.py: no OpenQuartz player found, leaving it out", file=sys.stderr)
                continue
            entries += [(f"openquartz-{n}t", renderer, n, False) for n in args.openquartz_threads]
            if args.openquartz_overlap_1t:
                entries.append(("openquartz-1t-overlap", renderer, 1, True))
        elif renderer == "cairo" and subprocess.run([PYTHON, "-c", "import cairo"], capture_output=True).returncode:
            print("end_to_end.py: pycairo is not installed (setup.sh), leaving cairo out", file=sys.stderr)
        else:
            entries.append((renderer, renderer, 1, False))

    matches = glob.glob(os.path.join(compare.SCENES_DIR, f"g*_{args.size}.json"))
    if len(matches) != 1:
        sys.exit(f"end_to_end.py: scene g at {args.size}: expected one file, found {len(matches)}")
    scene_json = matches[0]
    scene, data = scene_dl.convert(scene_json)
    os.makedirs(args.tmp, exist_ok=True)
    dl_path = os.path.join(args.tmp, scene["name"] + ".dl")
    with open(dl_path, "wb") as f:
        f.write(data)

    runs = []
    for index in range(args.runs):
        order = entries if index % 2 == 0 else entries[::-1]
        run_dir = os.path.join(args.tmp, f"run{index + 1}")
        shutil.rmtree(run_dir, ignore_errors=True)
        os.makedirs(run_dir)
        print(f"run {index + 1}", file=sys.stderr, flush=True)
        rows = [run_one(label, renderer, threads, overlap, scene, scene_json, dl_path, run_dir, args)
                for label, renderer, threads, overlap in order]
        add_agreement(rows)
        runs.append(rows)
    machine = compare.machine_info()
    print(markdown(runs, machine, args))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": machine, "scene": scene["name"], "warmup": args.warmup, "runs": runs}, f, indent=1,
                      default=str)


if __name__ == "__main__":
    main()
