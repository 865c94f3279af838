#!/usr/bin/env bash
# Builds and runs OpenQuartz's libFuzzer targets (Fuzz/README.md).
#   Fuzz/run.sh TARGET [SECONDS]   fuzz TARGET for SECONDS (default 60) from a fixed seed
#   Fuzz/run.sh TARGET regress     replay Fuzz/regressions/TARGET/* once each (non-zero if any still fails)
#   Fuzz/run.sh smoke [SECONDS]    every target for SECONDS (default 20) each, one after another; a summary
#   Fuzz/run.sh build              build every target
# FUZZ_CORPUS=DIR keeps corpora and failing inputs in DIR/TARGET instead of Fuzz/corpus/TARGET.
# FUZZ_KEEP_GOING=1 runs libFuzzer in fork mode (-fork=1) and keeps fuzzing past crashes, hangs and
# out-of-memory inputs (each is still saved, and the exit status is still non-zero).
# Targets: png_encoder, png_reader (C, built with the Swift toolchain's clang, ASan + UBSan) and scene_loader,
# path, context, text, lottie (Swift, Fuzz/Package.swift built with --sanitize=fuzzer --sanitize=address).
# The corpus lives in Fuzz/corpus/TARGET (gitignored) and is seeded from fixtures each run; a crash, hang
# (-timeout=10) or memory overrun (-rss_limit_mb) leaves Fuzz/corpus/TARGET-crash-* (or -timeout-*, -oom-*)
# and exits non-zero. Builds go to $FUZZ_BUILD (default /tmp/fuzz-build), never to the package's .build.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
# Swift's own crash backtracer fights AddressSanitizer (a second, bogus "unknown-crash" report from its
# memory server); without it libFuzzer prints the sanitizer's stack trace of a Swift trap.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
build="${FUZZ_BUILD:-/tmp/fuzz-build}"
targets=(png_encoder png_reader scene_loader path context text lottie)
usage="usage: Fuzz/run.sh TARGET [SECONDS|regress] | smoke [SECONDS] | build (targets: ${targets[*]})"

swift_product() {
    case "$1" in
    scene_loader) echo SceneLoaderFuzzer ;;
    path) echo PathFuzzer ;;
    context) echo ContextFuzzer ;;
    text) echo TextFuzzer ;;
    lottie) echo LottieFuzzer ;;
    *) return 1 ;;
    esac
}

# The Swift package: one SwiftPM build for every Swift target (incremental; the main package is instrumented too).
# With Swift 6.3 on Linux `-sanitize=fuzzer` links libFuzzer but adds no coverage instrumentation to Swift
# code (no __sancov sections in the objects), so the coverage kinds are asked for explicitly.
build_swift() {
    local log="$build/swift-build.log"
    mkdir -p "$build"
    if ! (cd Fuzz && swift build -c release --scratch-path "$build/swiftpm" \
            --sanitize=fuzzer --sanitize=address -Xswiftc -parse-as-library \
            -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table) > "$log" 2>&1; then
        grep -E "error:" "$log" >&2 || tail -40 "$log" >&2
        echo "swift build failed; full log: $log" >&2
        exit 1
    fi
}

# A C target, rebuilt when any source is newer than the binary.
build_c() {
    local target="$1" sources=() out="$build/c/$1"
    case "$target" in
    png_encoder) sources=(Fuzz/png_encoder_fuzzer.c Sources/PNGShim/png_run_length_encoder.c Sources/PNGShim/pngshim.c
                         Sources/RasterKernels/raster_kernels_straight_alpha.c) ;;
    png_reader) sources=(Fuzz/png_reader_fuzzer.c Sources/PNGShim/pngshim.c) ;;
    esac
    # With LIBPNG_SRC (a libpng source tree, e.g. the tag matching `pkg-config --modversion libpng`) libpng
    # itself is compiled in and instrumented, so coverage guides the fuzzer inside the decoder too;
    # otherwise the system libpng is linked and only our shim is instrumented.
    local png_flags=($(pkg-config --cflags libpng)) png_libraries=(-lpng16)
    if [ -n "${LIBPNG_SRC:-}" ]; then
        out="$build/c/$1+libpng"
        mkdir -p "$build/c/libpng"
        cp "$LIBPNG_SRC/scripts/pnglibconf.h.prebuilt" "$build/c/libpng/pnglibconf.h"
        png_flags=(-I "$build/c/libpng" -I "$LIBPNG_SRC")
        png_libraries=()
        local file
        for file in png pngerror pngget pngmem pngpread pngread pngrio pngrtran pngrutil pngset pngtrans pngwio \
                    pngwrite pngwtran pngwutil; do sources+=("$LIBPNG_SRC/$file.c"); done
    fi
    mkdir -p "$build/c"
    local stale=0 source
    for source in "${sources[@]}" Sources/PNGShim/include/*.h Sources/RasterKernels/include/*.h; do [ "$source" -nt "$out" ] && stale=1; done
    [ -x "$out" ] && [ "$stale" = 0 ] && { echo "$out"; return 0; }
    local clang
    clang="$(dirname "$(command -v swift)")/clang"
    [ -x "$clang" ] || clang=clang
    "$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -I Sources/PNGShim/include -I Sources/RasterKernels/include "${png_flags[@]}" "${sources[@]}" \
        "${png_libraries[@]}" -lz -o "$out" 2> "$out.log" || { cat "$out.log" >&2; exit 1; }
    echo "$out"
}

# Builds TARGET if needed; prints its binary.
binary() {
    case "$1" in
    png_encoder | png_reader) build_c "$1" ;;
    *) build_swift >&2; echo "$build/swiftpm/release/$(swift_product "$1")" ;;
    esac
}

# Seeds for TARGET in a fresh folder (read by libFuzzer beside the corpus, never written).
seeds() {
    local dir="$build/seeds/$1"
    rm -rf "$dir"
    mkdir -p "$dir"
    case "$1" in
    png_reader)  # every fixture PNG up to 64 KB (larger ones only slow the mutator)
        find fixtures -name '*.png' -size -64k -print0 | while IFS= read -r -d '' f; do
            cp "$f" "$dir/$(echo "$f" | tr / _)"
        done ;;
    scene_loader) cp fixtures/scenes/*.json "$dir/" ;;
    lottie) cp fixtures/lottie/*.json "$dir/" ;;
    esac
    echo "$dir"
}

# Per-target libFuzzer options. The PNG reader's cap is 4 Mpx (16 MB of pixels) and libpng's own chunk
# limit is 8 MB, so any single allocation over 64 MB there is a "huge allocation" bug.
extra_options() {
    case "$1" in
    png_reader) echo "-malloc_limit_mb=64" ;;
    scene_loader) echo "-dict=Fuzz/scene_loader.dict" ;;
    esac
}

# The number of failing inputs saved beside CORPUS (CORPUS-crash-*, -timeout-*, -oom-*, …).
artifacts() {
    find "$(dirname "$1")" -maxdepth 1 -type f -name "$(basename "$1")-*" | wc -l
}

# fuzz TARGET SECONDS: runs libFuzzer, prints a one-line summary, returns its status.
fuzz() {
    local target="$1" seconds="$2" exe corpus="${FUZZ_CORPUS:-Fuzz/corpus}/$1" log
    exe="$(binary "$target")"
    mkdir -p "$corpus"
    log="$build/$target.fuzz.log"
    local status seeded
    seeded="$(seeds "$target")"
    set +e
    # shellcheck disable=SC2046
    local keep_going=() before
    before="$(artifacts "$corpus")"
    [ -n "${FUZZ_KEEP_GOING:-}" ] && keep_going=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    "$exe" -seed=1 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        "${keep_going[@]}" $(extra_options "$target") -artifact_prefix="$corpus-" "$corpus" "$seeded" 2>&1 \
        | tee "$log" | grep --line-buffered -vE "^#[0-9]+\s+(NEW|REDUCE|pulse)|NEW_FUNC"
    status="${PIPESTATUS[0]}"
    set -e
    local done runs
    runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
    done="$(grep -E "^#[0-9]+:?[[:space:]]+(DONE|NEW|REDUCE|pulse|INITED|cov:)" "$log" | tail -1 || true)"
    # Fork mode ends 0 whatever it found; count the inputs it saved instead.
    local found
    found=$(( $(artifacts "$corpus") - before ))
    [ "$found" -gt 0 ] && status=1
    [ -n "$runs" ] || runs="$(echo "$done" | sed -nE 's/^#([0-9]+).*/\1/p')"
    echo "== $target: status $status, ${runs:-?} executions in ${seconds}s, $found new failing inputs; last: ${done:-none}" \
        | sed -E 's/ +/ /g'
    return "$status"
}

regress() {
    local target="$1" exe dir="Fuzz/regressions/$1"
    exe="$(binary "$target")"
    shopt -s nullglob
    local inputs=("$dir"/*) failed=0 input
    [ ${#inputs[@]} -gt 0 ] || { echo "== $target: no regression inputs in $dir"; return 0; }
    for input in "${inputs[@]}"; do
        [ -f "$input" ] || continue
        case "$input" in *.md | *.txt) continue ;; esac
        if "$exe" -timeout=10 -rss_limit_mb=2048 $(extra_options "$target") "$input" > "$build/regress.log" 2>&1; then
            echo "== $target: passes $input"
        else
            echo "== $target: FAILS $input (log: $build/regress-$target-$(basename "$input").log)"
            cp "$build/regress.log" "$build/regress-$target-$(basename "$input").log"
            failed=1
        fi
    done
    return "$failed"
}

command="${1:?$usage}"
case "$command" in
build)
    for t in png_encoder png_reader; do build_c "$t" > /dev/null; done
    build_swift
    echo "built into $build" ;;
smoke)
    seconds="${2:-20}"
    start=$SECONDS
    for t in png_encoder png_reader; do build_c "$t" > /dev/null; done
    build_swift
    echo "== built in $((SECONDS - start))s"
    failed=()
    summary=()
    for t in "${targets[@]}"; do
        if fuzz "$t" "$seconds" > "$build/$t.smoke.log" 2>&1; then :; else failed+=("$t"); fi
        summary+=("$(tail -1 "$build/$t.smoke.log")")
    done
    printf '%s\n' "${summary[@]}"
    echo "== smoke took $((SECONDS - start))s; logs in $build/*.fuzz.log"
    [ ${#failed[@]} -eq 0 ] || { echo "== FAILED: ${failed[*]}" >&2; exit 1; } ;;
png_encoder | png_reader | scene_loader | path | context | text | lottie)
    if [ "${2:-}" = regress ]; then regress "$command"; else fuzz "$command" "${2:-60}"; fi ;;
*) echo "$usage" >&2; exit 64 ;;
esac
