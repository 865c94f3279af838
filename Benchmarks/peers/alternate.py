#!/usr/bin/env python3
"""Alternating A/B timing: two renderers take turns on the same scenes, round after round, and the report gives
each round's pair ratio (B ÷ A) and their median, which a shared machine's drift moves far less than it moves
the cells of one compare.py run (README.md, "Alternating runs").

    Benchmarks/peers/.venv/bin/python Benchmarks/peers/alternate.py A B [--rounds 5] [--scenes b d]
        [--sizes 512x512 1920x1080] [--clock cpu|wall] [--threads N] [--frames N] [--out DIR]

A and B are each `skia`, `blend2d`, `thorvg`, or the path of an OpenQuartz player (quartz-peer-player), so
`alternate.py blend2d .build/release/quartz-peer-player` checks a target against the fastest peer and
`alternate.py /tmp/base-player .build/release/quartz-peer-player` an optimisation against its base. Every run
follows the SCENES.md protocol (compare.py's); the order within a round flips every round, so neither side
always runs on the warmer machine. With --frames N every turn of a static scene renders N frames after 3 warm-up
frames instead of the protocol's 2 s, so a pair's two turns run within a second of each other (a shared machine's slow phases
last minutes) and many more rounds fit in the same time: 24 rounds of 40 frames gave one binary against itself
1.000-1.008 on a, c and d at both sizes, where 3 protocol rounds gave 0.80-1.13 (Benchmarks/peers/README.md)."""
import argparse
import glob
import math
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare  # noqa: E402
import scene_dl  # noqa: E402


def contender(spec):
    """(label, renderer, player path or None) for a command-line contender."""
    if spec in compare.PEERS:
        return spec, spec, None
    if os.path.isfile(spec) and os.access(spec, os.X_OK):
        return spec, "openquartz", spec
    sys.exit(f"alternate.py: {spec!r} is neither a peer ({', '.join(compare.PEERS)}) nor an executable player")


def median_interval(values, confidence=0.95):
    """Distribution-free interval for the median of `values`: order statistics x(k) and x(n+1-k) with the largest k
    whose coverage 1 - 2·P(Binomial(n, 1/2) < k) is at least `confidence`; None when no k reaches it (n < 6 at
    95 %). Pairs are independent draws of the same ratio, so this needs no assumption about the machine's noise."""
    ordered, n = sorted(values), len(values)
    below, k = 0.0, 0  # below = P(Binomial(n, 1/2) < k + 1), accumulated term by term
    while k < n // 2:
        below += math.comb(n, k) / 2 ** n
        if 1 - 2 * below < confidence:
            break
        k += 1
    return None if k == 0 else (ordered[k - 1], ordered[n - k])


def median_ms(report, clock):
    times = report["frame_cpu_ns"] if clock == "cpu" and report.get("frame_cpu_ns") else report["frame_ns"]
    return statistics.median(times) * 1e-6


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", help="peer name or OpenQuartz player path (the ratio's denominator)")
    parser.add_argument("b", help="peer name or OpenQuartz player path (the ratio's numerator)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scenes", nargs="+", default=list("abcdefg"), help="scene letters or names")
    parser.add_argument("--sizes", nargs="+", default=["1920x1080", "512x512"])
    parser.add_argument("--clock", choices=["wall", "cpu"], default="cpu")
    parser.add_argument("--threads", type=int, default=1, help="OpenQuartz players' --threads")
    parser.add_argument("--frames", type=int, help="short turns: N frames after 3 warm-up (static scenes)")
    parser.add_argument("--out", default=os.path.join(HERE, "out"), help="display lists and PNGs")
    args = parser.parse_args()
    if args.rounds < 1:
        sys.exit("alternate.py: --rounds must be at least 1")
    if args.frames is not None and args.frames < 1:
        sys.exit("alternate.py: --frames must be at least 1")
    sides = [contender(args.a), contender(args.b)]
    if any(renderer in compare.PEERS for _, renderer, _ in sides) and not os.path.exists(compare.PYTHON):
        sys.exit("alternate.py: run Benchmarks/peers/setup.sh first")

    os.makedirs(os.path.join(args.out, "dl"), exist_ok=True)
    print("| scene | A ms | B ms | B ÷ A | 95 % interval | pair ratios |")
    print("|---|--:|--:|--:|--:|---|")
    for size in args.sizes:
        for key in args.scenes:
            matches = sorted(glob.glob(os.path.join(compare.SCENES_DIR, f"{key}*_{size}.json")))
            if len(matches) != 1:
                sys.exit(f"alternate.py: scene {key!r} at {size}: expected one file, found {len(matches)}")
            scene, data = scene_dl.convert(matches[0])
            dl_path = os.path.join(args.out, "dl", scene["name"] + ".dl")
            with open(dl_path, "wb") as f:
                f.write(data)
            animated = bool(scene.get("frames"))
            protocol = compare.protocol_args(animated, False)
            if args.frames and not animated:
                protocol = ["--warmup", "3", "--min-frames", str(args.frames), "--max-frames", str(args.frames),
                            "--min-seconds", "0"]
            times = [[], []]
            for round_index in range(args.rounds):
                order = [0, 1] if round_index % 2 == 0 else [1, 0]
                for side in order:
                    _, renderer, player = sides[side]
                    command = compare.command_for(renderer, matches[0], dl_path, player, args.threads)
                    png = os.path.join(args.out, "png", "alternate", f"{scene['name']}_{side}.png")
                    os.makedirs(os.path.dirname(png), exist_ok=True)
                    report, status = compare.run_player(command + protocol, png)
                    if report is None:
                        sys.exit(f"alternate.py: {sides[side][0]} on {scene['name']}: {status}")
                    times[side].append(median_ms(report, args.clock))
                print(f"{scene['name']} round {round_index + 1}: A {times[0][-1]:.3f} ms, B {times[1][-1]:.3f} ms",
                      file=sys.stderr, flush=True)
            ratios = [b / a for a, b in zip(*times)]
            interval = median_interval(ratios)
            spread = f"{interval[0]:.3f}–{interval[1]:.3f}" if interval else "(6+ rounds)"
            print(f"| {scene['name']} | {statistics.median(times[0]):.3f} | {statistics.median(times[1]):.3f} | "
                  f"{statistics.median(ratios):.3f}× | {spread} | {' '.join(f'{r:.2f}' for r in ratios)} |", flush=True)


if __name__ == "__main__":
    main()
