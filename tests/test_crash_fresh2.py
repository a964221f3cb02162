"""The crash study's second fresh batch (``benchmarks/crash/templates_fresh2.py``, split ``fresh2``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh2`` once). It checks what the batch promises: its size and balance, defect classes the
earlier sets do not have, case files that are what the templates render, and, for a sample of
cases on both sides, that torch's verdict recorded in ``truth.json`` is what torch says now,
under two seeds.
"""

from __future__ import annotations

import importlib.util
import json
import runpy
from pathlib import Path

import pytest

CRASH = Path(__file__).resolve().parents[1] / "benchmarks" / "crash"
CASES = {e["name"]: e for e in json.loads((CRASH / "cases.json").read_text())}
TRUTH = json.loads((CRASH / "truth.json").read_text())
FRESH2 = {n: e for n, e in CASES.items() if e["split"] == "fresh2"}

# both sides of several classes, new ones included (crash: the error type torch raises)
SAMPLE = {
    "f2_swin_window_partition__w3": "RuntimeError",  # window size that does not divide
    "f2_swin_window_partition__ok": None,
    "f2_vit_cls_pos__no_cls": "RuntimeError",  # pos table one short after the cls token
    "f2_token_prune_gather__idx2d": "RuntimeError",  # gather index of the wrong rank
    "f2_token_prune_gather__ok": None,
    "f2_pos_table_short__bs8": "IndexError",  # positions past the embedding table
    "f2_merge_heads_view__view": "RuntimeError",  # view of a transposed tensor
    "f2_merge_heads_view__view_h1": None,  # the same code with one head runs
    "f2_cbam_spatial__tuple": "TypeError",  # torch.max's (values, indices) used as a tensor
    "f2_gqa_repeat_interleave__ok_eq": None,  # a wrong factor that happens to be right
}


def _module(name: str):
    spec = importlib.util.spec_from_file_location(f"_crash_{name}", CRASH / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_batch_size_balance_and_new_classes():
    t = _module("templates_fresh2")
    assert len(t.T) >= 40 and {v[0] for v in t.VARIANTS} == set(t.T)
    assert all(n.startswith("f2_") for n in FRESH2)
    judged = {n: TRUTH["cases"][n] for n in FRESH2 if n in TRUTH["cases"]}
    assert len(judged) >= 60
    clean = sum(not v["crash"] for v in judged.values())
    assert clean / len(judged) >= 0.4
    # every template has a case on each side of torch's verdict
    sides: dict[str, set] = {}
    for n, v in judged.items():
        sides.setdefault(FRESH2[n]["origin"], set()).add(v["crash"])
    assert all(s == {True, False} for s in sides.values()), sides
    older = {e["defect"] for e in CASES.values() if e["split"] != "fresh2"}
    new = {v["defect"] for v in judged.values() if v["crash"]} - older
    assert len(new) >= 3, new


def test_case_files_are_the_rendered_templates():
    t = _module("templates_fresh2")
    header = _module("templates").HEADER
    for tname, suffix, defect, sizes in t.VARIANTS:
        name = f"f2_{tname}__{suffix}"
        e = FRESH2[name]
        shape = eval(t.T[tname]["input"].format(**sizes))  # noqa: S307 - our own table
        assert tuple(e["input"]) == shape and e["defect"] == defect
        text = header.format(name=name, defect=defect, input=shape, kind=t.T[tname]["kind"])
        text += t.T[tname]["src"].format(**sizes)
        assert (CRASH / e["file"]).read_text() == text, name


def _error_type(e: dict, seed: int) -> str | None:
    torch = pytest.importorskip("torch")
    torch.manual_seed(seed)
    model = runpy.run_path(str(CRASH / e["file"]), run_name="__crash__")[e["root"]]()
    model.eval()
    shape = tuple(e["input"])
    x = torch.randint(0, 2, shape) if e["kind"] == "tokens" else torch.randn(shape)
    try:
        with torch.no_grad():
            model(x)
    except Exception as exc:  # noqa: BLE001 - any error forward raises is the crash
        return type(exc).__name__
    return None


@pytest.mark.parametrize("name", sorted(SAMPLE))
def test_torch_verdict(name):
    e, want = FRESH2[name], SAMPLE[name]
    rec = TRUTH["cases"][name]
    assert rec["crash"] is (want is not None)
    if want:
        assert rec["error"].startswith(f"{want}: ")
    for seed in (0, 1):
        assert _error_type(e, seed) == want
