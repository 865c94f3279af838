#!/usr/bin/env python3
"""Runs every renderer on the peer scenes in one run and prints one markdown table (README.md explains it).

    bash Benchmarks/peers/setup.sh                                # once
    Benchmarks/peers/.venv/bin/python Benchmarks/peers/compare.py [--json out.json] [--quick]
        [--scenes a b ...] [--sizes 1920x1080 512x512] [--renderers skia blend2d thorvg openquartz]
        [--openquartz PATH] [--openquartz-threads N]

Renderers run one after another (never side by side), single-threaded, each with the SCENES.md protocol.
Reference frames go to Benchmarks/peers/out/png/<renderer>/<scene>.png and are compared with Skia's.
The OpenQuartz column appears when its player exists (README.md, "The OpenQuartz player contract")."""
import argparse
import glob
import json
import os
import platform
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import image_agreement  # noqa: E402
from report_markdown import render_markdown  # noqa: E402
import scene_dl  # noqa: E402

SCENES_DIR = os.path.join(REPO, "fixtures", "peer-scenes")
PLAYERS = os.path.join(HERE, ".venv", "players")
PYTHON = os.path.join(HERE, ".venv", "bin", "python")
PEERS = ["skia", "blend2d", "thorvg"]
OPENQUARTZ_NAME = "quartz-peer-player"
OPENQUARTZ_CANDIDATES = [os.path.join(REPO, ".build", "release", OPENQUARTZ_NAME),
                         os.path.join(REPO, "Benchmarks", ".build", "release", OPENQUARTZ_NAME)]
RUN_TIMEOUT_S = 1200


def protocol_args(animated, quick):
    """SCENES.md: static 3 warm-up, >= 15 frames and >= 2 s, <= 200; animated 10 warm-up, 2 passes."""
    if quick:
        return ["--warmup", "1", "--passes", "1"] if animated else \
            ["--warmup", "1", "--min-frames", "3", "--max-frames", "3", "--min-seconds", "0"]
    return ["--warmup", "10", "--passes", "2"] if animated else \
        ["--warmup", "3", "--min-frames", "15", "--max-frames", "200", "--min-seconds", "2"]


def find_openquartz(explicit):
    for path in [explicit, os.environ.get("OPENQUARTZ_PEER_PLAYER")] + OPENQUARTZ_CANDIDATES:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    if explicit:
        sys.exit(f"compare.py: --openquartz {explicit} is not an executable file")
    return None


def command_for(renderer, scene_json, dl_path, openquartz, openquartz_threads):
    if renderer == "skia":
        return [PYTHON, os.path.join(HERE, "skia_player.py"), scene_json]
    if renderer in ("blend2d", "thorvg"):
        return [os.path.join(PLAYERS, f"{renderer}_player"), dl_path]
    return [openquartz, scene_json, "--threads", str(openquartz_threads)]


def run_player(command, png_path):
    """Returns (report dict, None) or (None, 'n/a' | 'error')."""
    try:
        done = subprocess.run(command + ["--png", png_path], capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        print(f"  timed out after {RUN_TIMEOUT_S} s: {' '.join(command)}", file=sys.stderr)
        return None, "error"
    if done.returncode == 3:
        return None, "n/a"
    try:
        report = json.loads(done.stdout.strip().splitlines()[-1]) if done.returncode == 0 else None
    except (ValueError, IndexError):
        report = None
    if not report or not report.get("frame_ns"):
        print(f"  failed (exit {done.returncode}): {' '.join(command)}\n{done.stderr.strip()}", file=sys.stderr)
        return None, "error"
    return report, None


def run_floor(sizes):
    floor = os.path.join(PLAYERS, "quartz_floor")
    if not os.access(floor, os.X_OK):
        print("compare.py: no floor tool (run setup.sh)", file=sys.stderr)
        return None
    done = subprocess.run([floor, "--runs", "201"] + sizes, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        print(f"compare.py: quartz_floor failed: {done.stderr.strip()}", file=sys.stderr)
        return None
    report = json.loads(done.stdout)
    return {f"{s['width']}x{s['height']}": s for s in report["sizes"]} | {"_tool": report}


def machine_info():
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), model)
    except OSError:
        pass
    gcc = subprocess.run(["gcc", "-dumpfullversion"], capture_output=True, text=True).stdout.strip()
    return {"cpu": model, "cores": os.cpu_count(), "kernel": platform.release(), "gcc": gcc,
            "python": platform.python_version()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenes", nargs="+", default=list("abcdefg"), help="scene letters or names")
    parser.add_argument("--sizes", nargs="+", default=["1920x1080", "512x512"])
    parser.add_argument("--renderers", nargs="+", default=PEERS + ["openquartz"])
    parser.add_argument("--openquartz", help=f"OpenQuartz player (default: $OPENQUARTZ_PEER_PLAYER or "
                                             f".build/release/{OPENQUARTZ_NAME})")
    parser.add_argument("--openquartz-threads", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few frames per scene: checks the plumbing only")
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                        help="tabulate wall-clock medians (SCENES.md) or per-frame process CPU-time medians, "
                             "which a busy shared machine inflates less")
    parser.add_argument("--json", help="also write every number to this file")
    parser.add_argument("--from-json", help="print the report of an earlier --json file instead of running "
                                            "(with this run's --clock)")
    parser.add_argument("--out", default=os.path.join(HERE, "out"), help="display lists and reference PNGs")
    args = parser.parse_args()

    if args.from_json:
        with open(args.from_json) as f:
            saved = json.load(f)
        rows = saved["results"]
        renderers = saved.get("renderers") or list(dict.fromkeys(r["renderer"] for r in rows))
        sizes = saved.get("sizes") or list(dict.fromkeys(r["size"] for r in rows))
        print(render_markdown(rows, renderers, sizes, saved.get("floor"), saved["machine"], saved.get("quick"),
                              args.clock, saved.get("openquartz_threads", 1)))
        return
    if not os.path.exists(PYTHON):
        sys.exit("compare.py: run Benchmarks/peers/setup.sh first")
    openquartz = find_openquartz(args.openquartz) if "openquartz" in args.renderers else None
    renderers = [r for r in args.renderers if r in PEERS or (r == "openquartz" and openquartz)]
    unknown = [r for r in args.renderers if r not in PEERS + ["openquartz"]]
    if unknown:
        sys.exit(f"compare.py: unknown renderers {unknown}")

    jobs = []
    for size in args.sizes:
        for key in args.scenes:
            matches = sorted(glob.glob(os.path.join(SCENES_DIR, f"{key}*_{size}.json")))
            if len(matches) != 1:
                sys.exit(f"compare.py: scene {key!r} at {size}: expected one file, found {len(matches)}")
            jobs.append((size, matches[0]))

    os.makedirs(os.path.join(args.out, "dl"), exist_ok=True)
    results = []  # one dict per (scene, size, renderer)
    for size, scene_json in jobs:
        scene, data = scene_dl.convert(scene_json)
        name = scene["name"]
        dl_path = os.path.join(args.out, "dl", name + ".dl")
        with open(dl_path, "wb") as f:
            f.write(data)
        animated = bool(scene.get("frames"))
        for renderer in renderers:
            png = os.path.join(args.out, "png", renderer, name + ".png")
            os.makedirs(os.path.dirname(png), exist_ok=True)
            command = command_for(renderer, scene_json, dl_path, openquartz, args.openquartz_threads)
            print(f"{name}: {renderer}", file=sys.stderr, flush=True)
            report, status = run_player(command + protocol_args(animated, args.quick), png)
            row = {"scene": name, "scene_key": name.rsplit("_", 1)[0], "size": size, "renderer": renderer,
                   "status": status or "ok"}
            if report:
                times = report["frame_ns"]
                cpu = report.get("frame_cpu_ns")
                row.update(median_ms=statistics.median(times) * 1e-6, frames=len(times),
                           median_cpu_ms=statistics.median(cpu) * 1e-6 if cpu else None,
                           version=report.get("version"), threads=report.get("threads"),
                           threads_before=report.get("threads_before"), png=png,
                           cpu_per_wall=(report["timed_cpu_ns"] / report["timed_wall_ns"]
                                         if report.get("timed_wall_ns") and "timed_cpu_ns" in report else None))
            results.append(row)
        reference = next((r for r in results if r["scene"] == name and r["renderer"] == "skia" and "png" in r), None)
        for row in results:
            if row["scene"] == name and row["renderer"] != "skia" and "png" in row and reference:
                row["agreement"] = image_agreement.agreement(row["png"], reference["png"])

    floor = run_floor(args.sizes)
    print(render_markdown(results, renderers, args.sizes, floor, machine_info(), args.quick, args.clock,
                          args.openquartz_threads))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": machine_info(), "floor": floor, "quick": args.quick, "renderers": renderers,
                       "sizes": args.sizes, "openquartz_threads": args.openquartz_threads, "results": results}, f,
                      indent=1, default=str)


if __name__ == "__main__":
    main()
