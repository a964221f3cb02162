"""A video model's frames and image size, told through its learned position tables.

A video transformer's position table holds a row per patch of each frame group and one per
token: ViViT's one table ``(num_frames / tubelet) x (image / patch)^2 + 1`` rows, TimeSformer's
two (space: ``(image / patch)^2 + 1``; time: ``num_frames``). No weight holds the frame count
or the image size itself, so a changed one shows only as a table of another row count, which
says neither. Where one side states its frames (a video config: ``num_frames``, and its
``image_size``), that side's table is read in its own terms: which of the three forms (one
joint table, a time table, a space table) its rows are, with 0-2 token rows; the other
side's table of the same form then gives that side's frames (same grid) or image size (same
frames, its own patch). One reading over every form, or nothing: a table whose rows two
readings explain stays the shape finding it was.
"""

from __future__ import annotations

import math

from driftcheck.graph.match.canon import Item, walk
from driftcheck.graph.match.derive import Derived
from driftcheck.graph.match.diff import Diff
from driftcheck.graph.match.facts import SIDES, FactDiff
from driftcheck.graph.model import Graph

TOKENS = (0, 1, 2)
"""Rows a table holds beyond the patches: none, a class token, class and distillation."""


def _tubelet(items: list[Item]) -> int:
    """Frames one patch embedding step covers: a ``Conv3d`` patch embedding's kernel in time
    (ViViT's tubelet), else 1 (a 2-D patch embedding run on each frame)."""
    for it in walk(items):
        if it.is_block and it.count > 1:
            break
        if it.is_block or it.ltype not in ("Conv2d", "Conv3d"):
            continue
        k = it.params.get("kernel_size")
        if it.ltype == "Conv3d" and isinstance(k, (list, tuple)) and len(k) == 3:
            return k[0] if type(k[0]) is int and k[0] > 0 else 0
        return 1
    return 1


def _rows(d: Diff) -> tuple[int, int] | None:
    """(left rows, right rows) of a ``[1, N, D]`` table whose rows alone differ."""
    lv, rv = d.left, d.right
    if d.kind not in ("param", "shape") or not d.attribute.endswith(".shape"):
        return None
    if not (isinstance(lv, list) and isinstance(rv, list) and len(lv) == len(rv) == 3):
        return None
    if not all(type(x) is int for x in (*lv, *rv)) or lv[0] != 1 or rv[0] != 1:
        return None
    if lv[2] != rv[2] or lv[1] == rv[1]:
        return None
    return lv[1], rv[1]


def _square(n: int) -> int | None:
    g = math.isqrt(n) if n > 0 else 0
    return g if g >= 1 and g * g == n else None


def _readings(n_s: int, n_o: int, frames: int, t: int, grid: int, patch_o: int | None) -> set:
    """The other side's (fact, value) readings of its table of ``n_o`` rows, over the forms
    the stating side's ``n_s`` rows take at its ``frames`` (``t`` per step) and ``grid``."""
    steps = frames // t
    out = set()
    for k in TOKENS:
        if n_s == steps * grid * grid + k and n_o > k:  # one joint table
            f, r = divmod((n_o - k) * t, grid * grid)
            if r == 0 and f > 0 and f % t == 0:
                out.add(("numFrames", f))
            g = _square((n_o - k) // steps) if (n_o - k) % steps == 0 else None
            if g is not None and patch_o is not None:
                out.add(("imageSize", g * patch_o))
        if n_s == steps + k and n_o > k:  # a time table
            out.add(("numFrames", (n_o - k) * t))
        if n_s == grid * grid + k and n_o > k:  # a space table
            g = _square(n_o - k)
            if g is not None and patch_o is not None:
                out.add(("imageSize", g * patch_o))
    return out


def as_video_positions(
    left: Graph, right: Graph, a: list[Item], b: list[Item], da: dict, db: dict, rest: list[Diff]
) -> list[FactDiff]:
    """``numFrames`` / ``imageSize`` findings for the position tables whose rows differ, where
    one side states its frames; ``rest`` is edited in place (the table goes under the fact)."""
    said = [s for s, g in zip(SIDES, (left, right)) if "numFrames" in g.facts]
    if len(said) != 1:
        return []
    side = said[0]
    other = "right" if side == "left" else "left"
    gs = left if side == "left" else right
    ds, do = (da, db) if side == "left" else (db, da)
    frames, size = gs.facts["numFrames"].value, gs.facts.get("imageSize")
    patch_s, patch_o = ds.get("patchSize"), do.get("patchSize")
    t = _tubelet(a if side == "left" else b)
    if type(frames) is not int or frames <= 0 or t <= 0 or frames % t or patch_s is None:
        return []
    if size is None or type(size.value) is not int or size.value % patch_s.value:
        return []
    grid = size.value // patch_s.value
    po = patch_o.value if isinstance(patch_o, Derived) and type(patch_o.value) is int else None
    out = []
    for d in list(rest):
        rows = _rows(d)
        if rows is None:
            continue
        n_s, n_o = (rows[0], rows[1]) if side == "left" else (rows[1], rows[0])
        got = _readings(n_s, n_o, frames, t, grid, po)
        if len(got) != 1:
            continue
        key, value = got.pop()
        stated = frames if key == "numFrames" else size.value
        if value == stated:
            continue
        rest.remove(d)
        values = {side: stated, other: value}
        locs = dict(d.locs)
        fact = gs.facts[key]
        if fact.loc is not None:
            locs[side] = fact.loc.model_copy(update={"side": side})
        out.append(
            FactDiff(
                key,
                {"left": values["left"], "right": values["right"]},
                {"left": locs.get("left"), "right": locs.get("right")},
                f"model.{key}",
                absorbed=[d],
            )
        )
    return out
