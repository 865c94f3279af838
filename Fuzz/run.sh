#!/usr/bin/env bash
# Builds a libFuzzer target with the Swift toolchain's clang (AddressSanitizer and UndefinedBehaviorSanitizer
# on) and runs it for SECONDS (default 60) from a fixed seed, keeping its corpus in Fuzz/corpus/TARGET.
# Usage: Fuzz/run.sh png_encoder [SECONDS]. A crash leaves crash-* beside the corpus and exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:?usage: Fuzz/run.sh png_encoder [SECONDS]}"
seconds="${2:-60}"
clang="$(dirname "$(command -v swift)")/clang"
[ -x "$clang" ] || clang=clang
build=".build/fuzz"
mkdir -p "$build" "Fuzz/corpus/$target"
case "$target" in
png_encoder)
    sources=(Fuzz/png_encoder_fuzzer.c Sources/PNGShim/png_run_length_encoder.c Sources/PNGShim/pngshim.c)
    libraries=(-lpng16 -lz)
    ;;
*) echo "unknown fuzz target '$target' (known: png_encoder)" >&2; exit 64 ;;
esac
"$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -I Sources/PNGShim/include $(pkg-config --cflags libpng) "${sources[@]}" "${libraries[@]}" \
    -o "$build/$target" 2> "$build/$target.log" || { cat "$build/$target.log" >&2; exit 1; }
exec "$build/$target" -seed=1 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="Fuzz/corpus/$target-" "Fuzz/corpus/$target"
