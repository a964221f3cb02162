"""Session 30 (reimplfix30, issue #17): rules each proven in torch / transformers first.

1. T5's relative-bucket far distance (``relative_attention_max_distance``) held under a name
   that says nothing (a GGUF-style key, a function's parameter): read off the bucket formula
   itself (``forward/dataflow_logbucket.py``). torch: the port's buckets are transformers'
   ``T5Attention._relative_position_bucket`` at that distance and not at another.
2. A shared expert beside routed experts written as a module list (``nn.ModuleList(MLP(d, S)
   for _ in range(E))``, not one stacked tensor): its width is the port's
   ``sharedExpertIntermediateSize`` (``graph/match/derive._expert_list``). torch: the port has
   ``Qwen2MoeForCausalLM``'s parameter count, and the planted width changes it.

Each test fails with its rule switched off (the ``off`` tests show it).
"""

from __future__ import annotations

import runpy

import pytest

from tests.drift_support import config, count, hf_model, mine, one, run, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

T5 = dict(
    architectures=["T5EncoderModel"],
    vocab_size=96,
    d_model=32,
    d_kv=8,
    d_ff=64,
    num_layers=2,
    num_heads=4,
    relative_attention_num_buckets=32,
    layer_norm_epsilon=1e-6,
    feed_forward_proj="relu",
)

# the far distance sits in a metadata table under a key no fact is named by, and reaches the
# formula as a parameter called ``far``
T5_CODE = """
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

META = {"enc.vocab": 96, "enc.width": 32, "enc.kv": 8, "enc.ff": 64, "enc.depth": 2,
        "enc.heads": 4, "enc.rel.n": 32, "enc.rel.far": {dist}}


def meta(k):
    return META["enc." + k]


def bucket(rel, n_total, far):
    n = n_total // 2
    out = (rel > 0).long() * n
    rel = rel.abs()
    exact = n // 2
    small = rel < exact
    big = exact + (
        torch.log(rel.float() / exact) / math.log(far / exact) * (n - exact)
    ).long()
    big = torch.min(big, torch.full_like(big, n - 1))
    return out + torch.where(small, rel, big)


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(meta("width")))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Block(nn.Module):
    def __init__(self, rel):
        super().__init__()
        d, h, kv = meta("width"), meta("heads"), meta("kv")
        self.h, self.kv = h, kv
        self.n1 = Norm()
        self.q = nn.Linear(d, h * kv, bias=False)
        self.k = nn.Linear(d, h * kv, bias=False)
        self.v = nn.Linear(d, h * kv, bias=False)
        self.o = nn.Linear(h * kv, d, bias=False)
        self.rel = nn.Embedding(meta("rel.n"), h) if rel else None
        self.n2 = Norm()
        self.wi = nn.Linear(d, meta("ff"), bias=False)
        self.wo = nn.Linear(meta("ff"), d, bias=False)

    def forward(self, x, bias):
        b, t, _ = x.shape
        hx = self.n1(x)
        q = self.q(hx).view(b, t, self.h, self.kv).transpose(1, 2)
        k = self.k(hx).view(b, t, self.h, self.kv).transpose(1, 2)
        v = self.v(hx).view(b, t, self.h, self.kv).transpose(1, 2)
        if self.rel is not None:
            pos = torch.arange(t)
            idx = bucket(pos[None, :] - pos[:, None], meta("rel.n"), meta("rel.far"))
            bias = self.rel(idx).permute(2, 0, 1)[None]
        a = (q @ k.transpose(-1, -2) + bias).softmax(-1) @ v
        x = x + self.o(a.transpose(1, 2).reshape(b, t, -1))
        return x + self.wo(F.relu(self.wi(self.n2(x)))), bias


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(meta("vocab"), meta("width"))
        self.blocks = nn.ModuleList(Block(i == 0) for i in range(meta("depth")))
        self.final = Norm()

    def forward(self, ids):
        x, bias = self.shared(ids), None
        for blk in self.blocks:
            x, bias = blk(x, bias)
        return self.final(x)
"""


def _t5(tmp_path, dist):
    code = write(tmp_path, f"t5_{dist}.py", T5_CODE.replace("{dist}", str(dist)))
    ns = runpy.run_path(str(code))
    i = torch.arange(400)
    rel = i[None, :] - i[:, None]
    hf_bucket = transformers.models.t5.modeling_t5.T5Attention._relative_position_bucket
    assert torch.equal(ns["bucket"](rel, 32, dist), hf_bucket(rel, True, 32, dist))
    assert not torch.equal(ns["bucket"](rel, 32, dist), hf_bucket(rel, True, 32, 128 + 64 - dist))
    return code, ns


def test_t5_far_distance_under_any_name_is_read_off_the_bucket_formula(tmp_path):
    code, ns = _t5(tmp_path, 128)
    cfg, path = config(tmp_path, "clean", "T5Config", relative_attention_max_distance=128, **T5)
    with torch.device("meta"):
        assert count(ns["M"]()) == count(transformers.T5EncoderModel(cfg))
    with torch.no_grad():
        ns["M"]()(torch.randint(0, 96, (1, 7)))
    assert run(code, path) == []
    planted, _ = _t5(tmp_path, 64)
    f = one(run(planted, path), 64, 128)
    assert "relativeAttentionMaxDistance" in f.message


def test_t5_far_distance_rule_off_misses_the_plant(tmp_path, monkeypatch):
    from driftcheck.parsers.source.forward import dataflow_logbucket

    monkeypatch.setattr(dataflow_logbucket, "far_distance", lambda *a, **k: None)
    planted, _ = _t5(tmp_path, 64)
    _, path = config(tmp_path, "clean", "T5Config", relative_attention_max_distance=128, **T5)
    assert run(planted, path) == []


def test_a_ratio_of_logs_over_other_bases_is_no_distance(tmp_path):
    """``log(x / a) / log(D / b)`` with ``b`` not ``a`` is not the bucket formula: no use."""
    code = write(
        tmp_path,
        "other.py",
        T5_CODE.replace("{dist}", "128").replace("math.log(far / exact)", "math.log(far / n)"),
    )
    from driftcheck import parsers

    g = parsers.load(str(code))
    assert not [u for u in g.uses if u.key == "relativeAttentionMaxDistance"]
    g = parsers.load(str(write(tmp_path, "good.py", T5_CODE.replace("{dist}", "128"))))
    assert {u.value for u in g.uses if u.key == "relativeAttentionMaxDistance"} == {128}


QWEN_MOE = dict(
    vocab_size=64,
    hidden_size=32,
    intermediate_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    num_experts=4,
    num_experts_per_tok=2,
    moe_intermediate_size=16,
    shared_expert_intermediate_size=48,
)


def _qwen_moe_source(shared: int) -> str:
    from tests.test_drift30b import QWEN2MOE

    old = "EXPERTS, TOP_K, EXPERT_FFN, SHARED_FFN = 4, 2, 16, 48"
    assert QWEN2MOE.count(old) == 1
    return QWEN2MOE.replace(old, f"EXPERTS, TOP_K, EXPERT_FFN, SHARED_FFN = 4, 2, 16, {shared}")


def test_shared_expert_beside_a_module_list_of_experts(tmp_path):
    cfg, path = config(
        tmp_path, "cfg", "Qwen2MoeConfig", architectures=["Qwen2MoeForCausalLM"], **QWEN_MOE
    )
    hf = count(hf_model(cfg, "Qwen2MoeForCausalLM"))
    code = write(tmp_path, "clean.py", _qwen_moe_source(48))
    assert count(mine(code, "Qwen2Moe")) == hf
    assert run(code, path) == []
    planted = write(tmp_path, "planted.py", _qwen_moe_source(32))
    assert count(mine(planted, "Qwen2Moe")) != hf
    f = one(run(planted, path), 32, 48)
    assert "sharedExpertIntermediateSize" in f.message


def test_shared_expert_rule_off_names_the_wrong_width(tmp_path, monkeypatch):
    import importlib

    derive = importlib.import_module("driftcheck.graph.match.derive")
    monkeypatch.setattr(derive, "_expert_list", lambda *a, **k: False)
    cfg, path = config(
        tmp_path, "cfg", "Qwen2MoeConfig", architectures=["Qwen2MoeForCausalLM"], **QWEN_MOE
    )
    planted = write(tmp_path, "planted.py", _qwen_moe_source(32))
    found = run(planted, path)
    assert not any(32 in (f.values["left"], f.values["right"]) for f in found)


def _stacked_source(shared: int) -> str:
    from tests.test_drift30b import QWEN2MOE_STACKED

    old = '"shared_dim": 48'
    assert QWEN2MOE_STACKED.count(old) == 1
    return QWEN2MOE_STACKED.replace(old, f'"shared_dim": {shared}')


def _stacked_pair(tmp_path, shared):
    cfg, path = config(
        tmp_path, "cfg", "Qwen2MoeConfig", architectures=["Qwen2MoeForCausalLM"], **QWEN_MOE
    )
    code = write(tmp_path, f"stacked_{shared}.py", _stacked_source(shared))
    return cfg, path, code


def test_shared_expert_as_bare_weights_beside_stacked_experts(tmp_path):
    """Experts as stacked tensors, the shared expert as three bare 2-d weights of the sparse
    module: torch's count is transformers'; clean compares clean (the intermediateSize
    readings landed on the experts here and on transformers' shared-expert Linear there:
    ``_role_readings``); a changed shared width is one finding with both values
    (``_bare_shared_width``)."""
    cfg, path, code = _stacked_pair(tmp_path, 48)
    hf = count(hf_model(cfg, "Qwen2MoeForCausalLM"))
    assert count(mine(code, "StackedMoe")) == hf
    assert run(code, path) == []
    _, _, planted = _stacked_pair(tmp_path, 40)
    assert count(mine(planted, "StackedMoe")) != hf
    f = one(run(planted, path), 40, 48)
    assert "sharedExpertIntermediateSize" in f.message


def test_role_readings_off_gives_the_false_positive(tmp_path, monkeypatch):
    import importlib

    match = importlib.import_module("driftcheck.graph.match")
    monkeypatch.setattr(match, "_role_readings", lambda facts, da, db: facts)
    _, path, code = _stacked_pair(tmp_path, 48)
    assert [f.values for f in run(code, path)] == [{"left": 16, "right": 48}]


def test_bare_shared_width_off_misses_the_shared_plant(tmp_path, monkeypatch):
    import importlib

    derive = importlib.import_module("driftcheck.graph.match.derive")
    monkeypatch.setattr(derive, "_bare_shared_width", lambda *a, **k: None)
    _, path, planted = _stacked_pair(tmp_path, 40)
    assert not any(40 in (f.values.get("left"), f.values.get("right")) for f in run(planted, path))
