"""Session 34 (wildfix34b): fresh33 dev's confident wrong and unknowns.

- ``functools.cache`` / ``lru_cache`` keys as CPython builds them (``_make_key``): equal keys
  with equal hashes are one entry (``(1.0,) == (True,)``), a lone untyped int / str argument
  is the key itself (``f(1)`` and ``f(1.0)`` are two entries), ``typed=True`` separates the
  types, a NaN or an argument we cannot key makes the cached result unknown.

Every count is torch's (meta device) on the file run by CPython; a null count is an honest
unknown.
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _both(tmp_path, code: str) -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return parse_source(path).params_total(), torch_count(path, root="model")


def _widths_model(decorator: str, calls: str) -> str:
    return f"""
import functools
from torch import nn

seen = []


@{decorator}
def width(mult, *rest, **kw):
    seen.append(mult)
    return 8 * len(seen)


widths = [{calls}]
model = nn.ModuleList(nn.Linear(w, 3) for w in widths)
"""


# (decorator, the calls): each count below is checked against CPython running the same file
EXACT = {
    "bool_collision": ("functools.cache", "width(1), width(1.0), width(True), width(2), width(2)"),
    "float_then_int": ("functools.cache", "width(1.0), width(1), width(True), width(1.0)"),
    "typed": (
        "functools.lru_cache(maxsize=None, typed=True)",
        "width(1), width(1.0), width(True), width(1), width(True)",
    ),
    "bounded_bare": ("functools.lru_cache", "width(0), width(False), width(0.0), width(0)"),
    "keyword_keys": (
        "functools.cache",
        "width(1, k=1), width(1, k=1.0), width(1, k=True), width(True, k=1), width(mult=1),"
        " width(mult=1.0)",
    ),
    "two_args": ("functools.cache", "width(1, 2), width(1.0, 2.0), width(True, 2)"),
    "str_short_path": ("functools.cache", "width('a'), width('a'), width(('a',)), width('b')"),
    "tuple_arg": ("functools.cache", "width((1, 2)), width((1.0, 2)), width((True, 2.0))"),
    "maxsize_one": (
        "functools.lru_cache(maxsize=1)",
        "width(1.0), width(True), width(2), width(1.0), width(1.0)",
    ),
    "negative_zero": ("functools.cache", "width(0.0), width(-0.0), width(0), width(False)"),
    "complex_equal": ("functools.cache", "width(1.0), width(1 + 0j), width(2j), width(2j)"),
}


@pytest.mark.parametrize("case", sorted(EXACT))
def test_cache_keys_as_cpython(tmp_path, case: str) -> None:
    got, want = _both(tmp_path, _widths_model(*EXACT[case]))
    assert got == want, (case, got, want)


def test_bool_collision_wild_shape(tmp_path) -> None:
    """The fresh33 shape: 1 and 1.0 are two entries, True hits 1.0's (not 1's)."""
    got, want = _both(
        tmp_path, _widths_model("functools.cache", "width(1), width(1.0), width(True)")
    )
    assert got == want == (8 + 16 + 16) * 3 + 3 * 3  # widths 8, 16, 16


NAN_SAME_OBJECT = """
import functools
from torch import nn

seen = []


@functools.cache
def width(x):
    seen.append(x)
    return 8 * len(seen)


nan = float("nan")
widths = [width(nan), width(nan), width(float("nan"))]
model = nn.ModuleList(nn.Linear(w, 3) for w in widths)
"""


def test_nan_key_is_unknown(tmp_path) -> None:
    """A NaN is found by identity (``is``) first: the same object hits, another misses --
    which host floats are one object is not the program's, so the count is unknown."""
    got, want = _both(tmp_path, NAN_SAME_OBJECT)
    assert want == (8 + 8 + 16) * 3 + 9  # CPython: the second call hit, the third missed
    assert got is None


UNKEYED_THEN_KNOWN = """
import functools
from torch import nn

seen = []


class Key:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return other == self.v

    def __hash__(self):
        return hash(self.v)


@functools.cache
def width(x):
    seen.append(x)
    return 8 * len(seen)


widths = [width(Key(2)), width(2.0), width(3)]
model = nn.ModuleList(nn.Linear(w, 3) for w in widths)
"""


def test_custom_hash_key_makes_later_misses_unknown(tmp_path) -> None:
    """An argument with its own ``__eq__`` / ``__hash__`` is not keyed: the first call is a
    sure miss, but a later call may hit its entry (here ``width(2.0)`` does)."""
    got, want = _both(tmp_path, UNKEYED_THEN_KNOWN)
    assert want == (8 + 8 + 16) * 3 + 9
    assert got is None


PLAIN_INSTANCE_KEY = """
import functools
from torch import nn

seen = []


class Cfg:
    def __init__(self, v):
        self.v = v


@functools.cache
def width(cfg):
    seen.append(cfg)
    return 8 * len(seen) + cfg.v


a, b = Cfg(1), Cfg(1)
widths = [width(a), width(b), width(a), width(Cfg(2))]
model = nn.ModuleList(nn.Linear(w, 3) for w in widths)
"""


def test_plain_instance_keyed_by_identity(tmp_path) -> None:
    got, want = _both(tmp_path, PLAIN_INSTANCE_KEY)
    assert got == want


def test_cache_clear_forgets_unkeyed(tmp_path) -> None:
    code = UNKEYED_THEN_KNOWN.replace(
        "widths = [width(Key(2)), width(2.0), width(3)]",
        "first = width(Key(2))\nwidth.cache_clear()\nwidths = [first, width(2), width(2)]",
    )
    got, want = _both(tmp_path, code)
    assert got == want


# ------------------------------------------------------------------ numpy number helpers
np = pytest.importorskip("numpy")


def _norm(v):
    """A numpy result as plain Python: lists for arrays / tuples, numbers as numbers."""
    if isinstance(v, tuple):
        return [_norm(x) for x in v]
    if isinstance(v, np.ndarray):
        return v.tolist()
    if isinstance(v, np.generic):
        return v.item()
    return v


def _floats(v):
    """Which leaves are floats (an int and an equal float compare equal: this tells them)."""
    if isinstance(v, list):
        return [_floats(x) for x in v]
    return isinstance(v, float)


def _program(exprs: list[str]) -> tuple[str, int]:
    """One file checking every expression against numpy's own value (and its int / float
    leaves): each check that holds statically adds a Linear(1, 1), one that fails a
    Linear(1, 2); CPython's count (all hold) is ``2 * len(exprs)``."""
    lines = [
        "import numpy as np",
        "from torch import nn",
        "def _floats(v):",
        "    if isinstance(v, list):",
        "        return [_floats(x) for x in v]",
        "    return isinstance(v, float)",
        "def _plain(v):",
        "    if isinstance(v, tuple):",
        "        return [_plain(x) for x in v]",
        "    return v.tolist() if hasattr(v, 'tolist') else v",
        "oks = []",
    ]
    for e in exprs:
        want = _norm(eval(e, {"np": np}))
        lines.append(f"got = _plain({e})")
        lines.append(f"oks.append(got == {want!r} and _floats(got) == {_floats(want)!r})")
    lines.append("model = nn.ModuleList([nn.Linear(1, 1 if ok else 2) for ok in oks])")
    return "\n".join(lines) + "\n", 2 * len(exprs)


NUMPY_EXACT = {
    "binary_repr": [
        "np.binary_repr(11, width=6)",
        "np.binary_repr(0)",
        "np.binary_repr(255)",
        "np.binary_repr(5, 3)",
        "len(np.base_repr(50, base=3))",
        "np.base_repr(-255, 16)",
        "np.base_repr(0)",
        "np.base_repr(35, 36, padding=3)",
        "np.base_repr(7, 2, 2)",
    ],
    "convolve": [
        "len(np.convolve([1, 2, 3], [0, 1, 0.5]))",
        "np.convolve([1, 2, 3, 4], [1, -1], 'same')",
        "np.convolve([1, 2], [1, 2, 3, 4, 5], 'same')",
        "np.convolve([1, 2, 3, 4], [2, 1], 'valid')",
        "np.convolve([1, 2], [3, 4, 5, 6], mode='valid')",
        "np.convolve([3], [4])",
        "len(np.convolve(np.ones(7), np.ones(3), mode='same'))",
        "len(np.convolve(np.ones(2), np.ones(6), mode='valid'))",
        "np.convolve([1, 2, 3, 4], [1, 1, 1, 1], 'same')",
        "len(np.convolve([0.5, 1.5], [2.0, 4.0], 'same'))",
        "np.convolve([2.0, 1], [3, 4.0])",
    ],
    "cumprod": [
        "np.cumprod([1, 2, 2, 1.5])",
        "np.cumprod([3, -2, 5])",
        "np.cumprod([])",
        "(8 * np.cumprod([1, 2, 2, 1.5])).astype(int)",
        "np.cumprod([0.1, 0.2, 0.3, 3])",
    ],
    "histogram": [
        "np.histogram([3, 5, 8, 10, 10, 12, 20], bins=3, range=(0, 20))",
        "np.histogram([1, 2, 2, 3, 3, 3])",
        "np.histogram([4, 4, 4], bins=2)",
        "np.histogram([0.1, 0.2, 0.3, 0.7, 1.0], bins=5, range=(0.0, 1.0))",
        "np.histogram([-1, 0, 1, 2, 30], bins=4, range=(0, 3))",
        "np.histogram([0.3, 0.6, 0.9, 0.1], 3)",
        "np.histogram([], bins=2)",
    ],
    "bincount": [
        "np.bincount([0, 2, 2, 1, 2], minlength=4)",
        "np.bincount([3])",
        "np.bincount([], minlength=2)",
        "np.bincount(np.array([1, 1, 5]))",
    ],
    "interp": [
        "[np.interp(i, [0, 3, 6], [16.0, 40.0, 28.0]) for i in range(8)]",
        "np.interp([-1, 0.5, 2.5, 9], [0, 1, 2], [1, 3, 2])",
        "np.interp(2.5, [1, 2, 3], [3, 2, 0], left=-1, right=9)",
        "np.interp(-3, [1, 2, 3], [3, 2, 0], left=-1, right=9)",
        "np.interp(0.7, [0.5], [4.0])",
        "[np.interp(x / 8, [0, 0.5, 1], [0.25, 0.75, 0.5]) for x in range(11)]",
    ],
    "polyval": [
        "[int(np.polyval([2, -1, 8], s)) for s in range(1, 5)]",
        "np.polyval([0.5, 1, -2], 3)",
        "np.polyval([1, 2, 3], 0.1)",
        "np.polyval([3], 7)",
        "np.polyval([2.0, 1], -4)",
    ],
    "meshgrid_stack": [
        "[g.shape for g in np.meshgrid(np.linspace(0, 1, 5), np.linspace(0, 1, 4))]",
        "[g.shape for g in np.meshgrid(np.arange(5), [1, 2, 3], np.ones(2), indexing='ij')]",
        "[g.shape for g in np.meshgrid(np.arange(5), np.zeros((2, 3)))]",
        "[g.shape for g in np.meshgrid([1, 2, 3])]",
        "len(np.meshgrid())",
        "isinstance(np.meshgrid([1, 2], [3]), tuple)",
        "np.stack(np.meshgrid(np.linspace(0, 1, 5), np.linspace(0, 1, 4)), axis=-1).shape",
        "np.stack(np.meshgrid(np.linspace(0, 1, 5), np.linspace(0, 1, 4)), -1).reshape(-1, 2).shape",
        "np.stack([np.ones((2, 3))] * 4, axis=1).shape",
        "np.stack([[1, 2], [3, 4], [5, 6]]).shape",
        "np.stack((np.zeros(3), np.ones(3)), axis=-2).shape",
    ],
    "reduce": [
        "np.lcm.reduce([4, 3])",
        "np.lcm.reduce([6, 4, 10])",
        "np.gcd.reduce([12, 18, 27])",
        "np.lcm.reduce([-4, 6])",
        "np.gcd.reduce([0, 5])",
        "np.lcm.reduce([7])",
    ],
}


@pytest.mark.parametrize("group", sorted(NUMPY_EXACT))
def test_numpy_number_helpers_as_numpy(tmp_path, group: str) -> None:
    code, n = _program(NUMPY_EXACT[group])
    got, want = _both(tmp_path, code)
    assert want == n
    assert got == want, (group, got, want)


def test_numpy_histogram_fuzz(tmp_path) -> None:
    """Random inputs (seeded): numpy's bin corrections and edges, value for value."""
    import random

    rnd = random.Random(34)
    exprs = []
    for _ in range(15):
        xs = [round(rnd.uniform(-5, 5), rnd.choice((0, 1, 3))) for _ in range(rnd.randint(1, 9))]
        lo = round(rnd.uniform(-6, 0), 1)
        exprs.append(f"np.histogram({xs}, bins={rnd.randint(1, 7)}, range=({lo}, {lo + 7.3}))")
        exprs.append(f"np.histogram({xs}, bins={rnd.randint(1, 7)})")
    code, n = _program(exprs)
    got, want = _both(tmp_path, code)
    assert got == want == n


def test_numpy_interp_fuzz(tmp_path) -> None:
    """Random inputs (seeded), one point a file: numpy's value, or unknown where a fused
    multiply-add would round the interpolation otherwise (numpy's C code may be compiled
    with one); most points are exact."""
    import random

    rnd = random.Random(34)
    exact = 0
    for k in range(16):
        xp = sorted({round(rnd.uniform(-3, 3), 2) for _ in range(rnd.randint(2, 5))})
        fp = [round(rnd.uniform(-9, 9), 3) for _ in xp]
        code, n = _program([f"np.interp({round(rnd.uniform(-4, 4), 2)}, {xp}, {fp})"])
        got, want = _both(tmp_path, code)
        assert want == n
        assert got in (want, None), (k, got, want)
        exact += got == want
    assert exact >= 8, exact


def test_numpy_interp_point_a_fused_multiply_add_could_move_is_unknown(tmp_path) -> None:
    code, _ = _program(["np.interp(0.4, [0, 0.3, 1], [0.1, 0.7, 0.2])"])
    path = tmp_path / "model.py"
    path.write_text(code)
    assert parse_source(path).params_total() is None


NUMPY_RAISES_OR_UNDEFINED = [
    "np.stack([np.ones(2), np.ones(3)])",  # ValueError: unequal shapes
    "np.stack([np.ones(2)], axis=2)",  # AxisError
    "np.binary_repr(11, width=2)",  # numpy 2: ValueError (insufficient width)
    "np.base_repr(5, 37)",  # ValueError
    "np.convolve([], [1, 2])",  # ValueError
    "np.bincount([1, -1])",  # ValueError
    "np.bincount([1.0, 2.0])",  # TypeError (cannot cast float to int safely)
    "np.histogram([1, float('nan')], bins=2)",  # ValueError (range not finite)
    "np.interp(1.5, [2, 1, 3], [0, 1, 2])",  # xp not increasing: undefined
]


@pytest.mark.parametrize("expr", NUMPY_RAISES_OR_UNDEFINED)
def test_numpy_helpers_unknown_where_numpy_refuses(tmp_path, expr: str) -> None:
    code = f"import numpy as np\nfrom torch import nn\nv = {expr}\nmodel = nn.Linear(1, 2)\n"
    code += "model.extra = nn.Linear(1, len(v) if hasattr(v, '__len__') else int(v))\n"
    path = tmp_path / "model.py"
    path.write_text(code)
    assert parse_source(path).params_total() is None


# ------------------------------------------------------------------ containers holding an unknown
HELD_UNKNOWN = """
import numpy as np
from torch import nn
x = np.interp(0.4, [0, 0.3, 1], [0.1, 0.7, 0.2])  # unknown statically (see above)
same = {expr}
model = nn.Linear(1, 1 if same else 2)
"""


@pytest.mark.parametrize(
    "expr",
    [
        "[x] == [0.6285714285714286]",
        "(1, [x]) == (1, [0.6285714285714286])",
        "{'w': x} == {'w': 0.6285714285714286}",
        "[x] != [0.6285714285714286]",
        "{x} == {0.6285714285714286}",
        "[1, x] < [1, 0.7]",
    ],
)
def test_comparing_containers_holding_an_unknown_is_unknown(tmp_path, expr: str) -> None:
    """The host comparison tested the unknown item by identity: a confident answer (here
    False where CPython says True) -- now unknown."""
    path = tmp_path / "model.py"
    path.write_text(HELD_UNKNOWN.format(expr=expr))
    assert parse_source(path).params_total() is None


def test_lists_of_other_lengths_are_unequal_whatever_they_hold(tmp_path) -> None:
    got, want = _both(tmp_path, HELD_UNKNOWN.format(expr="[x, 1] != [0.5]"))
    assert got == want == 2


# ------------------------------------------------------------------ numpy's legacy RandomState
RANDOM_STATE = """
import numpy as np
import scipy.linalg
import torch
from torch import nn

rs = np.random.RandomState(0)
w = np.linalg.qr(rs.randn(6, 6))[0]
p, lower, upper = scipy.linalg.lu(w)
s = np.diag(upper)
model = nn.ParameterList(
    [
        nn.Parameter(torch.from_numpy(lower.copy()).float()),
        nn.Parameter(torch.log(torch.abs(torch.from_numpy(s.copy()))).float()),
        nn.Parameter(torch.from_numpy(rs.normal(0.0, 0.1, size=(3, 4))).float()),
        nn.Parameter(torch.from_numpy(rs.rand(5)).float()),
        nn.Parameter(torch.from_numpy(rs.uniform(-1, 1, (2, 2))).float()),
    ]
)
"""


def test_random_state_draws_held_by_shape(tmp_path) -> None:
    got, want = _both(tmp_path, RANDOM_STATE)
    assert got == want == 36 + 6 + 12 + 5 + 4


def test_random_state_other_methods_unknown(tmp_path) -> None:
    code = RANDOM_STATE.replace("rs.rand(5)", "rs.choice(5, 5)")
    path = tmp_path / "model.py"
    path.write_text(code)
    assert parse_source(path).params_total() is None


# ------------------------------------------------------------------ argparse's BooleanOptionalAction
ARGPARSE_BOOL_OPTIONAL = """
import argparse
from torch import nn
parser = argparse.ArgumentParser()
parser.add_argument("--bias", action=argparse.BooleanOptionalAction, default=True)
parser.add_argument("--norm", action=argparse.BooleanOptionalAction, default=False)
parser.add_argument("--width", action="append", type=int, default=[16])
parser.add_argument("--kernels", nargs="+", type=int, default=[3])
a1 = parser.parse_args(["--no-bias", "--norm"])
a2 = parser.parse_args(["--width", "24", "--width", "40"])
a3 = parser.parse_args(["--kernels", "5", "3"])
a4 = parser.parse_args([])
model = nn.ModuleList(
    [nn.Linear(1, 1, bias=a1.bias), nn.Linear(1, len(a2.width) + 10 * a1.norm),
     nn.Linear(1, len(a3.kernels) + len(a4.width)), nn.Linear(2, 2, bias=a4.bias or a4.norm)]
)
"""


def test_argparse_boolean_optional_action_replayed(tmp_path) -> None:
    got, want = _both(tmp_path, ARGPARSE_BOOL_OPTIONAL)
    assert got == want


def test_argparse_custom_action_class_still_unknown(tmp_path) -> None:
    code = ARGPARSE_BOOL_OPTIONAL.replace(
        "parser = argparse.ArgumentParser()",
        "class Flip(argparse.Action):\n    def __call__(self, p, ns, v, o=None):\n"
        "        setattr(ns, self.dest, not v)\nparser = argparse.ArgumentParser()\n"
        "parser.add_argument('--flip', action=Flip, default=1)",
    )
    path = tmp_path / "model.py"
    path.write_text(code)
    assert parse_source(path).params_total() is None


INT_SUBCLASS_KEY = """
import functools
from torch import nn

seen = []


class Width(int):
    pass


@functools.cache
def width(w):
    seen.append(w)
    return 8 * len(seen)


widths = [width(Width(3)), width(Width(3)), width(3), width(3.0)]
model = nn.ModuleList(nn.Linear(w, 3) for w in widths)
"""


def test_int_subclass_key_not_by_identity(tmp_path) -> None:
    """An int subclass hashes by value (two instances are one key, not the same as the short
    path's plain 3): never keyed by identity -- exact as CPython, or unknown."""
    got, want = _both(tmp_path, INT_SUBCLASS_KEY)
    assert want == (8 + 8 + 16 + 8) * 3 + 12
    assert got in (want, None)
