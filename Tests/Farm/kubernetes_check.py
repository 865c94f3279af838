"""The two Kubernetes Jobs of docs/cli.md ("### Chunks" and "### Kubernetes Indexed Job"), checked without a
cluster:

1. schema: kubernetes-validate (the API's JSON schemas, bundled in the package, strict: unknown fields are
   errors) accepts both for Kubernetes 1.29 and for the newest schema it has, and rejects them for 1.27,
   which has no backoffLimitPerIndex;
2. shape: an Indexed batch/v1 Job, restartPolicy Never, parallelism <= completions, a CPU request equal to
   --threads, and completions equal to the shard count or to the number of chunks of --frames;
3. the container's command: run here for every completion index, with JOB_COMPLETION_INDEX set and
   $(VAR) expanded as the kubelet does, the volumes' mount paths mapped to local folders: the frames equal
   a serial render byte for byte (and the shard Job's statistics merge with no frame missing).
Usage: python kubernetes_check.py QUARTZ_RENDER DOCS SCENE WORK_FOLDER
"""

import filecmp
import json
import math
import os
import re
import shutil
import subprocess
import sys
import time

import kubernetes_validate
import yaml

from farm_common import doc_block, fail, ok

FRAMES = 300


def option(command, name):
    if name not in command:
        fail(f"the command has no {name}: {command}")
    return command[command.index(name) + 1]


def expand(argument, environment):
    """The kubelet's $(VAR) expansion in command and args ($$ escapes a dollar)."""
    return re.sub(r"\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)",
                  lambda m: "$" if m.group(0) == "$$" else environment.get(m.group(1), m.group(0)), argument)


def validate(name, job):
    newest = kubernetes_validate.latest_version()
    for version in ["1.29.0", newest]:
        try:
            kubernetes_validate.validate(job, version, strict=True)
        except kubernetes_validate.ValidationError as error:
            fail(f"{name}: not a valid Job for Kubernetes {version}: {error.message}")
    try:
        kubernetes_validate.validate(job, "1.27.0", strict=True)
        fail(f"{name}: Kubernetes 1.27's schema accepted backoffLimitPerIndex")
    except kubernetes_validate.ValidationError as error:
        if "backoffLimitPerIndex" not in error.message:
            fail(f"{name}: 1.27 rejected it for another reason: {error.message}")
    return newest


def check_job(name, job, root, quartz_render, scene, serial_frames):
    newest = validate(name, job)
    spec = job["spec"]
    pod = spec["template"]["spec"]
    container = pod["containers"][0]
    command = container["command"]
    completions, parallelism = spec["completions"], spec["parallelism"]
    problems = []
    if (job["apiVersion"], job["kind"], spec.get("completionMode")) != ("batch/v1", "Job", "Indexed"):
        problems.append("not an Indexed batch/v1 Job")
    if pod.get("restartPolicy") != "Never":
        problems.append(f"restartPolicy {pod.get('restartPolicy')}")
    if not 1 <= parallelism <= completions:
        problems.append(f"parallelism {parallelism} with {completions} completions")
    if command[:2] != ["quartz-render", "render"] or "--shard-from-env" not in command or "--skip-existing" not in command:
        problems.append(f"command {command}")
    threads = option(command, "--threads")
    cpu = container.get("resources", {}).get("requests", {}).get("cpu")
    if cpu != threads:
        problems.append(f"requests.cpu {cpu!r} but --threads {threads}")
    if "--chunk-size" in command:
        frames = option(command, "--frames")
        if frames != f"0..<{FRAMES}":
            problems.append(f"--frames {frames}")
        expected = math.ceil(FRAMES / int(option(command, "--chunk-size")))
    else:
        expected = int(option(command, "--shard-count"))
    if completions != expected:
        problems.append(f"completions {completions}, the command needs {expected}")
    if problems:
        fail(f"{name}: " + "; ".join(problems))

    # Every index, two at a time, in a folder standing for the pod's file system.
    work = os.path.join(root, name)
    mounts = {}
    for mount in container["volumeMounts"]:
        local = os.path.join(work, mount["mountPath"].strip("/"))
        os.makedirs(local)
        mounts[mount["mountPath"]] = local
    shutil.copy(scene, os.path.join(mounts["/scenes"], "intro.json"))

    def local_path(argument):
        for mount_path, local in mounts.items():
            if argument.startswith(mount_path + "/"):
                return local + argument[len(mount_path):]
        return argument

    running = []
    for index in range(completions):
        environment = dict(os.environ, JOB_COMPLETION_INDEX=str(index))
        arguments = [local_path(expand(a, environment)) for a in command[1:]]
        running.append(subprocess.Popen([quartz_render, *arguments], cwd=work, env=environment,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        if len(running) == 2 or index == completions - 1:
            for process in running:
                out, err = process.communicate(timeout=120)
                if process.returncode != 0:
                    fail(f"{name}: index {index}: exit {process.returncode}: {err[-2000:]}")
            running = []
    frames = os.path.join(local_path(option(command, "-o")).rsplit("/", 1)[0])
    names = sorted(os.listdir(serial_frames))
    if sorted(os.listdir(frames)) != names:
        fail(f"{name}: the frames are not the serial render's: {sorted(set(os.listdir(frames)) ^ set(names))[:5]}")
    _, mismatch, errors = filecmp.cmpfiles(serial_frames, frames, names, shallow=False)
    if mismatch or errors:
        fail(f"{name}: frames differ from the serial render: {(mismatch + errors)[:5]}")
    merged = ""
    if "--stats" in command:
        stats = [local_path(expand(option(command, "--stats"), {"JOB_COMPLETION_INDEX": str(i)})) for i in range(completions)]
        result = subprocess.run([quartz_render, "stats-merge", *stats, "--frames", f"0..<{FRAMES}", "--json"],
                                capture_output=True, text=True)
        report = json.loads(result.stdout) if result.returncode == 0 else fail(f"{name}: stats-merge: {result.stderr}")
        if (report["missingCount"], report["duplicatedCount"], report["framesRendered"], len(report["tasks"])) != (0, 0, FRAMES, completions):
            fail(f"{name}: stats-merge: {result.stdout}")
        merged = f", {completions} statistics files merged with none missing"
    ok(f"{name}: valid for Kubernetes 1.29 and {newest} (strict), not 1.27; Indexed, {completions} completions "
       f"= the command's {'chunks' if '--chunk-size' in command else 'shards'}, parallelism {parallelism}, "
       f"cpu request {cpu} = --threads; the command run for every index: {FRAMES} frames byte-identical{merged}")


def main():
    quartz_render, docs, scene, root = sys.argv[1:5]
    started = time.monotonic()
    serial = os.path.join(root, "serial")
    subprocess.run([quartz_render, "render", scene, "--threads", "1", "--progress", "none", "-o",
                    os.path.join(serial, "%05d.png")], check=True)
    jobs = [("chunk Job", doc_block(docs, "### Chunks", "yaml")),
            ("Indexed Job", doc_block(docs, "### Kubernetes Indexed Job", "yaml"))]
    for name, text in jobs:
        job = yaml.safe_load(text)
        check_job(name.replace(" ", "-").lower(), job, root, quartz_render, scene, serial)
    print(f"kubernetes jobs: all checks passed in {time.monotonic() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
