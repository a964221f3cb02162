"""The shape fuzzer itself (``benchmarks/crash/shapefuzz.py``): its programs are a pure function
of the seed, parse, and torch's verdict on a few of them is the one recorded here (the worker
processes the benchmark uses agree with a plain in-process run); the per-op table counts what
it is given."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

import pytest

CRASH = Path(__file__).resolve().parents[1] / "benchmarks" / "crash"


def _fuzz():
    if "_shapefuzz" in sys.modules:
        return sys.modules["_shapefuzz"]
    spec = importlib.util.spec_from_file_location("_shapefuzz", CRASH / "shapefuzz.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["_shapefuzz"] = mod  # its dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


# seed 0, the default op set: torch's exception type per program (None: forward runs)
SEED0 = {
    "sf0_00000": None,  # maxpool2d, permute
    "sf0_00001": "RuntimeError",  # masked_fill, cat
    "sf0_00002": "EinopsError",  # Tensor.unfold, rearrange
    "sf0_00003": "RuntimeError",  # embedding of float ids
    "sf0_00005": None,  # add_broadcast, avgpool2d, chunk
    "sf0_00009": "IndexError",  # roll/flip dim out of range
    "sf0_00010": None,  # expand with a new leading dim
    "sf0_00012": "RuntimeError",  # topk(-1)
    "sf0_00013": "ValueError",  # slice step
    "sf0_00015": None,  # gather
}


def _seed0_ops(sf) -> list[str]:
    """The op set ``SEED0`` was labelled on: ``OPS`` up to session 20's last op. Ops added
    later are appended after it (``OPS`` keeps definition order), so they do not change these
    programs."""
    ops = list(sf.OPS)
    return ops[: ops.index("interp_tuple") + 1]


def test_programs_are_a_function_of_the_seed():
    sf = _fuzz()
    ops = list(sf.OPS)
    a, b = sf.generate(3, 40, ops), sf.generate(3, 40, ops)
    assert [g.src for g in a] == [g.src for g in b]
    assert [g.src for g in sf.generate(4, 40, ops)] != [g.src for g in a]
    for g in a:
        ast.parse(g.src)
        assert g.ops and all(o in sf.OPS for o in g.ops)
        assert set(g.lines.values()) <= set(range(len(g.ops)))
    # an op subset draws from that subset only
    assert all(set(g.ops) <= {"view", "cat"} for g in sf.generate(3, 20, ["view", "cat"]))


def test_torch_labels_reproduce(tmp_path):
    pytest.importorskip("torch")
    pytest.importorskip("einops")
    sf = _fuzz()
    progs = [g for g in sf.generate(0, 16, _seed0_ops(sf)) if g.name in SEED0]
    assert len(progs) == len(SEED0)
    paths = sf.write(progs, tmp_path)
    verdicts = sf.torch_verdicts(progs, paths, jobs=1)
    for g, v in zip(progs, verdicts, strict=True):
        assert v["built"] and v["stable"], (g.name, v)
        want = SEED0[g.name]
        assert v["crash"] is (want is not None), (g.name, v)
        if want:
            assert v["error"].startswith(want), (g.name, v)
            assert g.lines.get(v["line"]) is not None  # the raising line is one of an op's


def test_table_counts():
    sf = _fuzz()
    g = sf.Program("p", "", [2, 3], "float", ["view", "cat"], {10: 0, 11: 1}, True)
    truth = [{"built": True, "stable": True, "crash": True, "line": 11}]
    miss = [{"blockers": [], "unconfirmed": False, "failure": False}]
    hit = [{"blockers": [{"line": 11}], "unconfirmed": False, "failure": False}]
    _, s = sf.table([g], truth, miss)
    assert s["ops"]["cat"]["miss"] == 1 and s["ops"]["view"]["crash"] == 0
    assert s["total"]["FN"] == 1
    _, s = sf.table([g], truth, hit)
    assert s["ops"]["cat"]["blk"] == 1 and s["total"]["TP"] == 1
    clean = [{"built": True, "stable": True, "crash": False, "line": None}]
    _, s = sf.table([g], clean, hit)
    assert s["ops"]["cat"]["fp"] == 1 and s["total"]["FP"] == 1
