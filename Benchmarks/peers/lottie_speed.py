#!/usr/bin/env python3
"""Whole-corpus Lottie rendering time, single-threaded, at each file's own size: OpenQuartz against rlottie and
ThorVG in the same run (issue text: "Include building the tree and evaluating every frame").

    python3 -m pip install rlottie-python thorvg-python==1.1.3
    python3 Benchmarks/peers/lottie_speed.py ../lottie-corpus --quartz-render .build/release/quartz-render [--runs 2]

Every frame from ip to op − 1 of each file, each renderer in its own process pinned to one core (taskset -c 0).
OpenQuartz: `quartz-render bench FILE --threads 1 --warmup 0 --json`, whose measured pass starts with the first
frame, so it includes building the layer tree (the file's parsing is before it). rlottie (rlottie-python,
`lottie_animation_render` into its buffer) and ThorVG (thorvg-python, SwCanvas, `set_frame → update → draw →
sync`) draw one untimed frame first, as the peer notes measured them, and are timed over every frame.
Per renderer and file the lower total of the runs (run r > 1 takes the renderers in reverse order); the
table gives ms per frame and the whole corpus in seconds."""
import argparse
import glob
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lottie_agreement  # noqa: E402

PEERS = ["rlottie", "thorvg"]


def peer_total(renderer, path):
    """Child process: seconds to draw every frame (after one untimed frame), and the frame count."""
    document = json.load(open(path))
    width, height, ip, op = int(document["w"]), int(document["h"]), document["ip"], document["op"]
    frames = max(1, int(round(op - ip)))
    if renderer == "rlottie":
        import rlottie_python
        animation = rlottie_python.LottieAnimation.from_file(path)
        animation.lottie_animation_render(frame_num=0, width=width, height=height)
        start = time.perf_counter()
        for f in range(frames):
            animation.lottie_animation_render(frame_num=f, width=width, height=height)
        return time.perf_counter() - start, frames
    _, draw = lottie_agreement.thorvg_player(path, width, height)
    draw(0)
    start = time.perf_counter()
    for f in range(frames):
        draw(f)
    return time.perf_counter() - start, frames


def run(renderer, path, quartz_render):
    if renderer == "openquartz":
        command = ["taskset", "-c", "0", quartz_render, "bench", path, "--threads", "1", "--warmup", "0", "--json",
                   "--quiet"]
        result = subprocess.run(command, capture_output=True, text=True, timeout=900)
        if result.returncode != 0:
            return None
        report = json.loads(result.stdout)
        return report["wallSeconds"], report["framesMeasured"]
    command = ["taskset", "-c", "0", sys.executable, os.path.abspath(__file__), "--peer", renderer, path]
    result = subprocess.run(command, capture_output=True, text=True, timeout=900)
    if result.returncode != 0:
        return None
    seconds, frames = result.stdout.split()
    return float(seconds), int(frames)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--peer":
        seconds, frames = peer_total(sys.argv[2], sys.argv[3])
        print(seconds, frames)
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("--quartz-render", required=True)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    files = sorted(glob.glob(os.path.join(args.corpus, "*.json")))
    renderers = ["openquartz"] + PEERS
    best = {}
    for r in range(args.runs):
        order = renderers if r % 2 == 0 else list(reversed(renderers))
        for path in files:
            for renderer in order:
                value = run(renderer, path, args.quartz_render)
                key = (os.path.basename(path)[:-5], renderer)
                if value is not None and (key not in best or value[0] < best[key][0]):
                    best[key] = value
                elif value is None:
                    best.setdefault(key, None)
    print("| file | frames | OpenQuartz ms/frame | rlottie ms/frame | ThorVG ms/frame | fastest |")
    print("| --- | --: | --: | --: | --: | --- |")
    totals = {name: 0.0 for name in renderers}
    wins = 0
    common = 0
    for path in files:
        name = os.path.basename(path)[:-5]
        cells = [best.get((name, r)) for r in renderers]
        frames = next((c[1] for c in cells if c), 0)
        ms = ["fails" if c is None else f"{1000 * c[0] / c[1]:.3f}" for c in cells]
        ranked = [(c[0], r) for c, r in zip(cells, renderers) if c is not None]
        fastest = min(ranked)[1] if ranked else "-"
        if cells[0] is not None and fastest == "openquartz":
            wins += 1
        if all(c is not None for c in cells):
            common += 1
            for c, r in zip(cells, renderers):
                totals[r] += c[0]
        print(f"| {name} | {frames} | " + " | ".join(ms) + f" | {fastest} |")
    print()
    print(f"Whole corpus, the {common} files all three render: " +
          ", ".join(f"{r} {totals[r]:.2f} s" for r in renderers) + f". OpenQuartz fastest on {wins} of {len(files)} files.")


if __name__ == "__main__":
    main()
