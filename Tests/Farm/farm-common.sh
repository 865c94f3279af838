# Shared by the farm scripts (sourced): messages, skips, failures, time limits, and the code blocks of
# docs/cli.md that the scripts run as printed.

FARM_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$FARM_DIR/../.." && pwd)"
DOCS="${FARM_DOCS:-$REPO_DIR/docs/cli.md}"
# Exit status of a script that cannot run on this machine (the automake convention for a skipped test).
SKIP_STATUS=77

# Messages go to fd 3, the script's stdout, so they are seen from inside a redirection or a $(…) too.
exec 3>&1
say() { printf '%s\n' "$*" >&3; }
ok() { printf 'ok: %s\n' "$*" >&3; }
skip() { printf 'skip: %s\n' "$*" >&3; exit "$SKIP_STATUS"; }
fail() { printf 'FAIL: %s\n' "$*" >&3; exit 1; }

# farm_quartz_render [PATH]: sets QUARTZ_RENDER to PATH (default: quartz-render on PATH), made absolute.
farm_quartz_render() {
    QUARTZ_RENDER=${1:-$(command -v quartz-render || true)}
    [ -n "$QUARTZ_RENDER" ] && [ -x "$QUARTZ_RENDER" ] || fail "quartz-render not found: pass its path (swift build -c release --product quartz-render)"
    QUARTZ_RENDER=$(cd "$(dirname "$QUARTZ_RENDER")" && pwd)/$(basename "$QUARTZ_RENDER")
}

# doc_block HEADING LANG [N]: the N-th (default 1st) ```LANG block after the line HEADING in docs/cli.md.
doc_block() {
    local block
    block=$(awk -v heading="$1" -v fence="\`\`\`$2" -v want="${3:-1}" '
        $0 == heading { found = 1; next }
        found && !inside && $0 == fence { count++; if (count == want) { inside = 1; next } }
        inside && $0 == "```" { exit }
        inside { print }' "$DOCS")
    [ -n "$block" ] || fail "no \`\`\`$2 block #${3:-1} after \"$1\" in $DOCS"
    printf '%s\n' "$block"
}

# wait_for SECONDS WHAT COMMAND…: runs COMMAND every 0.2 s until it succeeds; fails after SECONDS.
wait_for() {
    local limit=$1 what=$2 end
    shift 2
    end=$((SECONDS + limit))
    until "$@"; do
        ((SECONDS < end)) || fail "$what: not within ${limit} s"
        sleep 0.2
    done
}

# same_files A B: the two folders hold the same names (hidden ones included) with the same bytes.
same_files() {
    diff -r "$1" "$2" > /dev/null 2>&1
}

# count_frames FOLDER FIRST END: how many of FOLDER/%05d.png for FIRST..<END exist.
count_frames() {
    local n=0 i
    for ((i = $2; i < $3; i++)); do [ -e "$(printf '%s/%05d.png' "$1" "$i")" ] && n=$((n + 1)); done
    echo "$n"
}
