"""A list (or deque) extended by a value we cannot enumerate holds a run of unknown length
(values/abstract.py ``UnknownRun``, extend26): every reader honours it. Torch builds each
model from the same file (``R26_XS`` unset: ``xs == "ab"``), so the truth is torch's."""

from __future__ import annotations

import runpy
import textwrap

import pytest

from driftcheck.parsers.source import parse_source

TEMPLATE = """
import os
from collections import deque

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = os.environ.get("R26_XS", "ab")
{body}
"""


def _both(tmp_path, body: str, name: str) -> tuple:
    path = tmp_path / f"{name}.py"
    path.write_text(TEMPLATE.format(body=textwrap.indent(textwrap.dedent(body), " " * 8)))
    g = parse_source(str(path), entry="M")
    torch = pytest.importorskip("torch")
    with torch.device("meta"):
        m = runpy.run_path(str(path))["M"]()
    return g, sum(p.numel() for p in m.parameters())


# the model depends on how many items the run holds: unknown, with a note naming it
UNKNOWN = {
    "for_append": """
        d = [1]
        d.extend(xs)
        self.layers = nn.ModuleList()
        for _ in d:
            self.layers.append(nn.Linear(4, 4))
    """,
    "generator": """
        d = []
        d.extend(xs)
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in d)
    """,
    "star_args": """
        d = []
        d.extend(xs)
        self.layers = nn.Sequential(*[nn.Linear(4, 4) for _ in d])
    """,
    "len": """
        d = []
        d.extend(xs)
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(len(d))])
    """,
    "enumerate": """
        d = []
        d.extend(xs)
        self.layers = nn.ModuleList([nn.Linear(4, i + 1) for i, _ in enumerate(d)])
    """,
    "index_past_run": """
        d = [3]
        d.extend(xs)
        d.append(5)
        self.lin = nn.Linear(4, 4 + d.index(5))
    """,
    "positive_index_in_run": """
        d = [3]
        d.extend(xs)
        self.lin = nn.Linear(4, 1 + len(d[1]))
    """,
    "sorted_then_loop": """
        d = [1]
        d.extend(xs)
        d.sort(key=str)
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in d)
    """,
    "deque_extend": """
        d = deque([1])
        d.extend(xs)
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in d)
    """,
    "deque_extendleft": """
        d = deque()
        d.extendleft(xs)
        d.append(2)
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in d)
    """,
    "star_display": """
        d = [1, *xs, 2]
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in d)
    """,
    "star_display_len": """
        self.lin = nn.Linear(4, len((*xs,)))
    """,
    "star_set_display": """
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in {*xs})
    """,
    "contains": """
        d = [1]
        d.extend(xs)
        self.lin = nn.Linear(4, 4 if "a" in d else 8)
    """,
    "popleft_of_run": """
        d = deque()
        d.extend(xs)
        d.append(7)
        self.lin = nn.Linear(4, 2 + len(d.popleft()))
    """,
}


@pytest.mark.parametrize("name", sorted(UNKNOWN))
def test_a_run_of_unknown_length_makes_the_model_unknown(tmp_path, name):
    g, torch_count = _both(tmp_path, UNKNOWN[name], name)
    assert torch_count > 0
    assert g.params_total() is None, (g.params_total(), torch_count)
    assert g.notes, "an unknown needs a note"


# the items read lie outside the run: Python's answer is known, and must be torch's
KNOWN = {
    "first_and_last": """
        d = [4]
        d.extend(xs)
        d.append(6)
        self.lin = nn.Linear(d[0], d[-1])
    """,
    "insert_before": """
        d = []
        d.extend(xs)
        d.insert(0, 8)
        self.lin = nn.Linear(d[0], 2)
    """,
    "index_before": """
        d = [4, 9]
        d.extend(xs)
        self.lin = nn.Linear(4, 1 + d.index(9))
    """,
    "pop_known_tail": """
        d = []
        d.extend(xs)
        d.append(5)
        d.append(3)
        self.lin = nn.Linear(d.pop(), d.pop())
    """,
    "reverse": """
        d = [4]
        d.extend(xs)
        d.append(6)
        d.reverse()
        self.lin = nn.Linear(d[0], d[-1])
    """,
    "deque_popleft": """
        d = deque([3])
        d.extend(xs)
        self.lin = nn.Linear(d.popleft(), 2)
    """,
    "star_display_ends": """
        d = [5, *xs, 3]
        self.lin = nn.Linear(d[0], d[-1])
    """,
    "negative_index_after_run": """
        d = [1]
        d.extend(xs)
        d.extend([2, 3])
        self.lin = nn.Linear(d[-2], d[-1])
    """,
}


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_items_outside_the_run_stay_known(tmp_path, name):
    g, torch_count = _both(tmp_path, KNOWN[name], name)
    assert g.params_total() == torch_count


def test_the_note_names_the_construct(tmp_path):
    g, _ = _both(tmp_path, UNKNOWN["generator"], "note")
    assert any("cannot enumerate" in str(n) for n in g.notes), [str(n) for n in g.notes]
