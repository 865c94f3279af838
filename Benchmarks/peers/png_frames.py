"""The end-to-end loop of the Python players (skia_player.py, cairo_player.py, thorvg_png_player.py): the same
protocol and JSON report as `--png-dir` in native/player_driver.c (README.md, "End to end: frames written as
PNG files").

W warm-up frames are drawn, encoded and written to DIR/warmup.png (removed afterwards); then one timed pass
draws, encodes and writes every frame to DIR/frame_%03d.png, on this thread, with the garbage collector off.
A frame's time is the span from the previous frame's file being complete to its own."""
import gc
import json
import os
import sys
import time


def process_threads():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("Threads:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return -1


def write_file(path, data):
    """Plain buffered write, no fsync (as every renderer's writer here)."""
    with open(path, "wb") as f:
        f.write(data)


def run(renderer, version, scene_name, width, height, frame_count, folder, warmup, draw, output, extra=None):
    """draw(frame) draws frame `frame` completely. output(path) encodes the frame just drawn and writes it to
    path; it returns the nanoseconds spent encoding when the encoder hands back bytes that it then writes
    itself (so encode and write can be told apart), or None when the library writes the file in one call.
    Prints the JSON report on stdout."""
    if not os.path.isdir(folder):
        sys.exit(f"{renderer}: --png-dir {folder} is not a folder")
    clock = time.perf_counter_ns
    scratch = os.path.join(folder, "warmup.png")
    for i in range(warmup):
        draw(i % frame_count)
        output(scratch)
    if warmup:
        os.remove(scratch)
    paths = [os.path.join(folder, f"frame_{k:03d}.png") for k in range(frame_count)]
    draw_ns, output_ns, encode_ns, finished = [], [], [], []
    threads_before = process_threads()
    gc.collect()
    gc.disable()
    cpu_start, start = time.process_time_ns(), clock()
    for k in range(frame_count):
        t0 = clock()
        draw(k)
        t1 = clock()
        encode = output(paths[k])
        t2 = clock()
        draw_ns.append(t1 - t0)
        output_ns.append(t2 - t1)
        encode_ns.append(encode)
        finished.append(t2)
    wall, cpu = clock() - start, time.process_time_ns() - cpu_start
    gc.enable()
    frame_ns = [b - a for a, b in zip([start] + finished[:-1], finished)]
    report = {"renderer": renderer, "version": version, "scene": scene_name, "mode": "png-files",
              "overlapped": False, "width": width, "height": height, "threads": 1,
              "threads_before": threads_before, "threads_after": process_threads(), "timed_wall_ns": wall,
              "timed_cpu_ns": cpu, "protocol": {"warmup": warmup, "passes": 1, "frames": frame_count},
              "frame_ns": frame_ns, "draw_ns": draw_ns, "output_ns": output_ns}
    if all(e is not None for e in encode_ns):
        report["encode_ns"] = encode_ns
        report["write_ns"] = [o - e for o, e in zip(output_ns, encode_ns)]
    report.update(extra or {})
    json.dump(report, sys.stdout)
    print()
