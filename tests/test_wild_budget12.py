"""A user's file whose ``model = ...`` statement runs past the interpreter's call-depth budget, or
past Python's own stack, gives an honest unknown (``params_total`` null, a note naming the
statement, its file:line and the budget), never a tool failure (exit 2): the fresh5 batch's
effdet files (omegaconf-deep config code) and a stable-baselines3 policy stopped the whole run."""

from __future__ import annotations

import json
import runpy
import subprocess
import sys

import torch

from driftcheck.parsers.source import parse_source
from tests.conftest import ROOT

DEEP = """
import torch.nn as nn


def stack(n, width):
    # a real, finite recursion deeper than the analyzer follows
    if n == 0:
        return [nn.Linear(width, width)]
    return [nn.ReLU()] + stack(n - 1, width)


model = nn.Sequential(*stack(120, 4))
"""


def test_call_depth_over_budget_is_an_unknown_with_the_statement(tmp_path):
    p = tmp_path / "deep.py"
    p.write_text(DEEP)
    with torch.device("meta"):
        built = runpy.run_path(str(p))["model"]
    assert sum(t.numel() for t in built.parameters()) == 20  # torch builds it
    g = parse_source(p)
    assert g.params_total() is None  # never a guess
    notes = " ".join(g.notes)
    assert f"{p}:12" in notes and "call depth" in notes


def test_the_cli_exits_0_with_json_not_2(tmp_path):
    p = tmp_path / "deep.py"
    p.write_text(DEEP)
    r = subprocess.run(
        [sys.executable, "-m", "driftcheck", "check", str(p), "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert r.returncode in (0, 1), r.stderr[-400:]
    assert '"params_total": null' in r.stdout
    json.loads(r.stdout)
