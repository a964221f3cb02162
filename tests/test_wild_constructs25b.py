"""Session 25 (wildfix25b, issue #16): fresh24's dev part -- a wrong count and unknowns.

- torch's float constants (``torch.inf`` / ``torch.pi`` / ``torch.e``) and ``math.tau`` are
  Python's floats (library/pybuiltins.py ``MATH_CONST``): a default ``low=-torch.inf`` was
  unknown, so every torchflows conditioner transform stored an unknown attribute.
- ``torch.less`` / ``lt`` / ``ge`` / ``eq``... of known values compute as the operators do
  (library/tensorvalues.py): torchflows' half-split coupling mask ``torch.less(arange, n // 2)``.
- ``in`` calls a ``__contains__`` the object's class defines in source (interp/exprs.py).
- ``fnmatch`` of known strings runs on CPython's fnmatch (library/stdlib.py).
- ``collections.deque`` runs every deque method (library/stdlib.py ``Deque``,
  library/pybuiltins.py ``_deque_method``): ``d.rotate(-1)`` after reading ``d[0]`` (a
  WaveNet-style stack cycling its dilations) was dropped silently, so every block took the
  first dilation and the count was confidently wrong; a rotation by an unknown count keeps the
  length but leaves every item unknown.
"""

from __future__ import annotations

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import (
    check_count_matches_torch,
    check_honest_unknown,
    torch_count,
    write_sized,
)

pytest.importorskip("torch")


# ------------------------------------------------------------------ deque methods
DEQUE = """
import collections
import torch.nn as nn


class M(nn.Module):
    def __init__(self, ch=8, n=5):
        super().__init__()
        d = collections.deque({init})
        blocks = []
        for _ in range(n):
            blocks.append(nn.Conv1d(ch, ch, 1 + d[0], dilation=d[0]))
            {step}
        self.blocks = nn.ModuleList(blocks)
"""


@pytest.mark.parametrize(
    "init, step",
    [
        ("(1, 2, 4)", "d.rotate(-1)"),
        ("(1, 2, 4)", "d.rotate()"),
        ("(1, 2, 4)", "d.rotate(2)"),
        ("[1, 2, 3, 4]", "d.reverse()"),
        ("[1, 2, 3], maxlen=3", "d.append(d[0] + 2)"),
        ("[1, 2, 3], maxlen=3", "d.extend([d[-1] + 1, d[-1] + 2])"),
        ("[1, 2, 3], maxlen=4", "d.appendleft(d.pop())"),
        ("[5, 1, 2, 3, 4, 6]", "d.remove(d[0])"),
    ],
)
def test_deque_methods_match_torch(tmp_path, init, step) -> None:
    check_count_matches_torch(tmp_path, DEQUE.format(init=init, step=step))


def test_deque_rotated_by_an_unknown_count_is_unknown(tmp_path) -> None:
    check_honest_unknown(
        tmp_path,
        DEQUE.format(init="(1, 2, 4)", step="d.rotate(len(open('x').read()))"),
    )


# ------------------------------------------------------------------ ``in`` through __contains__
CONTAINS = """
import torch.nn as nn


class Base:
    def __init__(self, prefixes):
        self.prefixes = tuple(prefixes)
        self.widths = {{"attn_q": 0, "out": 3}}

    def __contains__(self, name):
        {body}


class Spec(Base):
    pass


spec = Spec(["attn_", "out"])
names = ["attn_q", "attn_k", "mlp_in", "mlp_out", "out"]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleDict({{n: nn.Linear(8, 8, bias={test}) for n in names}})
"""


@pytest.mark.parametrize(
    "body",
    [
        "return name.startswith(self.prefixes)",
        "return self.widths.get(name)",  # a non-bool: its truth (0 is false)
        "return len(name) > 4",
    ],
)
@pytest.mark.parametrize("test", ["n in spec", "n not in spec"])
def test_in_calls_a_source_contains_matching_torch(tmp_path, body, test) -> None:
    check_count_matches_torch(tmp_path, CONTAINS.format(body=body, test=test))


def test_in_through_a_contains_of_unknown_truth_is_unknown(tmp_path) -> None:
    check_honest_unknown(
        tmp_path, CONTAINS.format(body="return name in open('x').read()", test="n in spec")
    )


# ------------------------------------------------------------------ fnmatch
FNMATCH = """
import fnmatch
import torch.nn as nn

PATS = ["enc.0.*", "*.norm.*", "enc.[!0]*"]


class M(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, d))
        self.head = nn.Module()
        self.head.norm = nn.LayerNorm(d)
        names = [n for n, _ in self.named_parameters()]
        hits = [n for n in names if {test}]
        self.extra = nn.Linear(d, len(hits) + 1)
        for n, p in self.named_parameters():
            if any(fnmatch.fnmatch(n, pat) for pat in PATS):
                p.requires_grad_(False)
"""


@pytest.mark.parametrize(
    "test",
    [
        "any(fnmatch.fnmatch(n, p) for p in PATS)",
        "fnmatch.fnmatchcase(n, 'ENC.*')",
        "n in fnmatch.filter(names, '*.weight')",
        "fnmatch.fnmatch(n, '*[.]bias')",
    ],
)
def test_fnmatch_patterns_match_torch(tmp_path, test) -> None:
    check_count_matches_torch(tmp_path, FNMATCH.format(test=test))


def test_fnmatch_of_an_unknown_pattern_is_unknown(tmp_path) -> None:
    check_honest_unknown(tmp_path, FNMATCH.format(test="fnmatch.fnmatch(n, open('p').read())"))


# ------------------------------------------------------------------ torch's float constants
INF = """
import math
import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, d, low=-torch.inf, high=torch.inf):
        super().__init__()
        self.low, self.high = low, high
        self.bounded = low > -torch.inf and high < torch.inf
        self.proj = nn.Linear(d, 2 if self.bounded else 1)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Head(4)
        self.b = Head(4, low=0.0, high=1.0)
        self.c = nn.Linear(3, int(torch.pi) + int(torch.e) + int(math.tau))
"""


def test_torch_float_constants_match_torch(tmp_path) -> None:
    check_count_matches_torch(tmp_path, INF)


# ------------------------------------------------------------------ torch.less and its aliases
COMPARE_FN = """
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, n=8):
        super().__init__()
        idx = torch.arange(n).view(2, n // 2)
        mask = {fn}
        keep, drop = int(torch.sum(mask)), int(torch.sum(~mask))
        self.keep = nn.Linear(keep, drop + 1)
"""


@pytest.mark.parametrize(
    "fn",
    [
        "torch.less(idx, n // 2)",
        "torch.lt(idx, 3)",
        "torch.greater_equal(idx, torch.tensor([1, 2, 3, 9]))",
        "torch.ne(idx, 5)",
        "torch.eq(idx, torch.flip(idx, [0]))",
        "torch.le(idx, 2.5)",
    ],
)
def test_torch_comparison_functions_match_torch(tmp_path, fn) -> None:
    path = write_sized(tmp_path, COMPARE_FN.format(fn=fn))
    g = parse_source(path, entry="M")
    assert g.params_total() == torch_count(path, device="cpu"), [str(n) for n in g.notes]


def test_torch_comparison_of_approximate_values_is_unknown(tmp_path) -> None:
    check_honest_unknown(tmp_path, COMPARE_FN.format(fn="torch.lt(torch.exp(idx * 0.1), 1.5)"))


# ------------------------------------------------------------------ Module.to_empty
TO_EMPTY = """
import torch.nn as nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 5)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 3).to_empty(device="cpu")
        self.b = Block().to_empty(device="cpu")
        self.c = nn.Sequential(nn.Linear(3, 2)).to_empty(device="cpu").eval()
"""


def test_module_to_empty_returns_the_module_matching_torch(tmp_path) -> None:
    check_count_matches_torch(tmp_path, TO_EMPTY)
