#!/usr/bin/env bash
# One command for the peer comparison harness: a virtual environment in Benchmarks/peers/.venv with the peer
# renderers from PyPI, then the C players and the floor tool compiled with gcc -O2 against those libraries.
#
#   bash Benchmarks/peers/setup.sh            # idempotent; re-run after editing a player
#   PYTHON=python3.11 bash Benchmarks/peers/setup.sh
#
# pycairo (the cairo player of end_to_end.py) has no Linux wheel: pip builds it against the system cairo, which
# needs its headers and pkg-config (Debian: apt-get install libcairo2-dev pkg-config). Without them setup.sh
# skips pycairo with a warning and end_to_end.py leaves cairo out.
#
# Everything it makes lives in Benchmarks/peers/.venv (gitignored):
#   .venv/bin/python               skia-python, numpy, pillow, pycairo (and the two wheels below)
#   .venv/blend2d-include/         Blend2D's public headers (the wheel ships only libblend2d.a: the headers
#                                  come from the same release's source distribution)
#   .venv/players/blend2d_player   linked statically against the wheel's libblend2d.a
#   .venv/players/thorvg_player    linked against the wheel's libthorvg-1.so (through a link beside it)
#   .venv/players/thorvg_frames.so the same player as a library, for end_to_end.py
#   .venv/players/quartz_floor     Benchmarks/Floor/floor.c with gcc's OpenMP (libgomp)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv"
python="${PYTHON:-python3}"

# The versions the published peer figures were measured with, listed in README.md ("What it runs"); the Skia
# references in fixtures/peer-reference were made with the same skia-python. Change a version only together
# with that table (and, for Skia, the references).
SKIA_VERSION=144.1
BLEND2D_VERSION=1.0.0
THORVG_VERSION=1.1.3
# end_to_end.py only; built against the system's cairo.
PYCAIRO_VERSION=1.29.2
# skia_text_references.py only: HarfBuzz's shaping for Skia's glyph runs.
UHARFBUZZ_VERSION=0.57.0

command -v gcc >/dev/null || { echo "setup.sh: gcc is required (apt-get install gcc)" >&2; exit 1; }

if [ ! -x "$venv/bin/python" ]; then
    echo "== creating $venv"
    "$python" -m venv "$venv"
fi
echo "== installing peers into the venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet \
    "skia-python==$SKIA_VERSION" "blend2d-python==$BLEND2D_VERSION" "thorvg-python==$THORVG_VERSION" \
    "uharfbuzz==$UHARFBUZZ_VERSION" numpy pillow
if pkg-config --exists cairo 2>/dev/null; then
    "$venv/bin/python" -m pip install --quiet "pycairo==$PYCAIRO_VERSION"
else
    echo "setup.sh: warning: no cairo development files (apt-get install libcairo2-dev pkg-config):" \
        "pycairo not installed, end_to_end.py runs without cairo" >&2
fi

site="$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
blend2d_lib="$site/blend2d/libblend2d.a"
thorvg_dir="$site/thorvg_python"
[ -f "$blend2d_lib" ] || { echo "setup.sh: $blend2d_lib not found in the blend2d-python wheel" >&2; exit 1; }
[ -f "$thorvg_dir/libthorvg-1.so" ] || { echo "setup.sh: libthorvg-1.so not found in $thorvg_dir" >&2; exit 1; }

# blend2d-python's wheel has the static library but no headers; its sdist vendors the Blend2D sources the
# library was built from (3rdparty/blend2d), so take the public headers from there. --no-binary only for this
# package: its build requirements still come as wheels, so pip only prepares metadata (a few seconds).
if [ ! -f "$venv/blend2d-include/blend2d.h" ]; then
    echo "== fetching Blend2D headers from the blend2d-python $BLEND2D_VERSION sdist"
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    "$venv/bin/python" -m pip download --quiet --no-deps --no-binary blend2d-python \
        -d "$tmp" "blend2d-python==$BLEND2D_VERSION"
    tar -xzf "$tmp"/blend2d_python-*.tar.gz -C "$tmp"
    src="$(echo "$tmp"/blend2d_python-*/3rdparty/blend2d/src)"
    [ -f "$src/blend2d.h" ] || { echo "setup.sh: blend2d.h missing from the sdist" >&2; exit 1; }
    rm -rf "$venv/blend2d-include"
    mkdir -p "$venv/blend2d-include"
    # Public headers only (the *_p.h files are private implementation headers).
    (cd "$src" && find . -name '*.h' ! -name '*_p.h' -print0 | xargs -0 cp --parents -t "$venv/blend2d-include")
fi

players="$venv/players"
mkdir -p "$players"
cflags=(-O2 -std=c11 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -I"$here/native")
common=("$here/native/display_list.c" "$here/native/player_driver.c" "$here/native/png_stored.c")

echo "== compiling blend2d_player"
gcc "${cflags[@]}" -DBL_STATIC -I"$venv/blend2d-include" \
    "$here/native/blend2d_player.c" "${common[@]}" \
    "$blend2d_lib" -lstdc++ -lpthread -lm -lrt -ldl -o "$players/blend2d_player"

echo "== compiling thorvg_player"
# The library's SONAME is libthorvg-1.so.1 but the wheel names the file libthorvg-1.so: a link under that
# name next to the player, found through an $ORIGIN rpath, lets the dynamic loader resolve it.
ln -sf "$thorvg_dir/libthorvg-1.so" "$players/libthorvg-1.so.1"
gcc "${cflags[@]}" "$here/native/thorvg_player.c" "${common[@]}" \
    "$players/libthorvg-1.so.1" -Wl,-rpath,'$ORIGIN' -lm -o "$players/thorvg_player"

echo "== compiling thorvg_frames.so"
gcc "${cflags[@]}" -fPIC -shared "$here/native/thorvg_frames.c" "${common[@]}" \
    "$players/libthorvg-1.so.1" -Wl,-rpath,'$ORIGIN' -lm -o "$players/thorvg_frames.so"

echo "== compiling quartz_floor (OpenMP via libgomp)"
gcc -O2 -std=c11 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -fopenmp \
    "$here/../Floor/floor.c" -lpthread -o "$players/quartz_floor"

"$venv/bin/python" - <<'EOF'
import skia, numpy, PIL
try:
    import cairo
    extra = f", pycairo {cairo.version} (cairo {cairo.cairo_version_string()})"
except ImportError:
    extra = ", no pycairo"
print(f"== ready: skia-python {skia.__version__}, numpy {numpy.__version__}, pillow {PIL.__version__}{extra}")
EOF
echo "   players in $players"
