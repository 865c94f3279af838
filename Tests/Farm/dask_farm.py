"""The Dask example of docs/cli.md ("### Dask"), saved to a file and run as printed:

1. alone: its Client() starts a LocalCluster of its own;
2. against a LocalCluster of four worker processes started here (DASK_SCHEDULER_ADDRESS), while one worker
   process dies in the middle of a shard (it and its quartz-render are killed with SIGKILL: the scheduler
   moves the task) and one quartz-render is killed in the middle of another shard (the task raises and is
   retried); both reruns skip the frames written before;
3. without its `if __name__ == "__main__":`, to show the failure the docs warn about.

Each run's frames must equal a serial render byte for byte, with no partial file left.
A quartz-render killed with its worker is reparented and reaped by PID 1 later (1.7 s when this was written);
a moved task that starts before that sees a live writer and keeps its partial file, which the next run into
the folder removes: then that run is made and checked too.
Usage: python dask_farm.py QUARTZ_RENDER DOCS SCENE WORK_FOLDER
"""

import filecmp
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

import psutil
from dask.distributed import LocalCluster

from farm_common import doc_block, fail, ok

FRAMES = 300
SHARDS = 16


def shard_range(i):
    return range(FRAMES * i // SHARDS, FRAMES * (i + 1) // SHARDS)


def frame_path(folder, frame):
    return os.path.join(folder, "frames", f"{frame:05d}.png")


def written(folder, shard):
    return sum(os.path.exists(frame_path(folder, f)) for f in shard_range(shard))


def hidden(folder):
    return sorted(name for name in os.listdir(os.path.join(folder, "frames")) if name.startswith("."))


def same_frames(serial, folder):
    """None when folder/frames has the serial frames' names (hidden files aside) and bytes."""
    a = sorted(os.listdir(serial))
    b = sorted(name for name in os.listdir(os.path.join(folder, "frames")) if not name.startswith("."))
    if a != b:
        return f"names differ: {sorted(set(a) ^ set(b))[:5]}"
    _, mismatch, errors = filecmp.cmpfiles(serial, os.path.join(folder, "frames"), a, shallow=False)
    return f"bytes differ: {(mismatch + errors)[:5]}" if mismatch or errors else None


def new_work(root, name, scene):
    folder = os.path.join(root, name)
    os.makedirs(os.path.join(folder, "scenes"))
    shutil.copy(scene, os.path.join(folder, "scenes", "intro.json"))
    return folder


def run_script(folder, source, environment, timeout=180):
    with open(os.path.join(folder, "render.py"), "w", encoding="utf-8") as f:
        f.write(source)
    return subprocess.run([sys.executable, "render.py"], cwd=folder, env=environment, capture_output=True,
                          text=True, timeout=timeout)


class Saboteur(threading.Thread):
    """Stops the quartz-render of shard `kill_worker` and of shard `kill_render` right after their first frame;
    then kills the first with its worker process, and the second alone."""

    def __init__(self, folder, kill_worker, kill_render):
        super().__init__(daemon=True)
        self.folder = folder
        self.targets = {kill_worker: "worker", kill_render: "render"}
        self.kept, self.error, self.killed_with_worker = {}, None, None

    def run(self):
        stopped = {}
        try:
            deadline = time.monotonic() + 120
            while len(stopped) < len(self.targets):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"shards {sorted(set(self.targets) - set(stopped))} were not caught rendering")
                # The workers are this process's children (their nannies live in this process).
                workers = {child.pid for child in psutil.Process().children()}
                for process in psutil.process_iter(["name", "cmdline", "ppid"]):
                    if process.info["name"] != "quartz-render" or process.info["ppid"] not in workers:
                        continue
                    match = re.search(r"--shard (\d+)/", " ".join(process.info["cmdline"] or []))
                    shard = int(match.group(1)) if match else None
                    if shard in self.targets and shard not in stopped:
                        # Held at once, then let run a millisecond at a time until its first frame is
                        # written: a shard of small frames takes only tens of milliseconds in all.
                        process.send_signal(signal.SIGSTOP)
                        stopped[shard] = (process, psutil.Process(process.info["ppid"]))
                        while written(self.folder, shard) < 1 and process.is_running():
                            process.send_signal(signal.SIGCONT)
                            time.sleep(0.001)
                            process.send_signal(signal.SIGSTOP)
                time.sleep(0.005)
            for shard, (process, worker) in stopped.items():
                count = written(self.folder, shard)
                if not 1 <= count < len(shard_range(shard)):
                    raise RuntimeError(f"shard {shard} was stopped after {count} frames")
                self.kept[shard] = count
                process.send_signal(signal.SIGKILL)
                if self.targets[shard] == "worker":
                    worker.send_signal(signal.SIGKILL)
                    self.killed_with_worker = process.pid
        except Exception as error:  # reported by the main thread
            self.error = error
            for process, _ in stopped.values():  # a held process would hang the farm
                try:
                    process.send_signal(signal.SIGKILL)
                except psutil.Error:
                    pass


def main():
    quartz_render, docs, scene, root = sys.argv[1:5]
    started = time.monotonic()
    script = doc_block(docs, "### Dask", "python")
    if 'if __name__ == "__main__":' not in script:
        fail("the documented Dask script has no `if __name__ == \"__main__\":`")
    bin_folder = os.path.join(root, "bin")
    os.makedirs(bin_folder)
    os.symlink(os.path.abspath(quartz_render), os.path.join(bin_folder, "quartz-render"))
    environment = dict(os.environ, PATH=bin_folder + os.pathsep + os.environ.get("PATH", ""))
    environment.pop("DASK_SCHEDULER_ADDRESS", None)
    os.environ["PATH"] = environment["PATH"]

    serial = new_work(root, "serial", scene)
    subprocess.run(["quartz-render", "render", "scenes/intro.json", "--threads", "1", "--progress", "none",
                    "-o", "frames/%05d.png"], cwd=serial, env=environment, check=True)
    serial_frames = os.path.join(serial, "frames")

    # 1. The script alone.
    alone = new_work(root, "alone", scene)
    result = run_script(alone, script, environment)
    if result.returncode != 0 or result.stdout != f"{SHARDS} shards rendered\n":
        fail(f"the script alone: exit {result.returncode}\n{result.stdout}\n{result.stderr[-3000:]}")
    if problem := same_frames(serial_frames, alone):
        fail(f"the script alone: {problem}")
    ok(f"alone: the documented script, saved as render.py, with its own LocalCluster: {SHARDS} shards, "
       f"{FRAMES} frames byte-identical to a serial render ({time.monotonic() - started:.0f} s)")

    # 2. Four workers; one dies mid-shard, one shard's quartz-render is killed mid-shard.
    farm = new_work(root, "farm", scene)
    os.chdir(farm)  # the workers' working directory
    with LocalCluster(n_workers=4, threads_per_worker=1, processes=True, dashboard_address=None,
                      host="127.0.0.1") as cluster:
        saboteur = Saboteur(farm, kill_worker=9, kill_render=12)
        saboteur.start()
        result = run_script(farm, script, dict(environment, DASK_SCHEDULER_ADDRESS=cluster.scheduler_address))
        saboteur.join(timeout=5)
        if saboteur.error:
            fail(f"farm: {saboteur.error}")
        if result.returncode != 0 or result.stdout != f"{SHARDS} shards rendered\n":
            fail(f"farm: exit {result.returncode}\n{result.stdout}\n{result.stderr[-3000:]}")
    os.chdir(root)
    if problem := same_frames(serial_frames, farm):
        fail(f"farm: {problem}")
    # A partial file of the quartz-render killed with its worker survives when the moved task started before
    # that process was reaped (a zombie counts as a live writer); the next run into the folder removes it.
    note = ""
    left = hidden(farm)
    if left:
        if any(not name.endswith(f"-{saboteur.killed_with_worker}.partial") for name in left):
            fail(f"farm: partial files left: {left}")
        rerun = subprocess.run(["quartz-render", "render", "scenes/intro.json", "--shard", f"9/{SHARDS}", "--skip-existing",
                                "--progress", "none", "-o", "frames/%05d.png"], cwd=farm, env=environment,
                               capture_output=True, text=True)
        if rerun.returncode != 0 or hidden(farm) or "removed stale partial file" not in rerun.stderr:
            fail(f"farm: the next run did not remove {left}: {rerun.stderr}")
        if problem := same_frames(serial_frames, farm):
            fail(f"farm after the next run: {problem}")
        note = f" ({left[0]} of the killed process was removed by the next run)"
    for shard, kept in saboteur.kept.items():
        stats = json.load(open(os.path.join(farm, "stats", f"stats-{shard}.json"), encoding="utf-8"))
        if stats["framesSkipped"] != kept or stats["framesRendered"] != len(shard_range(shard)) - kept:
            fail(f"shard {shard}: the rerun skipped {stats['framesSkipped']} and rendered {stats['framesRendered']} "
                 f"frames; {kept} were written before the kill")
    merged = subprocess.run(["quartz-render", "stats-merge", *sorted(os.listdir(os.path.join(farm, "stats"))),
                             "--frames", f"0..<{FRAMES}", "--frame-files", "../frames/%05d.png", "--json"],
                            cwd=os.path.join(farm, "stats"), env=environment, capture_output=True, text=True)
    report = json.loads(merged.stdout) if merged.returncode == 0 else fail(f"stats-merge: {merged.stderr}")
    kept_total = sum(saboteur.kept.values())
    expected = {"missingCount": 0, "duplicatedCount": 0, "keptCount": kept_total, "framesRendered": FRAMES - kept_total,
                "framesSkipped": kept_total}
    if {key: report[key] for key in expected} != expected or len(report["tasks"]) != SHARDS:
        fail(f"stats-merge: {merged.stdout}")
    ok(f"four workers: shard 9's worker killed after {saboteur.kept[9]} frames (its task moved to another worker), "
       f"shard 12's quartz-render killed after {saboteur.kept[12]} (retried): {FRAMES} frames byte-identical, "
       f"no partial file left{note}, each rerun skipped exactly the frames written before, stats-merge finds none missing "
       f"or duplicated ({time.monotonic() - started:.0f} s)")

    # 3. Without the main guard every spawned worker starts a cluster of its own while it is imported.
    unguarded = re.sub(r'^if __name__ == "__main__":\n((?:    .*\n|\n)*)',
                       lambda m: re.sub(r"^    ", "", m.group(1), flags=re.M), script, flags=re.M)
    broken = new_work(root, "unguarded", scene)
    result = run_script(broken, unguarded, environment, timeout=120)
    if result.returncode == 0 or "Nanny failed to start" not in result.stderr:
        fail(f"without the main guard: exit {result.returncode}\n{result.stderr[-2000:]}")
    ok(f"no main guard: without `if __name__ == \"__main__\":` the script fails: exit {result.returncode}, "
       f"\"RuntimeError: Nanny failed to start.\" ({time.monotonic() - started:.0f} s)")
    print(f"dask farm: all checks passed in {time.monotonic() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
