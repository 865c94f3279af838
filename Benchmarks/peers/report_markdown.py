"""The markdown report of compare.py: per frame size, the ms-per-frame table (with OpenQuartz ÷ peer ratios and
the fastest peer ÷ fill floor), the floor line, and the agreement-with-Skia table. README.md explains columns."""
import image_agreement


def fmt_ms(value):
    return "—" if value is None else f"{value:.2f}" if value < 10 else f"{value:.1f}"


def render_markdown(results, renderers, sizes, floor, machine, quick, clock, openquartz_threads):
    """results: compare.py's rows; floor: quartz_floor's sizes by "WxH" plus "_tool"; clock: "wall" or "cpu"."""
    lines = [f"# Peer comparison{' (QUICK: plumbing check only, not a measurement)' if quick else ''}", "",
             f"Machine: {machine['cpu']}, {machine['cores']} cores, Linux {machine['kernel']}, gcc {machine['gcc']}. "
             "Every renderer single-threaded" +
             (f" (OpenQuartz: --threads {openquartz_threads})" if "openquartz" in renderers else "") +
             "; medians of the SCENES.md protocol, all in one run.", ""]
    versions = {r["renderer"]: r.get("version") for r in results if r.get("version")}
    lines.append("Versions: " + ", ".join(f"{k} {v}" for k, v in versions.items()) + ".")
    changed = sorted({r["renderer"] for r in results if r.get("threads") != r.get("threads_before")})
    if changed:
        lines.append(f"WARNING: the process thread count changed while timing: {', '.join(changed)}.")
    # Process CPU time over wall time while timing: near 1 for one busy thread, below 1 when the machine took
    # the core away, clearly above 1 if a renderer worked on more than one thread.
    # (--quick times a few ms, where Skia's helper thread still finishing its start-up shows; not a render thread.)
    busy = sorted({r["renderer"] for r in results if (r.get("cpu_per_wall") or 0) > 1.15})
    if busy and not quick:
        lines.append(f"WARNING: more CPU time than wall time while timing (several threads busy): {', '.join(busy)}.")
    ratios = [r["cpu_per_wall"] for r in results if r.get("cpu_per_wall")]
    if ratios:
        lines.append(f"CPU time ÷ wall time while timing: {min(ratios):.2f}–{max(ratios):.2f} "
                     "(1 = one thread busy throughout; below 1 = the machine took the core away)." +
                     (" † marks medians timed with less than 0.9: not to be trusted; rerun on a quiet machine "
                      "or read --clock cpu." if clock == "wall" and min(ratios) < 0.9 else ""))
    others = [r for r in renderers if r != "openquartz"]
    has_oq = "openquartz" in renderers
    for size in sizes:
        rows = [r for r in results if r["size"] == size]
        keys = list(dict.fromkeys(r["scene_key"] for r in rows))
        fl = floor.get(size) if floor else None
        fill = fl["single_thread"]["fill_ms"] if fl else None
        header = ["scene"] + renderers + ([f"OQ ÷ {p}" for p in others] if has_oq else []) + ["fastest peer ÷ fill"]
        what = "process CPU ms per frame (median)" if clock == "cpu" else "ms per frame (median)"
        lines += ["", f"## {size}: {what}", "", "| " + " | ".join(header) + " |",
                  "|" + "|".join(["---"] + ["--:"] * (len(header) - 1)) + "|"]
        for key in keys:
            cell = {r["renderer"]: r for r in rows if r["scene_key"] == key}
            med = {k: v.get("median_cpu_ms" if clock == "cpu" else "median_ms") for k, v in cell.items()}
            peer_times = [med[p] for p in others if med.get(p)]
            fastest = min(peer_times) if peer_times else None
            out = [key]
            for renderer in renderers:
                r = cell.get(renderer, {})
                text = fmt_ms(med.get(renderer)) if r.get("status") == "ok" else r.get("status", "—")
                if clock == "wall" and r.get("cpu_per_wall") is not None and r["cpu_per_wall"] < 0.9:
                    text += " †"
                out.append(f"**{text}**" if med.get(renderer) is not None and med.get(renderer) == fastest else text)
            if has_oq:
                out += [f"{med['openquartz'] / med[p]:.2f}×" if med.get("openquartz") and med.get(p) else "—"
                        for p in others]
            out.append(f"{fastest / fill:.0f}×" if fastest and fill else "—")
            lines.append("| " + " | ".join(out) + " |")
        if fl:
            st, mt = fl["single_thread"], fl["all_threads"]
            tool = floor["_tool"]
            lines += ["", f"Floor at {size} ({fl['bytes'] / 1e6:.1f} MB frame; median of {tool['runs']} runs): "
                      f"fill {st['fill_ms']:.3f} ms ({st['fill_gbps']:.0f} GB/s), copy {st['copy_ms']:.3f} ms "
                      f"({st['copy_gbps']:.0f} GB/s) single-threaded; with {tool['parallel']} on {tool['threads']} "
                      f"threads fill {mt['fill_ms']:.3f} ms, copy {mt['copy_ms']:.3f} ms "
                      f"(fastest runs {mt['fill_min_ms']:.3f} / {mt['copy_min_ms']:.3f} ms)."]
        compared = [r for r in renderers if r != "skia"]
        lines += ["", f"## {size}: agreement with Skia (premultiplied RGBA, 0..255)", "",
                  "Each cell: mean abs / % px > 2 / % px > 8 / % px > 32 / max abs / PSNR.", "",
                  "| scene | " + " | ".join(f"{r} vs skia" for r in compared) + " |",
                  "|" + "|".join(["---"] * (len(compared) + 1)) + "|"]
        for key in keys:
            cell = {r["renderer"]: r for r in rows if r["scene_key"] == key}
            out = [key] + [image_agreement.format_cell(cell[r]["agreement"]) if "agreement" in cell.get(r, {})
                           else cell.get(r, {}).get("status", "—") if cell.get(r, {}).get("status") != "ok" else "—"
                           for r in compared]
            lines.append("| " + " | ".join(out) + " |")
    return "\n".join(lines)
