"""Session 32 (wildfix32b): fresh31 dev's unknowns and its one file over the time limit.

- ``range(w)`` of an instance whose class defines ``__index__`` (CPython's range takes its
  arguments through ``operator.index``), an ``int`` subclass's instance, and a class without
  ``__index__`` (TypeError: unknown);
- ``operator.index(w)`` runs ``__index__``, never ``__int__`` (it was ``int(w)``: a confident
  wrong width where the two disagree), and is CPython's TypeError for a float;
- ``fractions.Fraction``'s ``numerator`` / ``denominator`` / ``limit_denominator``;
- ``re.finditer`` / ``Pattern.finditer`` with ``groupdict``: a one-pass iterator of Matches;
- the norm-epsilon syntax scans of ``forward``'s global reads kept per function node (the
  ``attr_scans`` switch): the same uses with the switch off, with one walk per name on.

Every count is torch's (meta device); a null count is an honest unknown, and where torch
itself raises, the static count must be null.
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from driftcheck.speed import Speed, Stores
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _count(tmp_path, code: str) -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return parse_source(path).params_total(), torch_count(path, root="model")


def _raises(tmp_path, code: str) -> int | None:
    """The static count of a file torch cannot build (it raises TypeError)."""
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    with pytest.raises(TypeError):
        torch_count(path, root="model")
    return parse_source(path).params_total()


# ------------------------------------------------------------------ range() and __index__
RANGE_INDEX = """
import torch.nn as nn
class W:
    def __index__(self):
        return 3
    def __int__(self):
        return 5
model = nn.Sequential(*[nn.Linear(4, 4) for _ in range(W())])
"""

RANGE_START_STOP = """
import torch.nn as nn
class Lo:
    def __index__(self):
        return 2
class Hi:
    def __index__(self):
        return 7
model = nn.ModuleList(nn.Linear(i, i + 1) for i in range(Lo(), Hi(), 2))
"""

RANGE_LEN = """
import torch.nn as nn
class W:
    def __index__(self):
        return 24
w = W()
n = len(range(w)) // 8
model = nn.Sequential(nn.Linear(4, 8), *[nn.Linear(8, 8) for _ in range(n)])
"""

RANGE_INT_SUBCLASS = """
import torch.nn as nn
class Depth(int):
    pass
model = nn.Sequential(*[nn.Linear(3, 3) for _ in range(Depth(4))])
"""


@pytest.mark.parametrize(
    "code", [RANGE_INDEX, RANGE_START_STOP, RANGE_LEN, RANGE_INT_SUBCLASS], ids=str.__len__
)
def test_range_through_index(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert got == want


def test_range_without_index_is_unknown(tmp_path):
    code = """
    import torch.nn as nn
    class W:
        def __int__(self):
            return 3
    model = nn.Sequential(*[nn.Linear(4, 4) for _ in range(W())])
    """
    assert _raises(tmp_path, code) is None


def test_range_index_returning_no_int_is_unknown(tmp_path):
    code = """
    import torch.nn as nn
    class W:
        def __index__(self):
            return 3.0
    model = nn.Sequential(*[nn.Linear(4, 4) for _ in range(W())])
    """
    assert _raises(tmp_path, code) is None


# ------------------------------------------------------------------ operator.index
OP_INDEX = """
import operator
import torch.nn as nn
class W:
    def __index__(self):
        return 24
    def __int__(self):
        return 20
w = W()
model = nn.Linear(operator.index(w), int(w))
"""

OP_INDEX_PLAIN = """
import operator
import torch.nn as nn
model = nn.Linear(operator.index(6), operator.index(True) + 2)
"""


@pytest.mark.parametrize("code", [OP_INDEX, OP_INDEX_PLAIN], ids=["dunder", "plain"])
def test_operator_index(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert got == want


def test_operator_index_of_float_is_unknown(tmp_path):
    code = """
    import operator
    import torch.nn as nn
    model = nn.Linear(operator.index(2.5), 4)
    """
    assert _raises(tmp_path, code) is None


def test_operator_index_int_only_is_unknown(tmp_path):
    code = """
    import operator
    import torch.nn as nn
    class W:
        def __int__(self):
            return 3
    model = nn.Linear(operator.index(W()), 4)
    """
    assert _raises(tmp_path, code) is None


# ------------------------------------------------------------------ fractions.Fraction
FRACTION_LIMIT = """
from fractions import Fraction
import torch.nn as nn
r = Fraction(0.3).limit_denominator(10)
d = 40
h = d * r.numerator // r.denominator
model = nn.Sequential(nn.Conv2d(d, h, 1), nn.Conv2d(h, h, 3, groups=r.denominator // 5))
"""

FRACTION_PARTS = """
import fractions
import torch.nn as nn
r = fractions.Fraction(6, 16)
n, m = r.as_integer_ratio()
model = nn.Linear(r.numerator * 4, r.denominator + n + m + int(r.limit_denominator(max_denominator=3) * 8))
"""


@pytest.mark.parametrize("code", [FRACTION_LIMIT, FRACTION_PARTS], ids=["limit", "parts"])
def test_fraction(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert got == want


def test_fraction_limit_below_one_is_unknown(tmp_path):
    code = """
    from fractions import Fraction
    import torch.nn as nn
    model = nn.Linear(Fraction(1, 3).limit_denominator(0).denominator, 4)
    """
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    with pytest.raises(ValueError):
        torch_count(path, root="model")
    assert parse_source(path).params_total() is None


# ------------------------------------------------------------------ re.finditer
FINDITER = r"""
import re
import torch.nn as nn
SPEC = "lin24x2 conv16 lin8x3"
PATTERN = re.compile(r"(?P<kind>lin|conv)(?P<width>\d+)(?:x(?P<repeat>\d+))?")
layers = []
cin = 4
for m in PATTERN.finditer(SPEC):
    g = m.groupdict()
    for _ in range(int(g["repeat"] or 1)):
        w = int(g["width"])
        layers.append(nn.Conv1d(cin, w, 1) if g["kind"] == "conv" else nn.Linear(cin, w))
        cin = w
model = nn.Sequential(*layers)
"""

FINDITER_MODULE_ONCE = r"""
import re
import torch.nn as nn
it = re.finditer(r"\d+", "w=12, h=7, d=5")
first = [int(m.group()) for m in it]
again = [int(m.group()) for m in it]  # a one-pass iterator: empty
model = nn.Sequential(*[nn.Linear(w, 2) for w in first + again], nn.Linear(2, len(again) + 1))
"""

FINDITER_SPANS = r"""
import re
import torch.nn as nn
ms = list(re.finditer("ab", "xxabyyab", flags=re.I))
model = nn.Linear(ms[0].start() + ms[1].end(), len(ms))
"""


@pytest.mark.parametrize(
    "code", [FINDITER, FINDITER_MODULE_ONCE, FINDITER_SPANS], ids=["spec", "once", "spans"]
)
def test_finditer(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert got == want


def test_finditer_of_unsafe_pattern_is_unknown(tmp_path):
    """A nested repeat (``(a+)+``) can backtrack exponentially: not run, unknown (torch
    counts it; the static answer must not be a guess)."""
    code = r"""
    import re
    import torch.nn as nn
    model = nn.Sequential(*[nn.Linear(2, 2) for m in re.finditer(r"(a+)+b", "aab ab")])
    """
    got, want = _count(tmp_path, code)
    assert want == 12 and got is None


# ------------------------------------------------------------------ the norm-eps scans' memo
EPS_FORWARD = """
import torch
import torch.nn as nn
import torch.nn.functional as F

RMS_EPS = 1e-5
HEAD_EPS = 1e-6


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(8))
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        for _ in range(40):
            x = self.proj(x) * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + RMS_EPS)
        return F.layer_norm(x, (8,), self.w, None, HEAD_EPS)


model = M()
"""


def test_eps_scans_kept_per_function(tmp_path, monkeypatch):
    """``forward`` reads ``RMS_EPS`` forty times: each read asked for a walk of the whole
    function (fresh31 ``rlt_looped``: over the 10 s limit). Kept per (function, name) while
    ``attr_scans`` is on; off, every read walks again; the uses found are the same."""
    from driftcheck.parsers.source.forward import dataflow_eval as de

    path = tmp_path / "model.py"
    path.write_text(EPS_FORWARD)
    calls = [0]
    orig = de.norm_eps_site

    def counted(*a):
        calls[0] += 1
        return orig(*a)

    monkeypatch.setattr(de, "norm_eps_site", counted)
    out = {}
    for on in (True, False):
        calls[0] = 0
        sp = Speed(stores=Stores())
        g = parse_source(path, speed=sp if on else sp.without("attr_scans"))
        out[on] = (
            g.params_total(),
            [(u.key, u.value, u.loc.line, u.via) for u in g.uses],
            calls[0],
        )
    assert out[True][:2] == out[False][:2]
    assert out[True][0] == torch_count(path, root="model")
    assert ("normEps", 1e-05, 18, "M.forward") in out[True][1]
    assert ("normEps", 1e-06, 19, "M.forward") in out[True][1]
    assert out[True][2] <= 4 < 40 <= out[False][2]


# ------------------------------------------------------------------ inspect.getmembers
GETMEMBERS_HEADS = """
import inspect
import torch.nn as nn
class Heads:
    head_zeta = 3
    def head_box(self, d):
        return nn.Linear(d, 4)
    def head_cls(self, d):
        return nn.Linear(d, 10)
    def head_aux(self, d):
        return nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, 2))
builders = [
    fn for name, fn in inspect.getmembers(Heads(), predicate=inspect.ismethod)
    if name.startswith("head_")
]
model = nn.ModuleList(fn(16) for fn in builders)
"""

GETMEMBERS_KINDS = """
import inspect
import torch.nn as nn
def free(d):
    return nn.Linear(d, 3)
class Base:
    def a_first(self, d):
        return nn.Linear(d, 1)
    def z_last(self, d):
        return nn.Linear(d, 9)
class Child(Base):
    width = 7
    def __init__(self):
        self.stored = free
    def z_last(self, d):
        return nn.Linear(d, 5)
    @staticmethod
    def m_static(d):
        return nn.Linear(d, 2)
    @classmethod
    def k_class(cls, d):
        return nn.Linear(d, 6)
methods = inspect.getmembers(Child(), inspect.ismethod)
funcs = inspect.getmembers(Child(), inspect.isfunction)
on_class = inspect.getmembers(Child, inspect.isfunction)
layers = [fn(4) for n, fn in methods if not n.startswith("__")]
layers += [nn.Linear(len(n), i + 1) for i, (n, fn) in enumerate(methods + funcs + on_class)]
layers += [fn(2) for n, fn in funcs]
model = nn.ModuleList(layers)
"""


@pytest.mark.parametrize("code", [GETMEMBERS_HEADS, GETMEMBERS_KINDS], ids=["heads", "kinds"])
def test_getmembers(tmp_path, code):
    got, want = _count(tmp_path, code)
    assert got == want


def test_getmembers_of_other_predicates_is_unknown(tmp_path):
    code = """
    import inspect
    import torch.nn as nn
    class H:
        def f(self):
            return 1
    model = nn.ModuleList(nn.Linear(2, 2) for n, v in inspect.getmembers(H(), callable))
    """
    got, want = _count(tmp_path, code)
    assert want > 0 and got is None


def test_getmembers_of_own_dir_is_unknown(tmp_path):
    code = """
    import inspect
    import torch.nn as nn
    class H:
        def __dir__(self):
            return ["f"]
        def f(self):
            return 1
        def g(self):
            return 2
    model = nn.ModuleList(nn.Linear(2, 2) for n, v in inspect.getmembers(H(), inspect.ismethod))
    """
    got, want = _count(tmp_path, code)
    assert want > 0 and got is None
