#!/usr/bin/env python3
"""Do two OpenQuartz players give the same pixels? Renders every peer scene's reference frame with both, on every
kernel tier (AVX-512, AVX2, the portable Swift code) and multi-threaded with small tiles, and compares them.
An optimisation that must keep the output byte-identical (README.md, "Versioning") runs this against its base.

    Benchmarks/peers/.venv/bin/python Benchmarks/peers/same_pixels.py BASE_PLAYER NEW_PLAYER [--scenes a b]
        [--sizes 512x512 1920x1080] [--out DIR]

Prints one line per difference and a summary; exits 1 when any frame differs, 2 when a player fails."""
import argparse
import glob
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SCENES_DIR = os.path.join(REPO, "fixtures", "peer-scenes")

# (label, extra environment, extra player arguments)
CONFIGURATIONS = [
    ("best tier", {}, []),
    ("AVX2 tier", {"OPENQUARTZ_DISABLE_AVX512": "1"}, []),
    ("portable", {"OPENQUARTZ_DISABLE_AVX2": "1"}, []),
    ("2 threads, 32-px tiles", {}, ["--threads", "2", "--tile-size", "32"]),
]
ONE_FRAME = ["--warmup", "0", "--min-frames", "1", "--max-frames", "1", "--min-seconds", "0",
             "--passes", "1", "--frame-limit", "1"]


def render(player, scene, environment, arguments, png):
    env = dict(os.environ, **environment)
    done = subprocess.run([player, scene, "--png", png] + ONE_FRAME + arguments, env=env, capture_output=True,
                          text=True, timeout=600)
    if done.returncode == 3:
        return False  # the scene is unsupported by this player: nothing to compare
    if done.returncode != 0 or not os.path.isfile(png):
        print(f"same_pixels.py: {player} failed on {scene} ({done.returncode}): {done.stderr.strip()}",
              file=sys.stderr)
        sys.exit(2)
    return True


def differing_pixels(png_a, png_b):
    """How many pixels differ, when Pillow can decode both (else None: only the files differ)."""
    try:
        from PIL import Image
    except ImportError:
        return None
    a, b = Image.open(png_a).convert("RGBA"), Image.open(png_b).convert("RGBA")
    if a.size != b.size:
        return a.size[0] * a.size[1]
    return sum(1 for p, q in zip(a.getdata(), b.getdata()) if p != q)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("--scenes", nargs="+", default=list("abcdefg"), help="scene letters or names")
    parser.add_argument("--sizes", nargs="+", default=["512x512", "1920x1080"])
    parser.add_argument("--out", default=os.path.join(HERE, "out", "same-pixels"))
    args = parser.parse_args()
    for player in (args.base, args.new):
        if not (os.path.isfile(player) and os.access(player, os.X_OK)):
            sys.exit(f"same_pixels.py: {player} is not an executable player")
    os.makedirs(args.out, exist_ok=True)
    identical = different = 0
    for size in args.sizes:
        for key in args.scenes:
            matches = sorted(glob.glob(os.path.join(SCENES_DIR, f"{key}*_{size}.json")))
            if len(matches) != 1:
                sys.exit(f"same_pixels.py: scene {key!r} at {size}: expected one file, found {len(matches)}")
            name = os.path.basename(matches[0])[:-5]
            for index, (label, environment, arguments) in enumerate(CONFIGURATIONS):
                pngs = [os.path.join(args.out, f"{name}_{index}_{side}.png") for side in ("base", "new")]
                if not render(args.base, matches[0], environment, arguments, pngs[0]):
                    continue
                render(args.new, matches[0], environment, arguments, pngs[1])
                with open(pngs[0], "rb") as fa, open(pngs[1], "rb") as fb:
                    same = fa.read() == fb.read()
                if same:
                    identical += 1
                else:
                    different += 1
                    count = differing_pixels(*pngs)
                    print(f"{name} ({label}): differs" + (f" in {count} pixels" if count is not None else ""))
    print(f"identical: {identical}, different: {different}")
    sys.exit(1 if different else 0)


if __name__ == "__main__":
    main()
