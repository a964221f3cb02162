"""Session 25 (wildfix25b, issue #16): fresh24's dev part -- a wrong count and unknowns.

- ``collections.deque`` runs every deque method (library/stdlib.py ``Deque``,
  library/pybuiltins.py ``_deque_method``): ``d.rotate(-1)`` after reading ``d[0]`` (a
  WaveNet-style stack cycling its dilations) was dropped silently, so every block took the
  first dilation and the count was confidently wrong; a rotation by an unknown count keeps the
  length but leaves every item unknown.
"""

from __future__ import annotations

import pytest

from tests.model_count_support import check_count_matches_torch, check_honest_unknown

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
