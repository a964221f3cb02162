"""Unknown containers are a type, not a reason text (session 36, hygiene36).

``interp/opaque.py`` decided "never a layer, but its items may be" by matching the reason of
an ``Unknown`` (``container ...``, ``vars() of ...``, ``list changed by ...``); a reworded
reason silently changed whether a stored value may be a missed layer. The interpreter now
makes those values ``UnknownContainer`` and opaque reads the type. Ground truth: torch (CPU).
"""

from __future__ import annotations

import runpy
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.interp import opaque
from driftcheck.parsers.source.values.abstract import Unknown, UnknownContainer

torch = pytest.importorskip("torch")

HEAD = """
import os
import sys
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        if os.environ.get("HYGIENE36_SIDE") == "a":  # undecided for the analyzer
            d = {"x": A}
        else:
            d = {"x": B}
"""


def _counts(tmp_path, body: str, a: str, b: str) -> tuple[int | None, int]:
    src = textwrap.dedent(HEAD).replace("A", a).replace("B", b) + textwrap.indent(
        textwrap.dedent(body), " " * 8
    )
    path = tmp_path / "m.py"
    path.write_text(src + "\n\nmodel = M()\n")
    got = parse_source(path, entry="M").params_total()
    want = sum(p.numel() for p in runpy.run_path(str(path))["model"].parameters())
    return got, want


def test_a_plain_container_stored_is_no_missed_layer(tmp_path, monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    got, want = _counts(
        tmp_path, "self.hp = d\nself.env = vars(sys)\nself.fc = nn.Linear(4, 4)", "1", "2"
    )
    assert got == want == 20


def test_an_item_of_a_container_of_layers_stays_unknown(tmp_path, monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    monkeypatch.delenv("HYGIENE36_SIDE", raising=False)
    got, want = _counts(tmp_path, 'self.fc = d["x"]', "nn.Linear(4, 4)", "nn.Linear(4, 8)")
    assert want == 40
    assert got is None  # which branch ran is unknown: never one of the two counts


@pytest.mark.parametrize("why", ["container d set under x", "anything at all", "list"])
def test_the_type_decides_not_the_reason(why):
    v = UnknownContainer(why)
    assert opaque.is_container(v)
    assert not opaque.may_be_module(v)
    assert not opaque.never_a_layer(v)  # an item of it may be a layer


def test_a_plain_unknown_worded_like_a_container_is_no_container():
    """Only the construct-named reasons of other producers (``list``, ``comprehension over``)
    still read as containers; the interpreter's own containers are typed."""
    assert not opaque.is_container(Unknown("container d set under x"))
    assert opaque.may_be_module(Unknown("container d set under x"))
    assert not opaque.is_container(Unknown("vars() of m (a star import)"))
