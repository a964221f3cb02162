"""An operand of an elementwise op that forward could not compute (effdet's fast-attention
feature fusion: ``nodes[i] * edge_weights[i]``, the feature maps not followed) may be a
tensor of any shape: the product is not the weight's shape. Taken as the weight's (a scalar
after the ``[i]``), the fused map became rank 0 and the next convolution a false
``rank-mismatch`` blocker on a model torch runs. Checked on the real effdet file of the wild
corpus when its library is installed (benchmarks/wild/install.sh; CI has none: skipped); torch's
verdict is the corpus truth (``build_truth.py`` built and counted it in torch)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from driftcheck.cli import main

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "benchmarks" / "wild" / ".vendor"
CASE = ROOT / "benchmarks" / "wild" / "fresh5" / "effdet" / "effdet_config_override.py"


@pytest.mark.skipif(not (VENDOR / "effdet").is_dir(), reason="wild libraries not installed")
def test_effdet_fusion_is_no_blocker(monkeypatch, capsys):
    truth = json.loads((CASE.parents[1] / "truth.json").read_text())["cases"]
    want = truth["fresh5/effdet/effdet_config_override"]["params_total"]
    assert want  # torch built it
    monkeypatch.syspath_prepend(str(VENDOR))
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    rc = main(["check", str(CASE), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    blockers = [f for f in report["findings"] if f["severity"] == "blocker"]
    assert blockers == [] and rc == 0
    assert report["params_total"] == want
