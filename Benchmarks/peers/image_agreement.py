"""Image agreement between two reference frames: the peer benchmark's metric plus PSNR (README.md, "Agreement with
Skia and the quality bar").

Both PNGs are straight-alpha RGBA8; they are premultiplied (round(c * a / 255)) and compared channel by
channel in 0..255 units:
    mean_abs   mean absolute difference over every channel of every pixel
    pct_gt2    % of pixels whose largest channel difference exceeds 2 (likewise pct_gt8, pct_gt32)
    max_abs    largest channel difference
    psnr_db    10 log10(255^2 / MSE) over every channel; infinite when the images are identical
"""
import math

import numpy as np
from PIL import Image


def load_premultiplied(path):
    with Image.open(path) as image:
        rgba = np.asarray(image.convert("RGBA"), dtype=np.uint32)
    alpha = rgba[..., 3:4]
    colour = (2 * rgba[..., :3] * alpha + 255) // 510  # round(c * a / 255), halves up
    return np.concatenate([colour, alpha], axis=-1).astype(np.int32)


def agreement(path, reference_path):
    a, b = load_premultiplied(path), load_premultiplied(reference_path)
    if a.shape != b.shape:
        raise ValueError(f"{path}: size {a.shape[1]}x{a.shape[0]} differs from the reference's "
                         f"{b.shape[1]}x{b.shape[0]}")
    diff = np.abs(a - b)
    per_pixel = diff.max(axis=-1)
    mse = float(np.mean(diff.astype(np.float64) ** 2))
    return {
        "mean_abs": float(diff.mean()),
        "pct_gt2": float((per_pixel > 2).mean() * 100),
        "pct_gt8": float((per_pixel > 8).mean() * 100),
        "pct_gt32": float((per_pixel > 32).mean() * 100),
        "max_abs": int(diff.max()),
        "psnr_db": math.inf if mse == 0 else 10 * math.log10(255.0 ** 2 / mse),
    }


def format_cell(m):
    """The report's cell: mean / % > 2 / % > 8 / % > 32 / max, then PSNR."""
    psnr = "inf" if math.isinf(m["psnr_db"]) else f"{m['psnr_db']:.1f}"
    return (f"{m['mean_abs']:.2f} / {m['pct_gt2']:.1f} / {m['pct_gt8']:.2f} / {m['pct_gt32']:.2f} / "
            f"{m['max_abs']} / {psnr} dB")
