"""numpy's 1-D array bookkeeping over known numbers (session 33): ``np.array_split`` /
``np.split`` into sections or at indices, ``np.searchsorted`` with either side,
``np.concatenate`` of flat arrays and lists, and ``np.cumsum`` of a 1-D array.

Model code sizes per-branch layers from these: channel groups by ``np.array_split(channels,
4)`` (uneven sections, the first ones one larger), a width per bucket by
``np.searchsorted(boundaries, values, side=...)``, embedding offsets by ``np.concatenate([[0],
np.cumsum(cards)[:-1]])``. Each entry is numpy's own rule written out over the known items
(numpy itself is not imported on the static path); anything else -- an array held only by its
shape, an ``axis``, a value numpy would refuse -- is an honest unknown naming the call.
"""

from __future__ import annotations

import bisect
import itertools
from typing import Any

from driftcheck.parsers.source.library.arrays import NDArray, _inferred_dtype
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import plain

NP = Group("numpy", title="numpy 1-D splits, searchsorted, concatenate")


def _flat(x: Any) -> tuple[list[Any], str | None] | None:
    """The items and dtype of a flat array (ours) or a flat list / tuple of known numbers
    (numpy's inferred dtype); None for anything else (a nesting, an unknown item)."""
    x = plain(x)
    if isinstance(x, NDArray):
        items, dtype = list(x.items), x.dtype
    elif isinstance(x, (list, tuple)):
        items = [plain(i) for i in x]
        dtype = _inferred_dtype(items)
    else:
        return None
    if not all(isinstance(i, (int, float)) and not isinstance(i, bool) for i in items):
        return None
    return items, dtype


def _count(v: Any) -> int | None:
    v = plain(v)
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _splitter(equal: bool) -> Any:
    name = "split" if equal else "array_split"

    def impl(c: Call) -> Any:
        """``np.array_split(a, n)``: ``n`` sections, the first ``len(a) % n`` one item longer;
        ``np.split(a, n)`` the same where ``n`` divides the length (numpy's ValueError
        otherwise: unknown); either at a list of indices: the slices between them, as
        Python slices them (a negative index counts from the end)."""
        if len(c.args) != 2 or set(c.kwargs) - {"axis"} or c.plain(99, "axis", 0) != 0:
            return c.unknown(f"numpy.{name}() with these arguments")
        got = _flat(c.args[0])
        if got is None:
            return c.unknown(f"numpy.{name}() of an array we cannot follow")
        items, dtype = got
        n_items = len(items)
        sec = plain(c.args[1])
        if _count(sec) is not None:
            if sec <= 0 or (equal and n_items % sec):
                return c.unknown(f"numpy.{name}() into {sec} sections of {n_items} items")
            each, extra = divmod(n_items, sec)
            sizes = [each + 1] * extra + [each] * (sec - extra)
            bounds = [0, *itertools.accumulate(sizes)]
        else:
            idx = _flat(sec)
            if idx is None or not all(_count(i) is not None for i in idx[0]):
                return c.unknown(f"numpy.{name}() at indices we cannot follow")
            bounds = [0, *idx[0], n_items]
        return [NDArray(items[a:b], dtype) for a, b in zip(bounds, bounds[1:])]

    return impl


NP.add(
    "array_split",
    _splitter(False),
    "array_split(a, n or indices) of a flat array of known numbers: n sections (the first "
    "len % n one longer) or the slices between the indices",
)
NP.add(
    "split",
    _splitter(True),
    "split(a, n or indices) of a flat array of known numbers: n equal sections (unequal: "
    "numpy's ValueError, unknown) or the slices between the indices",
)


@NP.entry(
    "searchsorted",
    doc="searchsorted(a, v, side='left'|'right') of a sorted flat array of known numbers: "
    "bisect's insertion points (an index, or an int64 array of them)",
)
def _searchsorted(c: Call) -> Any:
    """numpy's binary search is ``bisect_left`` (``side="left"``) / ``bisect_right``
    (``"right"``) over a sorted ``a``; an unsorted ``a``, a ``sorter``, a NaN: unknown."""
    if not 2 <= len(c.args) <= 3 or set(c.kwargs) - {"side"}:
        return c.unknown("numpy.searchsorted() with these arguments")
    side = c.plain(2, "side", "left")
    got = _flat(c.args[0])
    if got is None or side not in ("left", "right"):
        return c.unknown("numpy.searchsorted() of values we cannot follow")
    a = got[0]
    if any(x != x for x in a) or any(x > y for x, y in zip(a, a[1:])):
        return c.unknown("numpy.searchsorted() of an unsorted array")
    find = bisect.bisect_left if side == "left" else bisect.bisect_right
    v = plain(c.args[1])
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return c.unknown("numpy.searchsorted() of a NaN") if v != v else find(a, v)
    vs = _flat(v)
    if vs is None or any(x != x for x in vs[0]):
        return c.unknown("numpy.searchsorted() of values we cannot follow")
    return NDArray([find(a, x) for x in vs[0]], "int64")


@NP.entry(
    "concatenate",
    doc="concatenate([a, b, ...]) of flat arrays / lists of known numbers: one flat array",
)
def _concatenate(c: Call) -> Any:
    """The items end to end; the dtype where every part's is known and they agree (int64
    and float64 parts: float64), else not recorded. A 0-d part is numpy's ValueError."""
    if len(c.args) != 1 or set(c.kwargs) - {"axis"} or c.plain(99, "axis", 0) != 0:
        return c.unknown("numpy.concatenate() with these arguments")
    parts = plain(c.args[0])
    if not isinstance(parts, (list, tuple)) or not parts:
        return c.unknown("numpy.concatenate() of parts we cannot follow")
    items: list[Any] = []
    dtypes: set[str | None] = set()
    for p in parts:
        got = _flat(p)
        if got is None:
            return c.unknown("numpy.concatenate() of a part we cannot follow")
        items.extend(got[0])
        # an empty list is numpy's float64 array
        dtypes.add(got[1] if got[0] or isinstance(plain(p), NDArray) else "float64")
    if len(dtypes) == 1:
        dtype = next(iter(dtypes))
    else:
        dtype = "float64" if dtypes == {"int64", "float64"} else None
    return NDArray(items, dtype)


@NP.entry(
    "cumsum",
    doc="cumsum(xs) of a flat array or list of known numbers: a 1-D array of the running sums",
)
def _cumsum(c: Call) -> Any:
    """Running sums, as numpy's ``add.accumulate`` gives them; the dtype numpy infers or the
    array's own (int64 / float64 kept; another, narrower one, not recorded)."""
    if len(c.args) != 1 or c.kwargs:
        return c.unknown("numpy.cumsum() with an axis or dtype")
    got = _flat(c.args[0])
    if got is None:
        return c.unknown("numpy.cumsum() of values we cannot follow")
    items, dtype = got
    sums = list(itertools.accumulate(items))
    if any(isinstance(x, int) and not -(2**63) <= x < 2**63 for x in sums):
        return c.unknown("numpy.cumsum() past int64 (numpy wraps)")
    return NDArray(sums, dtype if dtype in ("int64", "float64") else None)
