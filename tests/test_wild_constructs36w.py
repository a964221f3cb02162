"""Session 36 (wildfix36): numpy scalars keep numpy's semantics (library/npdtypes.py).

``np.int64(3)``, ``np.prod(shape)``, ``a.sum()``, ``np.ceil(x)`` are numpy scalars, not
Python numbers: ``isinstance(x, int)`` is False for an ``np.int64``, ``type(x) is int`` is
False, an ``lru_cache`` keys ``np.int64(3)`` apart from ``3``, ``np.float64`` is a ``float``
subclass, ``np.float32`` rounds every result to single precision and compares a Python float
after rounding it, ``np.ceil(3.2)`` is the float 4.0 and ``np.sum`` of floats adds pairwise.
What numpy would wrap or warn about is unknown. Every count is torch's (``torch_count`` runs
the file with real numpy and torch); a null count is an honest unknown.
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")
pytest.importorskip("numpy")

_HEAD = """
import functools
import json
import numbers
import numpy as np
import torch.nn as nn

events = []
"""


def _count(tmp_path, code: str) -> tuple[int | None, int, list[str]]:
    path = tmp_path / "model.py"
    path.write_text(_HEAD + textwrap.dedent(code))
    r = parse_source(path)
    return r.params_total(), torch_count(path, root="model"), r.notes


def _lin(n: int) -> int:  # the parameters of ``nn.Linear(1, n)``
    return 2 * n


EXACT = {
    # name: (code, torch's count); each must be exact
    "isinstance_np_integer": (
        """
        x = np.int64(3)
        a = isinstance(x, np.integer) + 2 * isinstance(x, (int, np.integer))
        b = 4 * isinstance(x, numbers.Integral) + 8 * isinstance(x, np.signedinteger)
        model = nn.Linear(1, 1 + a + b)
        """,
        _lin(16),
    ),
    "isinstance_float64_is_a_float": (
        """
        x = np.float64(0.5)
        y = np.float32(0.5)
        a = isinstance(x, float) + 2 * isinstance(y, float) + 4 * isinstance(y, np.floating)
        b = 8 * isinstance(np.sqrt(4), float) + 16 * isinstance(np.prod([2, 3]), int)
        model = nn.Linear(1, 1 + a + b)
        """,
        _lin(14),
    ),
    "type_is_np_int64": (
        """
        x = np.prod((2, 3, 4))
        a = (type(x) is np.int64) + 2 * (type(x) == int) + 4 * (type(int(x)) is int)
        model = nn.Linear(1, a + int(x))
        """,
        _lin(5 + 24),
    ),
    "prod_of_a_shape": (
        """
        shape = (3, 4, 2)
        model = nn.Linear(int(np.prod(shape)), np.prod(shape[1:]))
        """,
        24 * 8 + 8,
    ),
    "float32_rounds": (
        """
        n = int(np.float32(1e8 + 3)) - 100000000
        m = int(np.float32(0.1) * 10 ** 9) - 100000000
        model = nn.Linear(1, 1 + n + m)
        """,
        _lin(1),
    ),
    "float32_compares_after_rounding": (
        """
        a = (np.float32(0.1) == 0.1) + 2 * (np.float32(0.1) + 0.2 == np.float32(0.3))
        b = 4 * (np.float64(0.1) + 0.2 == 0.3)
        model = nn.Linear(1, 1 + a + b)
        """,
        _lin(4),
    ),
    "sum_of_floats_is_pairwise": (
        """
        s = np.sum([0.1] * 10)
        t = np.array([0.1] * 10).sum()
        model = nn.Linear(1, 1 + (s == 1.0) + 2 * (t == 1.0) + 4 * (sum([0.1] * 10) == 1.0))
        """,
        _lin(4),
    ),
    "ceil_is_a_float": (
        """
        c = np.ceil(3.2)
        a = isinstance(c, int) + 2 * isinstance(c, float) + 4 * (str(c) == "4.0")
        model = nn.Linear(1, a + int(c))
        """,
        _lin(6 + 4),
    ),
    "item_and_tolist_are_python_ints": (
        """
        arr = np.array([7, 8])
        a = type(arr.tolist()[0]) is int
        b = type(np.array([5]).item()) is int
        c = type(arr.sum()) is int
        model = nn.Linear(1, 1 + a + 2 * b + 4 * c + int(arr.max()))
        """,
        _lin(4 + 8),
    ),
    "arithmetic_keeps_numpy_types": (
        """
        x = np.int64(7)
        a = isinstance(x // 2, int) + 2 * isinstance(x / 2, float) + 4 * isinstance(0.5 * x, float)
        b = 8 * isinstance(x + 1, int) + 16 * isinstance(-x, np.int64)
        c = 32 * isinstance(np.int32(2) + np.int64(3), np.int64)
        model = nn.Linear(1, 1 + a + b + c + int(x // 2 + x % 4))
        """,
        _lin(1 + 2 + 4 + 16 + 32 + 6),
    ),
    "numpy_int_where_python_reads_its_value": (
        """
        n = np.int64(3)
        width = [10, 20, 30][n - 2] + len(range(n)) + {3: 5}[n] + abs(np.int64(-2))
        if n > 2:
            width += 1
        if np.prod([1, 0]):
            width += 100
        model = nn.Linear(1, width + len(f"{n}") + len(str(n)) + len(repr(n)))
        """,
        _lin(20 + 3 + 5 + 2 + 1 + 1 + 1 + 11),
    ),
    "lru_cache_keys": (
        """
        @functools.lru_cache(maxsize=None)
        def f(n):
            events.append(n)
            return n
        f(np.int64(2))
        f(np.int64(2))
        f(2.0)
        f(2)
        @functools.lru_cache(typed=True)
        def g(v):
            events.append(v)
            return v
        g(np.float64(0.5))
        g(0.5)
        model = nn.Linear(1, 1 + len(events))
        """,
        _lin(1 + 2 + 2),
    ),
    "power_of_ints": (
        """
        p = np.power(2, 3)
        model = nn.Linear(1, p + 10 * isinstance(p, np.integer))
        """,
        _lin(18),
    ),
    "round_of_float64": (
        """
        r = round(np.float64(2.5)) + round(np.float64(3.5))
        model = nn.Linear(1, r + 10 * (type(r) is int))
        """,
        _lin(16),
    ),
    "scalar_repeats_a_sequence": (
        """
        v = np.int64(3) * [0, 1]
        t = np.int32(2) * (1,)
        model = nn.Linear(1, len(v) + 10 * isinstance(v, list) + len(t) + len(np.int64(2) * "ab"))
        """,
        _lin(6 + 10 + 2 + 4),
    ),
    "scalar_attributes": (
        """
        a = np.int64(3).item() + np.prod([2, 3]).tolist() + np.int64(5).dtype.itemsize
        b = 10 * (type(np.float64(2.0).item()) is float) + np.int32(1).nbytes + np.int64(1).ndim
        model = nn.Linear(1, a + b + len(np.int64(2).shape))
        """,
        _lin(3 + 6 + 8 + 10 + 4 + 0),
    ),
}

HONEST = {
    "scalar_plus_a_list": (
        """
        v = np.int64(1) + [1, 2]
        model = nn.Linear(1, len(v) + 10 * isinstance(v, list))
        """,
        _lin(2),
    ),
    # name: (code, torch's count); exact or unknown, never another number
    "int8_overflow_wraps": (
        """
        x = np.int8(100) + np.int8(100)
        model = nn.Linear(1, 100 + int(x))
        """,
        _lin(44),
    ),
    "uint8_overflow_wraps": (
        """
        x = np.uint8(200) + 100
        model = nn.Linear(1, int(x))
        """,
        _lin(44),
    ),
    "json_refuses_int64": (
        """
        try:
            json.dumps({"width": np.prod([2, 3])})
        except TypeError:
            events.append(1)
        model = nn.Linear(1, 1 + len(events))
        """,
        _lin(2),
    ),
    "float32_text": (
        """
        model = nn.Linear(1, len(str(np.float32(0.1))) + len(repr(np.float32(2.0))))
        """,
        _lin(3 + 15),
    ),
    "type_name": (
        """
        model = nn.Linear(1, len(type(np.int64(3)).__name__))
        """,
        _lin(5),
    ),
    "division_by_zero": (
        """
        try:
            x = np.float64(1.0) / 0
        except ZeroDivisionError:
            x = 3.0
        model = nn.Linear(1, 2 if x == 3.0 else 5)
        """,
        _lin(5),
    ),
}


@pytest.mark.parametrize("case", sorted(EXACT))
def test_numpy_scalar_exact(tmp_path, case):
    code, want = EXACT[case]
    got, truth, notes = _count(tmp_path, code)
    assert truth == want
    assert got == truth, (got, truth, notes)


@pytest.mark.parametrize("case", sorted(HONEST))
def test_numpy_scalar_exact_or_unknown(tmp_path, case):
    code, want = HONEST[case]
    got, truth, _notes = _count(tmp_path, code)
    assert truth == want
    assert got is None or got == truth, (got, truth)


HELPERS = {
    # name: (code, torch's count); numpy's index / repetition helpers (library/npindex.py)
    # and dataclass field metadata (library/stdlib.py ``_dc_field_metadata``): exact
    "floor_divide": (
        """
        sizes = np.array([64, 48, 30, 17])
        down = np.floor_divide(sizes, 8)
        neg = np.floor_divide(-sizes, 8)
        one = np.floor_divide(-17, 8)
        model = nn.ModuleList(
            [nn.Linear(int(s), int(d)) for s, d in zip(sizes, down)]
            + [nn.Linear(int(-n), 2) for n in neg]
            + [nn.Linear(1, int(-one) + 10 * isinstance(one, np.integer))]
        )
        """,
        (64 * 8 + 8 + 48 * 6 + 6 + 30 * 3 + 3 + 17 * 2 + 2)
        + (8 * 2 + 2 + 6 * 2 + 2 + 4 * 2 + 2 + 3 * 2 + 2)
        + _lin(13),
    ),
    "repeat_tile": (
        """
        w = np.repeat((8, 16, 24), (2, 1, 3))
        t = np.tile((12, 6), 2)
        r = np.repeat([5, 7], 2)
        model = nn.ModuleList(nn.Linear(1, int(x)) for x in [*w.tolist(), *t, *r])
        """,
        sum(2 * x for x in (8, 8, 16, 24, 24, 24, 12, 6, 12, 6, 5, 5, 7, 7)),
    ),
    "unravel_ravel": (
        """
        W, K = (16, 32, 48), (1, 3, 5, 7)
        layers = []
        for fid in (5, 2, 11, 4):
            wi, ki = np.unravel_index(fid, (len(W), len(K)))
            layers.append(nn.Linear(K[ki], W[wi]))
        last = np.ravel_multi_index((2, 3), (3, 4))
        i3 = np.unravel_index(17, (2, 3, 4))
        model = nn.ModuleList([*layers, nn.Linear(1, int(last) + sum(int(i) for i in i3))])
        """,
        (3 * 32 + 32) + (5 * 16 + 16) + (7 * 48 + 48) + (1 * 32 + 32) + _lin(11 + 1 + 1 + 1),
    ),
    "outer_kron": (
        """
        grid = np.outer(np.array([1, 2]), [8, 16, 24]).ravel()
        scales = np.kron([2, 3], [1, 4])
        model = nn.ModuleList(nn.Linear(1, int(g)) for g in [*grid, *scales])
        """,
        sum(2 * x for x in (8, 16, 24, 16, 32, 48, 2, 8, 3, 12)),
    ),
    "dataclass_field_metadata": (
        """
        import dataclasses

        @dataclasses.dataclass
        class Spec:
            d_in: int = 8
            hidden: int = dataclasses.field(default=32, metadata={"layer": True})
            out: int = dataclasses.field(default=4, metadata={"layer": True, "n": 2})
            skip: int = dataclasses.field(default=99, metadata={"layer": False})
            plain: int = 5

        s = Spec(hidden=40)
        fs = dataclasses.fields(s)
        widths = [getattr(s, f.name) for f in fs if f.metadata.get("layer")]
        extra = len(fs[0].metadata) + fs[2].metadata["n"] + len(fs[4].metadata)
        try:
            fs[1].metadata["layer"] = False
        except TypeError:
            extra += 1
        model = nn.ModuleList(nn.Linear(1, w + extra) for w in widths)
        """,
        _lin(43) + _lin(7),
    ),
    "packbits": (
        """
        bits = np.unpackbits(np.array([0b10110001], dtype=np.uint8))
        packed = int(np.packbits(bits[:4])[0]) + int(np.packbits([1, 1, 1, 1, 1, 1, 1, 1, 1])[1])
        model = nn.ModuleList(
            [nn.Linear(4, 4, bias=bool(b)) for b in bits] + [nn.Linear(1, packed // 16)]
        )
        """,
        8 * 16 + 4 * 4 + _lin((176 + 128) // 16),
    ),
    "sliding_window_view": (
        """
        from numpy.lib.stride_tricks import sliding_window_view

        ch = np.array([4, 8, 12, 20, 28])
        pairs = sliding_window_view(ch, 2)
        sums = sliding_window_view(ch, 3).sum(axis=1)
        cols = sliding_window_view([1, 2, 3, 4], 2).sum(axis=0)
        total = sliding_window_view((1, 2, 3), 2).sum()
        model = nn.ModuleList(
            [nn.Linear(int(a), int(b)) for a, b in pairs]
            + [nn.Linear(1, int(s)) for s in [*sums, *cols, total]]
        )
        """,
        (4 * 8 + 8 + 8 * 12 + 12 + 12 * 20 + 20 + 20 * 28 + 28)
        + sum(2 * x for x in (24, 40, 60, 6, 9, 8)),
    ),
}

HELPERS_HONEST = {
    "sliding_window_too_long": (
        """
        from numpy.lib.stride_tricks import sliding_window_view

        try:
            n = len(sliding_window_view([1, 2], 3))
        except ValueError:
            n = 4
        model = nn.Linear(1, n)
        """,
        _lin(4),
    ),
    "uint8_array_wraps": (
        """
        bits = np.unpackbits(np.array([0b10110001], dtype=np.uint8))
        x = bits * 200 + 100
        model = nn.Linear(1, int(x[0]))
        """,
        _lin(44),
    ),
    "uint8_array_negation_wraps": (
        """
        b = -np.unpackbits(np.array([1], dtype=np.uint8))
        model = nn.Linear(1, 2 + int(b[-1]))
        """,
        _lin(257),
    ),
    # exact or unknown, never another number: what numpy refuses or wraps
    "floor_divide_by_zero": (
        """
        d = np.floor_divide(np.array([4, 8]), 0)
        model = nn.Linear(1, 1 + int(d[0]))
        """,
        _lin(1),
    ),
    "unravel_out_of_bounds": (
        """
        try:
            i, j = np.unravel_index(12, (3, 4))
        except ValueError:
            i, j = 1, 1
        model = nn.Linear(1, 1 + i + j)
        """,
        _lin(3),
    ),
    "repeat_negative": (
        """
        try:
            r = np.repeat([1, 2], -1)
            n = len(r)
        except ValueError:
            n = 5
        model = nn.Linear(1, n)
        """,
        _lin(5),
    ),
}


@pytest.mark.parametrize("case", sorted(HELPERS))
def test_numpy_helpers_exact(tmp_path, case):
    code, want = HELPERS[case]
    got, truth, notes = _count(tmp_path, code)
    assert truth == want
    assert got == truth, (got, truth, notes)


@pytest.mark.parametrize("case", sorted(HELPERS_HONEST))
def test_numpy_helpers_exact_or_unknown(tmp_path, case):
    code, want = HELPERS_HONEST[case]
    got, truth, _notes = _count(tmp_path, code)
    assert truth == want
    assert got is None or got == truth, (got, truth)


def test_argsort_of_ties_is_unknown(tmp_path):
    # numpy's default argsort is no stable sort (its SIMD sort orders equal items its own way,
    # machine by machine): the order of ties is not Python's stable ``sorted``
    code = """
    order = np.argsort([3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 2])
    model = nn.Linear(1, 1 + int(order[5]))
    """
    got, truth, notes = _count(tmp_path, code)
    assert truth >= 2
    assert got is None, (got, truth)
    assert any("argsort" in n for n in notes), notes
    exact = "order = np.argsort([3, 1, 0, 2])\nmodel = nn.Linear(1, 1 + int(order[1]))\n"
    got, truth, _ = _count(tmp_path, exact)
    assert got == truth == _lin(2)
