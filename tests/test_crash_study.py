"""The crash study's sample (benchmarks/crash): ``check --input-shape`` blockers against torch.

Each sampled case is built and run in real torch here (crash or not), and ``driftcheck check``
must give a blocker exactly when torch raised, at the line of the failing op. The full study
(236 cases, 26 defect classes, per-class confusion matrix) is ``benchmarks/crash/bench_crash.py``.
"""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest

from driftcheck.cli import main
from driftcheck.parsers import load

CRASH = Path(__file__).resolve().parents[1] / "benchmarks" / "crash"
CASES = {e["name"]: e for e in json.loads((CRASH / "cases.json").read_text())}

# one or two per defect class the forward-only pass proves, and the clean controls beside them
SAMPLE = [
    "u_head_split__nh5",  # view(B, T, n_head, C // n_head) that does not divide
    "u_head_split__ok",
    "sa_nanogpt__nh5",
    "u_einops_heads__h3",  # rearrange "b n (h d)" with h not dividing
    "u_einops_heads__ok",
    "u_kv_heads__kv4",  # repeat_interleave of kv heads that do not divide the heads
    "u_kv_heads__ok",
    "u_cat_linear__w16",  # torch.cat then a Linear of the wrong width
    "u_matmul__k16",
    "u_split_sizes__s12",
    "u_concat_dim__cw6",
    "u_stack__ok",  # parallel heads of a ModuleList: not a repeated chain
    "u_unet_skip__odd",
    "u_reshape_numel__ok_inf",
    "u_split_sizes__w24",  # SHP010: split sizes that do not add up
    "sa_nanogpt__split2",  # SHP010: 2 pieces unpacked into q, k, v
    "u_attn_mask__bs8",  # SHP010: a causal-mask buffer of the wrong size
    "u_attn_mask__ok",
    "sa_mistral_dense__kv3",  # SDPA whose head axes do not broadcast
    "sa_noisy_topk_moe__gate",  # a gate of shape-only tensors broadcast wrongly
    "sa_noisy_topk_moe__clean",
    "u_einops_layer__p3",  # an einops Rearrange layer whose axis does not divide
    "u_einops_layer__ok",
    "sa_whisper_ref__mels",  # a Conv1d behind Whisper's fp32 LayerNorm subclass
    "sa_clip_ref__proj",  # CLIP's LayerNorm subclass calls super().forward
    "sa_unet_ddpm_gray__clean",  # a skip stack (h.pop()) and a generator over chunk pieces
]


def _torch_crashes(e: dict) -> bool:
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    model = runpy.run_path(str(CRASH / e["file"]), run_name="__crash__")[e["root"]]()
    shape = tuple(e["input"])
    x = torch.randint(0, 2, shape) if e["kind"] == "tokens" else torch.randn(shape)
    try:
        with torch.no_grad():
            model(x)
    except Exception:  # noqa: BLE001 - any error forward raises is the crash
        return True
    return False


@pytest.mark.parametrize("name", SAMPLE)
def test_blocker_iff_torch_crashes(name, capsys):
    e = CASES[name]
    crashes = _torch_crashes(e)
    src = f"{CRASH / e['file']}::{e['root']}"
    rc = main(["check", src, "--input-shape", ",".join(map(str, e["input"])), "-q"])
    out = capsys.readouterr().out
    blockers = [ln for ln in out.splitlines() if "blocker" in ln.lower() or " SHP00" in ln]
    assert (rc == 1 and bool(blockers)) is crashes, out
    if crashes:
        assert f"{Path(e['file']).name}:" in out, out  # file:line of the failing op


def test_size_free_graph_without_input_shape():
    """Only ``check --input-shape`` follows forward on real sizes; other callers' graphs stay
    size-free (no note, no einops ops) and ``check`` without a shape reports no blocker."""
    e = CASES["u_einops_heads__h3"]
    g = load(f"{CRASH / e['file']}::{e['root']}")
    assert not any("given input shape" in n for n in g.notes)
    # a rearrange's head split is read statically (Unflatten + Permute, size-free: the drift
    # facts read heads off it); the sized ops of a given input shape (View) are not there
    assert not any(n.type == "View" for n in g.nodes)
    assert main(["check", f"{CRASH / e['file']}::{e['root']}", "-q"]) == 0


def test_rearrange_groups():
    from driftcheck.parsers.source.forward.dataflow_concrete import _groups

    assert _groups("b c (h p1) (w p2)") == [["b"], ["c"], ["h", "p1"], ["w", "p2"]]
    assert _groups("b (h w) 1") == [["b"], ["h", "w"], []]
    assert _groups("b ... d") is None and _groups("b ((h) w)") is None
