"""Session 22 (burnwild22, issue #16): the constructs behind the two confident wrong counts of
the burned held-out parts of fresh15 and fresh16 (benchmarks/wild/build_truth.BURNED), each with
the variants of its family, counted both ways: statically and in torch (meta device).

- a repeat node of a ModuleList / Sequential counted a copy folded into it as the first item's
  modules again, even where the first item (or the copy) held a module met before:
  ``[p, copy.copy(p), copy.deepcopy(p)]`` counted the deep copy as the shallow one (nothing),
  a block holding a layer shared with an earlier one was folded with fresh blocks
  (output/builder.py ``_compact``; fresh15 ``slots_config_copy_shallow``);
- an assignment expression inside a comprehension binds the enclosing scope (PEP 572): the
  binding was lost with the comprehension's frame (interp/compwalrus.py; fresh16
  ``walrus_widths``); at module level the statement holding it rebinds the global
  (interp/modglobals.py ``walrus_names``); a generator expression's ``:=`` is unknown (its
  consumer may stop early: ``any((w := x) > 32 for x in xs)``);
- import-time code reads a module global as bound at that line, not as the import leaves it
  (``a = 3; B = a * 2; a += 5``: B is 6), in first bindings, replayed statements, functions
  called from them and top-level class bodies (interp/globalsat.py). Found while varying the
  walrus family: a global rebound by a later statement was read with its last value.

- a layer or tensor in a ``@dataclass`` field was wrapped with the field's source (``Sourced``):
  ``self.model = params.model`` was then no layer, silently dropped (interp/objmodel.py
  ``_held_as_is``; found on fresh20 dev's CALM ``AugmentParams(model=...)``);
- a list / dict held in an object's attribute, filled by a loop run an unknown number of times,
  kept the one round's items (interp/loopattrs.py: unknown after the loop; CALM's
  ``ExtractHiddensWrapper.recorders``); and ``is_bearable`` against ``A | B``.

Every variant's expected count is torch's, computed here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

torch = pytest.importorskip("torch")


def _static_and_torch(tmp_path: Path, code: str) -> tuple[int | None, int, list[str]]:
    f = tmp_path / "m.py"
    f.write_text(code)
    root = "M" if "class M(" in code else "model"
    g = parse_source(f, entry="M" if root == "M" else None)
    return g.params_total(), torch_count(f, root=root), [str(n) for n in g.notes]


SHARED_FOLD = {
    "cp6": r"""
import copy
import torch.nn as nn
class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        p = B()
        self.blocks = nn.ModuleList([p, copy.copy(p), copy.deepcopy(p)])
""",
    "f1": r"""
import copy
import torch.nn as nn
class B(nn.Module):
    def __init__(self, fc=None):
        super().__init__()
        self.fc = fc if fc is not None else nn.Linear(4, 4)
        self.norm = nn.LayerNorm(4)

class M(nn.Module):
    def __init__(self):
        super().__init__()
        p = B(); self.blocks = nn.ModuleList([p, copy.copy(p), copy.deepcopy(p)])
""",
    "f2": r"""
import copy
import torch.nn as nn
class B(nn.Module):
    def __init__(self, fc=None):
        super().__init__()
        self.fc = fc if fc is not None else nn.Linear(4, 4)
        self.norm = nn.LayerNorm(4)

class M(nn.Module):
    def __init__(self):
        super().__init__()
        p = B(); self.blocks = nn.Sequential(p, copy.copy(p), copy.deepcopy(p), copy.deepcopy(p))
""",
    "f3": r"""
import copy
import torch.nn as nn
class B(nn.Module):
    def __init__(self, fc=None):
        super().__init__()
        self.fc = fc if fc is not None else nn.Linear(4, 4)
        self.norm = nn.LayerNorm(4)

class M(nn.Module):
    def __init__(self):
        super().__init__()
        lin = nn.Linear(4, 4); self.head = lin; self.blocks = nn.ModuleList([B(), B(lin)])
""",
    "f4": r"""
import copy
import torch.nn as nn
class B(nn.Module):
    def __init__(self, fc=None):
        super().__init__()
        self.fc = fc if fc is not None else nn.Linear(4, 4)
        self.norm = nn.LayerNorm(4)

class M(nn.Module):
    def __init__(self):
        super().__init__()
        lin = nn.Linear(4, 4); self.head = lin; self.blocks = nn.ModuleList([B(lin), B(), B()])
""",
    "f5": r"""
import copy
import torch.nn as nn
class B(nn.Module):
    def __init__(self, fc=None):
        super().__init__()
        self.fc = fc if fc is not None else nn.Linear(4, 4)
        self.norm = nn.LayerNorm(4)

class M(nn.Module):
    def __init__(self):
        super().__init__()
        p = B(); self.first = p; self.blocks = nn.ModuleList([copy.copy(p), B(), B()])
""",
    "f6": r"""
import copy
import torch.nn as nn
class B(nn.Module):
    def __init__(self, fc=None):
        super().__init__()
        self.fc = fc if fc is not None else nn.Linear(4, 4)
        self.norm = nn.LayerNorm(4)

class M(nn.Module):
    def __init__(self):
        super().__init__()
        p = B(); self.blocks = nn.ModuleList([p, copy.copy(p)]); self.blocks.extend([copy.deepcopy(p) for _ in range(3)])
""",
    "f7": r"""
import copy
import torch.nn as nn
class B(nn.Module):
    def __init__(self, fc=None):
        super().__init__()
        self.fc = fc if fc is not None else nn.Linear(4, 4)
        self.norm = nn.LayerNorm(4)

class M(nn.Module):
    def __init__(self):
        super().__init__()
        p = B(); self.first = p; self.blocks = nn.ModuleList([B(p.fc), B(), B()])
""",
    "f8": r"""
import copy
import torch.nn as nn
class B(nn.Module):
    def __init__(self, fc=None):
        super().__init__()
        self.fc = fc if fc is not None else nn.Linear(4, 4)
        self.norm = nn.LayerNorm(4)

class M(nn.Module):
    def __init__(self):
        super().__init__()
        p = B(); self.a = nn.ModuleList([p]); self.b = nn.ModuleList([B(), p, B()])
""",
}

WALRUS = {
    "w1": r"""
import torch.nn as nn
def build():
    prev = 3
    layers = [nn.Conv1d(prev, (prev := int(8 * 1.5**i)), 3) for i in range(5)]
    return nn.Sequential(*layers, nn.Linear(prev, 2))
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = build()
""",
    "w2": r"""
import torch.nn as nn
class M(nn.Module):
    def __init__(self, dims=(16, 32, 24)):
        super().__init__()
        last = 4
        self.blocks = nn.ModuleList([nn.Linear(last, (last := d)) for d in dims])
        self.head = nn.Linear(last, 3)
""",
    "w4": r"""
import torch.nn as nn
base = 8
prev = 3
layers = [nn.Conv1d(prev, (prev := base * (i + 1)), 3) for i in range(3)]
model = nn.Sequential(*layers, nn.Flatten(), nn.Linear(prev, 2))
""",
    "w5": r"""
import torch.nn as nn
prev = 3
layers = [nn.Conv1d(prev, (prev := 8 * (i + 1)), 3) for i in range(3)]
if (extra := prev % 5) != 0:
    layers.append(nn.Conv1d(prev, prev + (5 - extra), 1))
    prev += 5 - extra
model = nn.Sequential(*layers, nn.Flatten(), nn.Linear(prev, 2))
""",
    "w6": r"""
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        total = 0
        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(3) if (total := total + 4)])
        self.head = nn.Linear(total, 2)
""",
    "w7": r"""
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        n = 2
        grid = [[nn.Linear(n, (n := n + 2)) for _ in range(2)] for _ in range(2)]
        self.blocks = nn.ModuleList([m for row in grid for m in row])
        self.head = nn.Linear(n, 1)
""",
    "w8": r"""
import torch.nn as nn
prev = 3
WIDTHS = [(prev := prev * 2) for _ in range(3)]
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(a, b) for a, b in zip([3] + WIDTHS, WIDTHS))
        self.head = nn.Linear(prev, 2)
""",
    "w9": r"""
import torch.nn as nn
D = 8
SIZES = dict(d=(D := 16), f=4 * D)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(D, SIZES["f"])
""",
    "w10": r"""
import torch.nn as nn
last = None
PLAN = [(last := w) for w in (8, 12, 20) if w % 4 == 0]
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(last, 2)
""",
}

AT_LINE = {
    "g1": r"""
import torch.nn as nn
a = 3
B = a * 2
a += 5
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(B, a)
""",
    "g2": r"""
import torch.nn as nn
a = 3
B = [a * 2 for _ in range(2)]
a = 7
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(B[0], a)
""",
    "g3": r"""
import torch.nn as nn
a = 3
class Cfg:
    d = a * 2
a = 10
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(Cfg.d, a)
""",
    "g4": r"""
import torch.nn as nn
a = 3
def f():
    return a * 2
B = f()
a = 10
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(B, a)
""",
    "g5": r"""
import torch.nn as nn
a = 4
def make(d=a):
    return nn.Linear(d, d)
a = 8
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = make()
        self.g = nn.Linear(a, 1)
""",
    "g6": r"""
import torch.nn as nn
l = [4]
X = l
l = [8]
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(X[0], l[0])
""",
    "g8": r"""
import torch.nn as nn
d = 4
if d < 8:
    d *= 2
W = d + 1
d = 100
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(W, d)
""",
    "g9": r"""
import torch.nn as nn
n = 2
LAYERS = [nn.Linear(n, n) for _ in range(2)]
n = 5
model = nn.Sequential(*LAYERS, nn.Linear(n, 1))
""",
    "g10": r"""
import torch.nn as nn
d = 4
shared = nn.Linear(d, d)
A = [shared]
B = shared
shared = nn.Linear(2, 2)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.ModuleList(A)
        self.b = B
        self.c = shared
""",
}

DATACLASS_HELD = {
    "d1": r"""
import torch
import torch.nn as nn
from dataclasses import dataclass, field

@dataclass
class P:
    model: nn.Module
    n: int = 4
class M(nn.Module):
    def __init__(self):
        super().__init__()
        p = P(model=nn.Linear(8, 8), n=3)
        self.w = p.model
        self.v = nn.Linear(p.n, 1)
""",
    "d2": r"""
import torch
import torch.nn as nn
from dataclasses import dataclass, field

@dataclass
class P:
    model: nn.Module
    n: int = 4
class M(nn.Module):
    def __init__(self):
        super().__init__()
        p = P(nn.Sequential(nn.Linear(8, 8), nn.ReLU()))
        self.w = p.model
""",
    "d3": r"""
import torch
import torch.nn as nn
from dataclasses import dataclass, field

@dataclass
class P:
    enc: nn.Module = field(default_factory=lambda: nn.Linear(4, 6))
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = P().enc
""",
    "d4": r"""
import torch
import torch.nn as nn
from dataclasses import dataclass, field

@dataclass
class Spec:
    block: nn.Module
    name: str
class M(nn.Module):
    def __init__(self):
        super().__init__()
        specs = [Spec(nn.Linear(4, 4), "a"), Spec(nn.Conv1d(4, 4, 3), "b")]
        self.blocks = nn.ModuleList([s.block for s in specs])
""",
    "d6": r"""
import torch
import torch.nn as nn
from dataclasses import dataclass, field

@dataclass(frozen=True)
class Inner:
    model: nn.Module
@dataclass
class Outer:
    inner: Inner
    depth: int = 2
class M(nn.Module):
    def __init__(self):
        super().__init__()
        cfg = Outer(Inner(nn.Embedding(10, 4)))
        self.emb = cfg.inner.model
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in range(cfg.depth))
""",
    "d7": r"""
import torch
import torch.nn as nn
from dataclasses import dataclass, field

@dataclass
class Pair:
    a: nn.Module
    b: nn.Module
class M(nn.Module):
    def __init__(self):
        super().__init__()
        shared = nn.Linear(4, 4)
        p = Pair(shared, shared)
        self.x = p.a
        self.y = p.b
""",
}

UNKNOWN_NOW = {
    "d5": r"""
import torch
import torch.nn as nn
from dataclasses import dataclass, field

@dataclass
class Spec:
    w: torch.Tensor
class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Spec(nn.Parameter(torch.zeros(3, 5)))
        self.w = s.w
        self.fc = nn.Linear(5, 2)
""",
    "loop_attr_list": r"""
import os
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.names = []
        for i in range(int(os.environ.get("DC_TEST_N", "3"))):
            self.names.append(f"b{i}")
        self.head = nn.Linear(len(self.names), 2)
""",
    "loop_attr_list_dict": r"""
import os
import torch.nn as nn
class Rec:
    def __init__(self, store):
        self.store = store
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.recs = []
        self.widths = {}
        n = int(os.environ.get("DC_TEST_N", "3"))
        for i in range(n):
            self.recs.append(Rec(i))
            self.widths[i] = 4
        self.head = nn.Linear(len(self.recs) + len(self.widths), 2)
""",
    "loop_attr_while": r"""
import os
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.sizes = [8]
        n = int(os.environ.get("DC_TEST_N", "2"))
        while len(self.sizes) <= n:
            self.sizes.append(self.sizes[-1] * 2)
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(self.sizes, self.sizes[1:]))
""",
}

ALL = {**SHARED_FOLD, **WALRUS, **AT_LINE, **DATACLASS_HELD}


# pinned: an honest unknown where the count was exact (fix first next session)
_ALIAS_PINNED: set[str] = set()  # g1 exact again (session 34 alias34: an int rebound by ``+=``)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            n,
            marks=pytest.mark.xfail(
                strict=True,
                reason="session 33 (wrongs33's interp/aliasing.py): a global whose binding read a name rebound later is read as unknown (exact with DRIFTCHECK_NO_ALIAS_CHECK=1); the check should look at in-place changes only",
            ),
        )
        if n in _ALIAS_PINNED
        else n
        for n in sorted(ALL)
    ],
)
def test_count_matches_torch(tmp_path: Path, name: str) -> None:
    got, want, notes = _static_and_torch(tmp_path, ALL[name])
    assert got == want, (name, notes)


GENEXP_WALRUS = r"""
import torch.nn as nn
class M(nn.Module):
    def __init__(self, widths=(8, 16, 40, 24)):
        super().__init__()
        w = 0
        if any((w := x) > 32 for x in widths):
            self.big = nn.Linear(w, w)
        self.fc = nn.Linear(4, 4)
"""


def test_generator_walrus_in_any_binds_the_deciding_item(tmp_path: Path) -> None:
    """``any`` stops at the first item over 32 (torch: ``w`` is 40). Session 22 left the binding
    an honest unknown (the interpreter ran every item of a generator at once); session 30
    (wrongs30, interp/compwalrus.py ``short_circuit``) reads a generator handed to ``any`` /
    ``all`` item by item as Python does: torch's count, never the last item's."""
    got, want, notes = _static_and_torch(tmp_path, GENEXP_WALRUS)
    assert want == 40 * 40 + 40 + 20
    assert got == want, notes


def test_comprehension_loop_variable_does_not_leak(tmp_path: Path) -> None:
    """Only ``:=`` targets leave the comprehension: its loop variable stays inside (Python 3)."""
    code = r"""
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        i = 3
        self.blocks = nn.ModuleList([nn.Linear(4, (last := 4 * (i + 1))) for i in range(2)])
        self.head = nn.Linear(i, last)
"""
    got, want, notes = _static_and_torch(tmp_path, code)
    assert got == want, notes


@pytest.mark.parametrize("name", sorted(UNKNOWN_NOW))
def test_honest_unknown(tmp_path: Path, name: str) -> None:
    """Values the interpreter cannot know: a loop over ``range(int(os.environ.get(...)))`` that
    fills ``self.xs`` in place (the one round it runs was kept: a confident count), a Parameter
    held in a dataclass field (its owner is not followed). Torch's count is known here; the
    static one is null, never a different number."""
    got, want, notes = _static_and_torch(tmp_path, UNKNOWN_NOW[name])
    assert want > 0
    assert got is None, (got, want, notes)


def test_is_bearable_union(tmp_path: Path) -> None:
    """``is_bearable(x, tuple | list)``: a union of plain classes, each member asked (CALM's
    ``cast_tuple`` over its own ``Sequence = tuple | list``)."""
    pytest.importorskip("beartype")
    code = r"""
import torch.nn as nn
from beartype.door import is_bearable
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = nn.Linear(2 if is_bearable("output", tuple | list) else 3, 1)
        self.d = nn.Linear(2 if is_bearable((1, 2), tuple | list) else 3, 1)
        self.e = nn.Linear(2 if is_bearable([1], int | list) else 3, 1)
"""
    got, want, notes = _static_and_torch(tmp_path, code)
    assert got == want, notes
