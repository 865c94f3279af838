#!/usr/bin/env python3
"""ThorVG player for the end-to-end mode: ThorVG has no PNG encoder, so each frame's buffer goes through Pillow's.

    .venv/bin/python thorvg_png_player.py SCENE.dl --png-dir DIR [--warmup N] [--frame-limit N]

The drawing is native/thorvg_player.c's (the same paints and per-frame updates), loaded from
.venv/players/thorvg_frames.so through ctypes: one call per frame draws it completely. Then png_frames.py's
loop hands the premultiplied RGBA8 buffer to Pillow: Image.frombuffer(..., "raw", "RGBa") un-premultiplies it
into an RGBA image, Image.save(..., "PNG") with Pillow's defaults (zlib level 6, Pillow's per-row adaptive
filter choice, straight RGBA8 out) encodes it into memory, and the bytes are written to DIR/frame_%03d.png."""
import argparse
import ctypes
import io
import os
import sys
import time

from PIL import Image, __version__ as pillow_version

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import png_frames  # noqa: E402

LIBRARY = os.path.join(HERE, ".venv", "players", "thorvg_frames.so")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("display_list")
    parser.add_argument("--png-dir", required=True)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--frame-limit", type=int, help="only the first N frames (plumbing checks)")
    args = parser.parse_args()

    lib = ctypes.CDLL(LIBRARY)
    lib.tvgf_open.restype = ctypes.c_void_p
    lib.tvgf_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.tvgf_size.argtypes = [ctypes.c_void_p] + [ctypes.POINTER(ctypes.c_uint32)] * 3
    lib.tvgf_render.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.tvgf_pixels.restype = ctypes.c_void_p
    lib.tvgf_pixels.argtypes = [ctypes.c_void_p]
    lib.tvgf_version.restype = ctypes.c_char_p
    lib.tvgf_close.argtypes = [ctypes.c_void_p]

    error = ctypes.create_string_buffer(512)
    handle = lib.tvgf_open(args.display_list.encode(), error, len(error))
    if not handle:
        sys.exit(f"thorvg_png_player.py: {error.value.decode(errors='replace')}")
    width, height, frames = ctypes.c_uint32(), ctypes.c_uint32(), ctypes.c_uint32()
    lib.tvgf_size(handle, ctypes.byref(width), ctypes.byref(height), ctypes.byref(frames))
    width, height, frames = width.value, height.value, frames.value
    if frames == 0:
        sys.exit("thorvg_png_player.py: --png-dir needs an animated scene")
    pixels = (ctypes.c_uint8 * (width * height * 4)).from_address(lib.tvgf_pixels(handle))
    name = os.path.splitext(os.path.basename(args.display_list))[0]

    def draw(frame):
        lib.tvgf_render(handle, frame)

    def output(path):
        t0 = time.perf_counter_ns()
        encoded = io.BytesIO()
        Image.frombuffer("RGBA", (width, height), pixels, "raw", "RGBa", 0, 1).save(encoded, "PNG")
        t1 = time.perf_counter_ns()
        png_frames.write_file(path, encoded.getbuffer())
        return t1 - t0

    count = min(frames, args.frame_limit or frames)
    png_frames.run("thorvg", f"ThorVG {lib.tvgf_version().decode()} + Pillow {pillow_version}", name, width, height,
                   count, args.png_dir, args.warmup, draw, output, {"encoder": "Pillow PNG defaults"})
    lib.tvgf_close(handle)


if __name__ == "__main__":
    main()
