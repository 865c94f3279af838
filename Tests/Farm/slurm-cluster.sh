#!/usr/bin/env bash
# A real Slurm cluster of one node on loopback (munged, slurmctld and slurmd started from a temporary folder,
# with a slurm.conf made for this machine's CPUs and memory) running the job scripts printed in docs/cli.md,
# "Render farms", as they are printed:
#   1. the pitfalls the docs warn about: a missing logs/ folder fails every task at launch; a task asking for
#      more CPUs than the node has pends for ever instead of failing;
#   2. the shard array: frames byte-identical to a serial render, while one task is killed with SIGKILL in
#      the middle of its frames and another is requeued with `scontrol requeue` (SIGTERM); both rerun with
#      --skip-existing, each log keeps both attempts, and `stats-merge` finds no missing or duplicated frame;
#   3. the chunk array: the same frames;
#   4. video segments from the shard array joined by a dependent job with the concat of docs/cli.md: the
#      frame rate stays exactly 30000/1001, the frame count and timestamps equal a serial video's, and the
#      joined frames are the segments' frames;
#   5. a node that drops out (slurmd and its renders frozen, the node set DOWN) and comes back (RESUME): the
#      running tasks are requeued, rerun with --skip-existing and the frames equal a serial render.
# Everything lives in the temporary folder and every daemon and job is stopped at the end, whatever happened.
# Needs root (slurmd launches the tasks; apt-get installs slurm-wlm, munge and ffmpeg when missing).
# Exit 0: every check passed; 77: this machine cannot run it (the reason is printed); 1: a check failed (the
# daemons' logs are printed).
# Usage: slurm-cluster.sh [PATH_TO_QUARTZ_RENDER]   (default: quartz-render on PATH)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/farm-common.sh"
started=$SECONDS

farm_quartz_render "${1:-}"

[ "$(id -u)" = 0 ] || skip "needs root: slurmd runs the tasks and apt-get installs slurm-wlm and munge"
missing=()
for tool in slurmctld:slurm-wlm slurmd:slurm-wlm sbatch:slurm-wlm munged:munge ffmpeg:ffmpeg ffprobe:ffmpeg; do
    PATH=$PATH:/usr/sbin:/sbin command -v "${tool%%:*}" > /dev/null 2>&1 || missing+=("${tool#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
    mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
    command -v apt-get > /dev/null 2>&1 || skip "no apt-get to install ${missing[*]}"
    say "installing ${missing[*]} (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq "${missing[@]}" > /dev/null 2>&1 \
        || { apt-get update -qq > /dev/null 2>&1 && apt-get install -y -qq "${missing[@]}" > /dev/null; } \
        || skip "apt-get could not install ${missing[*]}"
fi
export PATH=$PATH:/usr/sbin:/sbin

# Directly in /tmp, not $TMPDIR: the job steps' Unix sockets in the spool folder must stay within 108 bytes.
T=$(mktemp -d /tmp/quartz-slurm.XXXXXX)
chmod 755 "$T"
pids=()
cleanup() {
    local status=$? pid i
    exec >&3 2>&3
    set +e
    if [ -n "${ctld:-}" ] && kill -0 "$ctld" 2> /dev/null; then
        scancel --quiet --user=root 2> /dev/null
        for ((i = 0; i < 100; i++)); do
            [ -z "$(squeue -h 2> /dev/null)" ] && [ -z "$(find "$T/spool" -type s 2> /dev/null)" ] && break
            sleep 0.2
        done
    fi
    if [ "$status" != 0 ] && [ "$status" != "$SKIP_STATUS" ]; then
        for log in "$T"/log/*.log; do [ -f "$log" ] && { say "--- $log (last lines)"; tail -n 25 "$log"; }; done
    fi
    # The daemons in the reverse order of their start, each by the id it was started with.
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
        pid=${pids[i]}
        kill -TERM "$pid" 2> /dev/null
        for ((n = 0; n < 50; n++)); do kill -0 "$pid" 2> /dev/null || break; sleep 0.2; done
        kill -KILL "$pid" 2> /dev/null
        wait "$pid" 2> /dev/null
    done
    # Each running job step has its Unix socket in the spool folder.
    if [ -n "$(find "$T/spool" -type s 2> /dev/null)" ]; then say "FAIL: job steps still running after the teardown"; status=1; fi
    rm -rf "$T"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# munge: a fresh key and socket in the folder.
mkdir -p "$T/munge" "$T/log" "$T/state" "$T/spool" "$T/bin" "$T/work"
chmod 711 "$T/munge"
head -c 1024 /dev/urandom > "$T/munge/munge.key"
chmod 400 "$T/munge/munge.key"
munged -F -f --key-file="$T/munge/munge.key" --socket="$T/munge/socket" --pid-file="$T/munge/munged.pid" \
    --seed-file="$T/munge/seed" --log-file="$T/log/munged.log" > "$T/log/munged.out.log" 2>&1 &
pids+=($!)
wait_for 10 "munged answering" bash -c "munge -n -S '$T/munge/socket' | unmunge -S '$T/munge/socket' > /dev/null 2>&1"

# Two free loopback ports.
free_port() {
    local port
    for port in $(shuf -i 20000-60000 -n 100); do
        (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null || { echo "$port"; return; }
    done
    fail "no free port found"
}
ctld_port=$(free_port)
slurmd_port=$(free_port)
[ "$ctld_port" != "$slurmd_port" ] || slurmd_port=$(free_port)

# This machine as slurmd sees it: its CPUs and memory, never more, or the node would not accept tasks.
hardware=$(slurmd -C | head -n 1)
CPUS=$(sed -n 's/.* CPUs=\([0-9]*\).*/\1/p' <<< "$hardware")
MEMORY=$(sed -n 's/.* RealMemory=\([0-9]*\).*/\1/p' <<< "$hardware")
[ -n "$CPUS" ] && [ -n "$MEMORY" ] || fail "slurmd -C printed no CPUs and RealMemory: $hardware"
export SLURM_CONF="$T/slurm.conf"
# No cgroups: process tracking by /proc and no task plugin work in a container without a cgroup hierarchy.
cat > "$SLURM_CONF" << EOF
ClusterName=quartzfarm
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$T/munge/socket
CredType=cred/munge
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool/%n
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=1
KillWait=5
MinJobAge=3600
NodeName=farmnode NodeHostname=$(hostname) NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$MEMORY State=UNKNOWN
PartitionName=farm Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -D -i -f "$SLURM_CONF" > "$T/log/slurmctld.out.log" 2>&1 &
ctld=$!
pids+=("$ctld")
slurmd -D -N farmnode -f "$SLURM_CONF" > "$T/log/slurmd.out.log" 2>&1 &
slurmd_pid=$!
pids+=("$slurmd_pid")
wait_for 30 "the node idle" bash -c '[ "$(sinfo -h -n farmnode -o %t 2> /dev/null)" = idle ]'
ok "cluster: slurmctld and slurmd on 127.0.0.1:$ctld_port/$slurmd_port, munged, node of $CPUS CPUs and $MEMORY MB ($((SECONDS - started)) s)"

# quartz-render on the tasks' PATH (sbatch passes the submitting environment on), the scene where the
# documented scripts look for it.
ln -s "$QUARTZ_RENDER" "$T/bin/quartz-render"
export PATH="$T/bin:$PATH"
SCENE="$FARM_DIR/intro.json"
FRAMES=$(quartz-render info "$SCENE" | sed -n 's/^frames: \([0-9]*\) .*/\1/p')
[ "$FRAMES" = 300 ] || fail "the farm scene has $FRAMES frames, the documented chunk script renders 300"

# job_field JOB FIELD: FIELD=value of `scontrol show job JOB` (one task or a whole array, one line each).
job_field() { scontrol show job "$1" -o 2> /dev/null | grep -o "\b$2=[^ ]*" | cut -d= -f2-; }
# all_in JOB STATE: every task of JOB is in STATE.
all_in() { local states; states=$(job_field "$1" JobState | sort -u); [ "$states" = "$2" ]; }
# task_pid JOB TASK: the quartz-render process of array task JOB_TASK.
task_pid() {
    local pid environment
    for pid in $(pgrep -x quartz-render); do
        environment=$(tr '\0' '\n' 2> /dev/null < "/proc/$pid/environ") || continue
        grep -qx "SLURM_ARRAY_JOB_ID=$1" <<< "$environment" && grep -qx "SLURM_ARRAY_TASK_ID=$2" <<< "$environment" \
            && { echo "$pid"; return 0; }
    done
    return 1
}
# first_of SHARD: the first frame of shard SHARD of the documented 8-shard array.
first_of() { echo $((FRAMES * $1 / 8)); }
new_work() { mkdir -p "$T/work/$1/scenes" && cp "$SCENE" "$T/work/$1/scenes/intro.json" && cd "$T/work/$1"; }

doc_block "### Slurm array" sh 1 > "$T/render.sh"
doc_block "### Slurm array" sh 3 > "$T/join.sh"
doc_block "### Chunks" sh 1 > "$T/chunks.sh"
grep -q -- '--open-mode=append' "$T/render.sh" || fail "the documented array script does not append to its log"

# 1. Pitfalls. Without logs/, a task cannot open its --output file: every task fails at launch.
new_work no-logs
job=$(sbatch --parsable --array=0-1 --cpus-per-task=1 "$T/render.sh")
wait_for 30 "the tasks without logs/ to end" all_in "$job" FAILED
[ "$(job_field "$job" Reason | sort -u)" = JobLaunchFailure ] || fail "tasks without logs/: $(job_field "$job" Reason)"
grep -q "Could not open stdout file $T/work/no-logs/logs/${job}_0.log: No such file or directory" "$T/log/slurmd.log" \
    || fail "slurmd did not log the missing log folder"
[ ! -e frames ] || fail "a task without its log folder rendered"
ok "missing logs/: every task fails at launch: FAILED, Reason=JobLaunchFailure, slurmd: Could not open stdout file …: No such file or directory"
# More CPUs per task than the node has: sbatch accepts the job and it waits for ever.
if ((CPUS < 4)); then
    mkdir -p logs
    job=$(sbatch --parsable --array=0 "$T/render.sh")
    wait_for 20 "a reason for the oversized task" bash -c "scontrol show job $job -o | grep -q 'Reason=PartitionConfig'"
    sleep 3
    [ "$(job_field "$job" JobState)" = PENDING ] && [ "$(job_field "$job" Reason)" = PartitionConfig ] \
        || fail "--cpus-per-task=4 on $CPUS CPUs: $(job_field "$job" JobState) $(job_field "$job" Reason)"
    scancel "$job"
    ok "oversized --cpus-per-task: 4 on a node of $CPUS CPUs: sbatch exits 0 and the task stays PENDING (Reason=PartitionConfig)"
fi

# A job waiting with afterok for an array in which a task failed never starts, even after that task is
# requeued and succeeds; and without --open-mode=append the rerun's log replaces the failed attempt's.
new_work afterok
job=$(sbatch --parsable --array=0-1 --output=%A_%a.log \
    --wrap 'echo "attempt"; if [ "$SLURM_ARRAY_TASK_ID" = 1 ] && [ ! -e failed-once ]; then touch failed-once; exit 3; fi')
join=$(sbatch --parsable --output=/dev/null --dependency="afterok:$job" --wrap true)
wait_for 30 "task 1 to fail" all_in "${job}_1" FAILED
scontrol requeue "${job}_1"
wait_for 30 "task 1 back in the queue" all_in "${job}_1" PENDING
scontrol update JobId="${job}_1" StartTime=now
wait_for 30 "the rerun of task 1" all_in "$job" COMPLETED
wait_for 30 "the join job's reason" bash -c "[ \"\$(scontrol show job $join -o | grep -o 'Reason=[^ ]*')\" = Reason=DependencyNeverSatisfied ]"
all_in "$join" PENDING || fail "the afterok job: $(job_field "$join" JobState)"
scancel "$join"
ok "afterok after a failure: the array COMPLETED after a requeue, the join job stays PENDING (Reason=DependencyNeverSatisfied)"
[ "$(cat "${job}_1.log")" = attempt ] || fail "the requeued task's log without --open-mode=append: $(cat "${job}_1.log")"
ok "log replaced: without --open-mode=append the requeued task's log holds the rerun only"

# The reference: one serial render, and one serial video.
new_work serial
quartz-render render scenes/intro.json --threads 1 --progress none -o frames/%05d.png
quartz-render render scenes/intro.json --threads 1 --progress none -o intro.mp4
ok "serial: $FRAMES frames and intro.mp4 ($((SECONDS - started)) s)"

# 2. The shard array, two tasks at a time (one CPU each; command-line options override #SBATCH lines).
# Task 5 is killed with SIGKILL in the middle of its frames (a crashed process: it fails), then requeued;
# task 6 is requeued while it renders (Slurm sends SIGTERM: the frame in flight is finished, exit 143).
new_work shards
mkdir -p logs
job=$(sbatch --parsable --cpus-per-task=1 "$T/render.sh")
declare -A stopped=() kept=()
end=$((SECONDS + 60))
while [ ${#stopped[@]} -lt 2 ]; do
    ((SECONDS < end)) || fail "tasks 5 and 6 were not caught rendering"
    for task in 5 6; do
        [ -z "${stopped[$task]:-}" ] || continue
        if pid=$(task_pid "$job" "$task") && [ -e "$(printf 'frames/%05d.png' "$(first_of "$task")")" ]; then
            kill -STOP "$pid"
            stopped[$task]=$pid
        fi
    done
    sleep 0.01
done
for task in 5 6; do
    written=$(count_frames frames "$(first_of "$task")" "$(first_of $((task + 1)))")
    ((written >= 1 && written < $(first_of $((task + 1))) - $(first_of "$task"))) || fail "task $task stopped after $written frames"
done
kill -KILL "${stopped[5]}"
wait_for 30 "task 5 to fail" all_in "${job}_5" FAILED
scontrol requeue "${job}_6"
wait_for 30 "task 6 back in the queue" all_in "${job}_6" PENDING
scontrol requeue "${job}_5"
wait_for 30 "task 5 back in the queue" all_in "${job}_5" PENDING
for task in 5 6; do
    wait_for 10 "Reason=BeginTime for the requeued task $task" bash -c "[ \"\$(scontrol show job ${job}_$task -o | grep -o 'Reason=[^ ]*')\" = Reason=BeginTime ]"
    eligible=$(date -d "$(job_field "${job}_$task" EligibleTime)" +%s)
    wait_s=$((eligible - $(date +%s)))
    ((wait_s >= 100)) || fail "requeued task $task is eligible in $wait_s s"
    kept[$task]=$(count_frames frames "$(first_of "$task")" "$(first_of $((task + 1)))")
done
ok "kill and requeue: task 5 killed (SIGKILL) after ${kept[5]} frames, task 6 requeued (SIGTERM) after ${kept[6]}: both pending with Reason=BeginTime, eligible in about $wait_s s"
for task in 5 6; do scontrol update JobId="${job}_$task" StartTime=now; done
wait_for 90 "the shard array to finish" all_in "$job" COMPLETED
same_files ../serial/frames frames || fail "the shard array's frames differ from the serial render: $(diff -r ../serial/frames frames | head -n 5)"
ok "shard array: 8 tasks COMPLETED, $FRAMES frames byte-identical to the serial render, no partial file left ($((SECONDS - started)) s)"
log5="logs/${job}_5.log" log6="logs/${job}_6.log"
grep -q "srun: error: farmnode: task 0: Killed" "$log5" || fail "$log5 lost the killed attempt"
grep -q "DUE TO JOB REQUEUE" "$log6" && grep -q "stopped by SIGTERM after" "$log6" || fail "$log6 lost the requeued attempt"
grep -q "frames rendered, ${kept[5]} skipped" "$log5" || fail "$log5: the rerun did not skip the ${kept[5]} kept frames"
grep -q "frames rendered, ${kept[6]} skipped" "$log6" || fail "$log6: the rerun did not skip the ${kept[6]} kept frames"
ok "logs: with --open-mode=append each log holds the stopped attempt and the rerun, which skipped exactly the frames written before"
quartz-render stats-merge stats/stats-*.json --frames "0..<$FRAMES" --frame-files frames/%05d.png > merged.txt
kept_total=$((kept[5] + kept[6]))
grep -qx "8 tasks, scenes/intro.json at 160x90" merged.txt \
    && grep -qx "frames: $((FRAMES - kept_total)) rendered, $kept_total skipped (existing files kept) of 0..<$FRAMES" merged.txt \
    && grep -qx "missing: none" merged.txt && grep -qx "duplicated: none" merged.txt \
    && grep -q "^kept from a stopped attempt: $kept_total " merged.txt \
    || fail "stats-merge: $(cat merged.txt)"
ok "stats-merge: every frame rendered once, none missing or duplicated, $kept_total kept from the stopped attempts"
sed 's/^/    /' merged.txt

# 3. The chunk array (12 chunks of 25 frames, four tasks at a time).
new_work chunks
job=$(sbatch --parsable --cpus-per-task=1 "$T/chunks.sh")
wait_for 90 "the chunk array to finish" all_in "$job" COMPLETED
[ "$(job_field "$job" JobState | wc -l)" = 12 ] || fail "the chunk array ran $(job_field "$job" JobState | wc -l) tasks"
rm -f slurm-*.out
same_files ../serial/frames frames || fail "the chunk array's frames differ from the serial render"
ok "chunk array: 12 tasks COMPLETED, frames byte-identical to the serial render ($((SECONDS - started)) s)"

# 4. Video segments: the shard script writing video/intro.mp4, joined by a job that waits for the array.
new_work video
mkdir -p logs
sed 's|-o frames/%05d.png|-o video/intro.mp4|' "$T/render.sh" > render-video.sh
grep -q -- "-o video/intro.mp4" render-video.sh || fail "the array script has no -o frames/%05d.png to replace"
job=$(sbatch --parsable --cpus-per-task=1 render-video.sh)
join=$(sbatch --parsable --dependency="afterok:$job" "$T/join.sh")
wait_for 120 "the join job to finish" all_in "$join" COMPLETED
all_in "$job" COMPLETED || fail "video array: $(job_field "$job" JobState | sort | uniq -c)"
probe() {
    ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=r_frame_rate,avg_frame_rate,nb_read_frames,duration \
        -of default=noprint_wrappers=1 "$1"
}
expected=$(printf 'r_frame_rate=30000/1001\navg_frame_rate=30000/1001\nduration=10.010000\nnb_read_frames=300')
joined=$(probe video/intro.mp4)
serial=$(probe ../serial/intro.mp4)
[ "$serial" = "$expected" ] || fail "serial video: $serial"
[ "$joined" = "$expected" ] || fail "joined video: $joined"
# framemd5 lines: stream, dts, pts, duration, size, MD5 of the decoded frame.
frame_md5() { ffmpeg -v error -i "$1" -f framemd5 - | grep -v '^#'; }
frame_md5 video/intro.mp4 > joined.md5
frame_md5 ../serial/intro.mp4 > serial.md5
for i in $(seq -f %02g 0 7); do frame_md5 "video/intro.shard-$i-of-08.mp4"; done > segments.md5
[ "$(cut -d, -f2-4 joined.md5)" = "$(cut -d, -f2-4 serial.md5)" ] || fail "joined and serial timestamps differ"
[ "$(cut -d, -f5-6 joined.md5)" = "$(cut -d, -f5-6 segments.md5)" ] || fail "the joined frames are not the segments' frames"
ok "video: 8 segments joined by a dependent job: 300 frames at exactly 30000/1001 fps (r and avg), 10.01 s, timestamps of the serial video, frames of the segments"

# 5. The node drops out while the shard array runs and comes back: slurmd and the node's renders freeze (a
# node that stops answering), the node is set DOWN (what an administrator, or slurmctld after SlurmdTimeout,
# does), its running tasks are requeued (the script asks --requeue) and the node stays DOWN after slurmd
# answers again, until `scontrol update … State=RESUME` (ReturnToService=1, Slurm's default). The tasks then
# rerun with --skip-existing, keeping the frames written before, and the frames equal the serial render.
new_work node-down
mkdir -p logs
job=$(sbatch --parsable --cpus-per-task=1 "$T/render.sh")
# Two running tasks are caught between frames, frozen with the node's slurmd.
declare -A frozen=()
end=$((SECONDS + 60))
while [ ${#frozen[@]} -lt 2 ]; do
    ((SECONDS < end)) || fail "two tasks were not caught rendering"
    for task in $(squeue -h -j "$job" -t RUNNING -o %K); do
        [ -z "${frozen[$task]:-}" ] || continue
        if pid=$(task_pid "$job" "$task") && [ -e "$(printf 'frames/%05d.png' "$(first_of "$task")")" ]; then
            kill -STOP "$pid"
            frozen[$task]=$pid
        fi
    done
    sleep 0.01
done
kill -STOP "$slurmd_pid"
dropped=() renders=()
for task in "${!frozen[@]}"; do dropped+=("${job}_$task"); renders+=("${frozen[$task]}"); done
scontrol update NodeName=farmnode State=DOWN Reason="node dropped out"
for task in "${dropped[@]}"; do wait_for 30 "task $task requeued" all_in "$task" PENDING; done
for task in "${dropped[@]}"; do
    [ "$(job_field "$task" Restarts)" = 1 ] || fail "task $task: Restarts=$(job_field "$task" Restarts)"
done
grep -q "requeue job JobId=${dropped[0]}(.*) due to failure of node farmnode" "$T/log/slurmctld.log" \
    || fail "slurmctld did not log the requeue of ${dropped[0]}"
# The node's processes are gone with it; slurmd comes back and registers, but the node stays DOWN.
kill -KILL "${renders[@]}"
kill -CONT "$slurmd_pid"
sleep 5
[[ "$(sinfo -h -n farmnode -o %t)" == down* ]] || fail "the node left DOWN by itself: $(sinfo -h -n farmnode -o %t)"
[ "$(sinfo -h -n farmnode -o %E)" = "node dropped out" ] || fail "the node's reason: $(sinfo -h -n farmnode -o %E)"
ok "node down: tasks ${dropped[*]} requeued (Restarts=1, slurmctld: requeue … due to failure of node farmnode); the node stays DOWN with its reason after slurmd answers again"
scontrol update NodeName=farmnode State=RESUME
wait_for 30 "the node back" bash -c '[[ "$(sinfo -h -n farmnode -o %t)" =~ ^(idle|mix|alloc) ]]'
for task in "${dropped[@]}"; do scontrol update JobId="$task" StartTime=now; done
wait_for 120 "the shard array to finish after the node came back" all_in "$job" COMPLETED
same_files ../serial/frames frames || fail "frames after the node came back differ from the serial render"
for task in "${dropped[@]}"; do
    grep -q "skipped" "logs/$task.log" || fail "logs/$task.log: the rerun did not skip the frames written before"
done
ok "node back: after State=RESUME the requeued tasks reran with --skip-existing and the $FRAMES frames equal the serial render"

say "slurm farm: all checks passed in $((SECONDS - started)) s"
