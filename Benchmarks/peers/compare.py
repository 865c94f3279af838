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


def fmt_ms(value):
    return "—" if value is None else f"{value:.2f}" if value < 10 else f"{value:.1f}"


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
    parser.add_argument("--out", default=os.path.join(HERE, "out"), help="display lists and reference PNGs")
    args = parser.parse_args()

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
    print(render_markdown(results, renderers, args.sizes, floor, machine_info(), args))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": machine_info(), "floor": floor, "quick": args.quick, "results": results}, f,
                      indent=1, default=str)


def render_markdown(results, renderers, sizes, floor, machine, args):
    lines = [f"# Peer comparison{' (QUICK: plumbing check only, not a measurement)' if args.quick else ''}", "",
             f"Machine: {machine['cpu']}, {machine['cores']} cores, Linux {machine['kernel']}, gcc {machine['gcc']}. "
             "Every renderer single-threaded" +
             (f" (OpenQuartz: --threads {args.openquartz_threads})" if "openquartz" in renderers else "") +
             "; medians of the SCENES.md protocol, all in one run.", ""]
    versions = {r["renderer"]: r.get("version") for r in results if r.get("version")}
    lines.append("Versions: " + ", ".join(f"{k} {v}" for k, v in versions.items()) + ".")
    changed = sorted({r["renderer"] for r in results if r.get("threads") != r.get("threads_before")})
    if changed:
        lines.append(f"WARNING: the process thread count changed while timing: {', '.join(changed)}.")
    # Process CPU time over wall time while timing: near 1 for one busy thread, below 1 when the machine took
    # the core away, clearly above 1 if a renderer worked on more than one thread.
    # (--quick times a few ms, where Skia's helper thread still finishing its start-up shows; not a render thread.)
    busy = sorted({r["renderer"] for r in results if (r.get("cpu_per_wall") or 0) > 1.15})
    if busy and not args.quick:
        lines.append(f"WARNING: more CPU time than wall time while timing (several threads busy): {', '.join(busy)}.")
    ratios = [r["cpu_per_wall"] for r in results if r.get("cpu_per_wall")]
    if ratios:
        lines.append(f"CPU time ÷ wall time while timing: {min(ratios):.2f}–{max(ratios):.2f} "
                     "(1 = one thread busy throughout; below 1 = the machine took the core away)." +
                     (" † marks medians timed with less than 0.9: not to be trusted; rerun on a quiet machine "
                      "or read --clock cpu." if args.clock == "wall" and min(ratios) < 0.9 else ""))
    others = [r for r in renderers if r != "openquartz"]
    has_oq = "openquartz" in renderers
    for size in sizes:
        rows = [r for r in results if r["size"] == size]
        keys = list(dict.fromkeys(r["scene_key"] for r in rows))
        fl = floor.get(size) if floor else None
        fill = fl["single_thread"]["fill_ms"] if fl else None
        header = ["scene"] + renderers + ([f"OQ ÷ {p}" for p in others] if has_oq else []) + ["fastest peer ÷ fill"]
        what = "process CPU ms per frame (median)" if args.clock == "cpu" else "ms per frame (median)"
        lines += ["", f"## {size}: {what}", "", "| " + " | ".join(header) + " |",
                  "|" + "|".join(["---"] + ["--:"] * (len(header) - 1)) + "|"]
        for key in keys:
            cell = {r["renderer"]: r for r in rows if r["scene_key"] == key}
            med = {k: v.get("median_cpu_ms" if args.clock == "cpu" else "median_ms") for k, v in cell.items()}
            peer_times = [med[p] for p in others if med.get(p)]
            fastest = min(peer_times) if peer_times else None
            out = [key]
            for renderer in renderers:
                r = cell.get(renderer, {})
                text = fmt_ms(med.get(renderer)) if r.get("status") == "ok" else r.get("status", "—")
                if args.clock == "wall" and r.get("cpu_per_wall") is not None and r["cpu_per_wall"] < 0.9:
                    text += " †"
                out.append(f"**{text}**" if med.get(renderer) is not None and med.get(renderer) == fastest else text)
            if has_oq:
                out += [f"{med['openquartz'] / med[p]:.2f}×" if med.get("openquartz") and med.get(p) else "—"
                        for p in others]
            out.append(f"{fastest / fill:.0f}×" if fastest and fill else "—")
            lines.append("| " + " | ".join(out) + " |")
        if fl:
            st, mt = fl["single_thread"], fl["all_threads"]
            tool = floor["_tool"]
            lines += ["", f"Floor at {size} ({fl['bytes'] / 1e6:.1f} MB frame; median of {tool['runs']} runs): "
                      f"fill {st['fill_ms']:.3f} ms ({st['fill_gbps']:.0f} GB/s), copy {st['copy_ms']:.3f} ms "
                      f"({st['copy_gbps']:.0f} GB/s) single-threaded; with {tool['parallel']} on {tool['threads']} "
                      f"threads fill {mt['fill_ms']:.3f} ms, copy {mt['copy_ms']:.3f} ms "
                      f"(fastest runs {mt['fill_min_ms']:.3f} / {mt['copy_min_ms']:.3f} ms)."]
        compared = [r for r in renderers if r != "skia"]
        lines += ["", f"## {size}: agreement with Skia (premultiplied RGBA, 0..255)", "",
                  "Each cell: mean abs / % px > 2 / % px > 8 / % px > 32 / max abs / PSNR.", "",
                  "| scene | " + " | ".join(f"{r} vs skia" for r in compared) + " |",
                  "|" + "|".join(["---"] * (len(compared) + 1)) + "|"]
        for key in keys:
            cell = {r["renderer"]: r for r in rows if r["scene_key"] == key}
            out = [key] + [image_agreement.format_cell(cell[r]["agreement"]) if "agreement" in cell.get(r, {})
                           else cell.get(r, {}).get("status", "—") if cell.get(r, {}).get("status") != "ok" else "—"
                           for r in compared]
            lines.append("| " + " | ".join(out) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
