"""Facts no weight holds, read where the code computes with them (issue #17, driftD):

- a module constant with a fact's name read by ``forward`` (``SLIDING_WINDOW`` in a mask,
  ``TOP_K``) or, for facts no weight shape holds, while the model is built (``MAX_POS``
  sizing a computed position table): ``dataflow_eval.global_use``, ``exprs.constant_use``;
- a rotary base raised to a tensor in ``forward`` (``theta ** (arange(0, rot, 2) / rot)``):
  the base (``ropeTheta``) and the dimensions it turns (``rotaryDim``), compared as
  ``partialRotaryFactor`` (rotary dims over head width; ``match._rotary``);
- the k of a ``topk`` in ``forward`` on a side with experts: ``numExpertsPerTok``.

Truth is torch: each edit keeps every parameter shape (the structure cannot show it) and
changes what the model computes (its output for the same weights, or a buffer's shape), and
the static compare of the two files reports it as one finding holding both values.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from driftcheck.findings import Severity
from driftcheck.graph.match import compare
from driftcheck.parsers.source import parse_source

ROOT = Path(__file__).resolve().parent.parent
TINY = ROOT / "tests" / "data" / "values" / "tiny_moe.py"
CONSTS = "THETA, ROT_PCT, SLIDING_WINDOW, TOP_K, MAX_POS = 10000.0, 0.5, 8, 2, 64"
# (edited constants line, fact of the finding, value in TINY, value in the edit)
EDITS = [
    (CONSTS.replace("10000.0, 0.5", "500000.0, 0.5"), "ropeTheta", 10000.0, 500000.0),
    (CONSTS.replace("0.5, 8", "0.25, 8"), "partialRotaryFactor", 0.5, 0.25),
    (CONSTS.replace("8, 2, 64", "4, 2, 64"), "slidingWindow", 8, 4),
    (CONSTS.replace("2, 64", "1, 64"), "numExpertsPerTok", 2, 1),
    (CONSTS.replace(", 64", ", 128"), "maxPositionEmbeddings", 64, 128),
]


def edited(tmp_path: Path, line: str) -> Path:
    text = TINY.read_text()
    assert text.count(CONSTS) == 1
    out = tmp_path / "edited.py"
    out.write_text(text.replace(CONSTS, line))
    return out


def load(path: Path):
    spec = importlib.util.spec_from_file_location(f"tiny_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def minor_up(findings):
    return [f for f in findings if f.severity.rank >= Severity.minor.rank]


def test_uses_read_where_the_code_computes():
    g = parse_source(TINY)
    got = {(u.key, u.value) for u in g.uses}
    assert {
        ("ropeTheta", 10000.0),
        ("rotaryDim", 4),
        ("slidingWindow", 8),
        ("topK", 2),
        ("maxPositionEmbeddings", 64),
    } <= got


def test_clean_copy_no_finding(tmp_path):
    copy = tmp_path / "copy.py"
    copy.write_text(TINY.read_text())
    assert minor_up(compare(parse_source(TINY), parse_source(copy))) == []


@pytest.mark.parametrize("line,fact,old,new", EDITS, ids=[e[1] for e in EDITS])
def test_edit_found_once(tmp_path, line, fact, old, new):
    path = edited(tmp_path, line)
    found = minor_up(compare(parse_source(TINY), parse_source(path)))
    assert len(found) == 1, [f.message for f in found]
    f = found[0]
    assert f.attribute == f"model.{fact}", f.message
    assert (f.values["left"], f.values["right"]) == pytest.approx((old, new)), f.values


@pytest.mark.parametrize("line,fact,old,new", EDITS, ids=[e[1] for e in EDITS])
def test_edit_is_drift_in_torch(tmp_path, line, fact, old, new):
    """Every parameter shape is kept; the output for the same weights, or a buffer, moves."""
    torch = pytest.importorskip("torch")
    a, b = load(TINY), load(edited(tmp_path, line))
    torch.manual_seed(0)
    ma = a.TinyMoE()
    mb = b.TinyMoE()
    shapes = lambda m: [(k, tuple(p.shape)) for k, p in m.named_parameters()]  # noqa: E731
    assert shapes(ma) == shapes(mb)
    mb.load_state_dict(ma.state_dict())
    ids = torch.randint(0, a.VOCAB, (2, 12))
    buffers = lambda m: [(k, tuple(x.shape)) for k, x in m.named_buffers()]  # noqa: E731
    with torch.no_grad():
        moved = not torch.allclose(ma(ids), mb(ids)) or buffers(ma) != buffers(mb)
    assert moved


GQA = """
import torch
import torch.nn as nn
import torch.nn.functional as F

D, H, KV, HD = 32, 4, {kv}, 8


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(D, H * HD, bias=False)
        self.k = nn.Linear(D, KV * HD, bias=False)
        self.v = nn.Linear(D, KV * HD, bias=False)
        self.o = nn.Linear(H * HD, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, H, HD).transpose(1, 2)
        k = self.k(x).view(b, t, KV, HD).transpose(1, 2)
        v = self.v(x).view(b, t, KV, HD).transpose(1, 2)
        k = k.repeat_interleave(H // KV, 1)
        v = v.repeat_interleave(H // KV, 1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o(y.transpose(1, 2).reshape(b, t, H * HD))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, D)
        self.layers = nn.ModuleList(Attn() for _ in range(2))

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = x + layer(x)
        return x
"""


def test_kv_heads_of_full_attention_read_off_three_splits(tmp_path):
    """q, k and v each cut into 4 heads: 4 KV heads (``derive._head_splits``), so 4 KV heads
    against 2 is one KV-head finding that lists the narrower k/v projections, not four
    projection widths; torch: the k/v weights are what the KV heads say."""
    full, grouped = tmp_path / "full.py", tmp_path / "grouped.py"
    full.write_text(GQA.format(kv=4))
    grouped.write_text(GQA.format(kv=2))
    found = minor_up(compare(parse_source(full), parse_source(grouped)))
    assert len(found) == 1, [f.message for f in found]
    assert found[0].attribute == "model.numKvHeads"
    assert (found[0].values["left"], found[0].values["right"]) == (4, 2)
    torch = pytest.importorskip("torch")
    for path, kv in ((full, 4), (grouped, 2)):
        m = load(path).Model()
        assert tuple(m.layers[0].k.weight.shape) == (kv * 8, 32)
        assert m(torch.randint(0, 50, (1, 5))).shape == (1, 5, 32)


def test_heads_and_equal_kv_heads_are_one_finding(tmp_path):
    """Full attention with 4 heads of 8 against 8 heads of 4: the KV heads move with the
    heads (both sides full attention), one head-count finding."""
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text(GQA.format(kv=4))
    b.write_text(GQA.format(kv=8).replace("H, KV, HD = 32, 4, 8, 8", "H, KV, HD = 32, 8, 8, 4"))
    assert "H, KV, HD = 32, 8, 8, 4" in b.read_text()
    found = minor_up(compare(parse_source(a), parse_source(b)))
    assert [f.attribute for f in found] == ["model.numHeads"], [f.message for f in found]


FRESH3 = ROOT / "benchmarks" / "reimpl" / "fresh3"
# dev plants of fresh3 (never its held-out cases) found by this work: (plant, fact, config
# value, code value); the set's manifest records the values, torch checks the plants
# (tests/test_reimpl_fresh3.py)
PLANTS = [
    ("gemma3_layer_idx__slidingWindow", "slidingWindow", 48, 64),
    ("qwen3_yaml__numKvHeads", "numKvHeads", 2, 4),
    ("convnextv2_grn__normEps", "eps", 1e-06, 1e-05),
    ("stablelm_vars_args__partialRotaryFactor", "partialRotaryFactor", 0.25, 0.5),
    ("nemotron_relu2__partialRotaryFactor", "partialRotaryFactor", 0.5, 0.25),
    ("qwen2moe_shared__numExpertsPerTok", "numExpertsPerTok", 2, 4),
    ("mixtral_expert_list__numExpertsPerTok", "numExpertsPerTok", 2, 1),
    ("xglm_sinusoidal__maxPositionEmbeddings", "maxPositionEmbeddings", 256, 512),
    ("whisper_setattr_layers__maxPositionEmbeddings", "numEmbeddings", 64, 128),
    ("olmo_hydra__tieWordEmbeddings", "tieWordEmbeddings", False, True),
    ("megatron_bert_prenorm__intermediateSize", "intermediateSize", 192, 256),
]


def _drift(code: Path, config: Path):
    from driftcheck.drift import drift, load_sides

    return drift(load_sides(str(code), str(config)), str(code), str(config))


@pytest.mark.parametrize("plant,fact,cfg,code", PLANTS, ids=[p[0] for p in PLANTS])
def test_fresh3_dev_plant_one_finding(plant, fact, cfg, code):
    """Against the config transformers wrote: one finding of minor or above, naming the
    fact and holding both values; the clean case: none."""
    base = plant.split("__")[0]
    config = FRESH3 / "configs" / base / "config.json"
    found = minor_up(_drift(FRESH3 / "planted" / f"{plant}.py", config))
    assert len(found) == 1, [f.message for f in found]
    f = found[0]
    assert f.attribute.endswith(fact), f.message
    if isinstance(cfg, bool):
        assert (f.values["left"], f.values["right"]) == (code, cfg), f.values
    else:
        assert (f.values["left"], f.values["right"]) == pytest.approx((code, cfg)), f.values
    assert minor_up(_drift(FRESH3 / "cases" / f"{base}.py", config)) == []
