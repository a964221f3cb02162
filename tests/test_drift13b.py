"""Drift between re-implementations and their configs, facts and matching (session 13,
issue #17). Each equivalence the matcher now accepts is proven in torch first (the same
parameter count as transformers' model of the config; the same output for the same weights
where they map one to one); then the comparison says nothing on the clean pair and one
finding holding both values on the planted one. The corpus files used are development cases
of ``benchmarks/reimpl/fresh4`` and ``fresh5`` (none held out); their counts against
transformers are also checked by each set's ``make.py --check``.
"""

from __future__ import annotations

import json

import pytest

from driftcheck.drift import drift, load_sides
from tests.conftest import ROOT

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from benchmarks.reimpl.make import code_params, hf_params  # noqa: E402

SETS = ROOT / "benchmarks" / "reimpl"


def _run(code, cfg) -> list:
    fs = drift(load_sides(str(code), str(cfg)), str(code), str(cfg))
    return [f for f in fs if f.severity.rank >= 1]


def _case(corpus: str, name: str) -> tuple:
    d = SETS / corpus
    return d / "cases" / f"{name}.py", d / "configs" / name / "config.json"


def _plant(corpus: str, name: str) -> tuple:
    """(code, config) of a planted pair, as the set's manifest records it."""
    d = SETS / corpus
    m = json.loads((d / "manifest.json").read_text())
    p = next(p for p in m["planted"] if p["name"] == name)
    return d / p["code"], d / p["config"]


def _same_count(corpus: str, name: str) -> None:
    code, cfg = _case(corpus, name)
    assert code_params(code) == hf_params(cfg)


# ------------------------------------------------------------------ nn.Linear subclass
def test_linear_subclass_running_super_forward_is_one_linear(tmp_path):
    # Phi-MoE's router subclasses nn.Linear and calls super().forward: one Linear, the same
    # parameters and the same output as nn.Linear with that weight; not a weight tied to
    # the word embeddings, and not a raw Parameter beside a Linear in the comparison
    from torch import nn

    class Router(nn.Linear):
        def forward(self, x):
            return super().forward(x) * 1.0

    r, lin = Router(64, 4, bias=False), nn.Linear(64, 4, bias=False)
    lin.weight.data.copy_(r.weight.data)
    x = torch.randn(3, 64)
    assert sum(p.numel() for p in r.parameters()) == sum(p.numel() for p in lin.parameters())
    assert torch.equal(r(x), lin(x))
    _same_count("fresh5", "phimoe_literal_eval")
    assert _run(*_case("fresh5", "phimoe_literal_eval")) == []
    fs = _run(*_plant("fresh5", "phimoe_literal_eval__numKvHeads"))
    assert len(fs) == 1, [f.message for f in fs]
    assert fs[0].values["left"] == 4 and fs[0].values["right"] == 2


# ------------------------------------------------------------------ view(b, t, -1, head_dim)
def test_heads_of_a_minus_one_split_are_the_projection_over_the_head_width():
    # Granite-MoE's q/k/v cut with view(b, t, -1, head_dim): the heads are the projection's
    # width over the head width (96 / 24 = 4 query heads of a planted 4 against the config's 6)
    _same_count("fresh5", "granitemoe_cached_props")
    assert _run(*_case("fresh5", "granitemoe_cached_props")) == []
    fs = _run(*_plant("fresh5", "granitemoe_cached_props__numHeads"))
    assert len(fs) == 1 and fs[0].values == {"left": 4, "right": 6}, [f.message for f in fs]


def test_a_norm_over_two_heads_follows_the_head_count():
    # DiffLlama's sub-layer norm spans 2 x head_dim: 32 against 16 follows 4 heads against 8
    # at one width (the head dim grouped under the head count), not a second drift
    _same_count("fresh5", "diffllama_attrs")
    fs = _run(*_plant("fresh5", "diffllama_attrs__cfg_num_attention_heads"))
    assert len(fs) == 1 and fs[0].values == {"left": 4, "right": 8}, [f.message for f in fs]


# ------------------------------------------------------------------ fused expert tensors
def test_fused_expert_tensors_hold_the_experts_mlp():
    # [E, 2I, D] gate|up and [E, D, I] down are E SwiGLU experts of width I: the same count
    # and, with the weights mapped one to one, the same output
    import torch.nn.functional as F
    from torch import nn

    e, d, i = 4, 16, 8
    experts = nn.ModuleList(
        nn.ModuleDict(
            {k: nn.Linear(*s, bias=False) for k, s in (("g", (d, i)), ("u", (d, i)), ("o", (i, d)))}
        )
        for _ in range(e)
    )
    gate_up = torch.stack([torch.cat([m["g"].weight, m["u"].weight]) for m in experts])
    down = torch.stack([m["o"].weight for m in experts])
    assert gate_up.numel() + down.numel() == sum(p.numel() for p in experts.parameters())
    x = torch.randn(5, d)
    for k, m in enumerate(experts):
        g, u = (x @ gate_up[k].T).chunk(2, -1)
        assert torch.allclose(
            (F.silu(g) * u) @ down[k].T, m["o"](F.silu(m["g"](x)) * m["u"](x)), atol=1e-6
        )
    fs = _run(*_plant("fresh5", "granitemoe_cached_props__intermediateSize"))
    assert len(fs) == 1 and fs[0].values == {"left": 96, "right": 64}, [f.message for f in fs]
    _same_count("fresh4", "olmoe_dense_dispatch")
    assert _run(*_case("fresh4", "olmoe_dense_dispatch")) == []
    fs = _run(*_plant("fresh4", "olmoe_dense_dispatch__moeIntermediateSize"))
    assert len(fs) == 1, [f.message for f in fs]


# ------------------------------------------------------------------ learned position tables
def test_raw_position_tables_state_the_context():
    # Marian's two frozen sinusoid tables as raw Parameters (counted by transformers, as its
    # sinusoidal Embedding is): one table length is the context, against the config's
    _same_count("fresh4", "marian_builder_postnorm")
    assert _run(*_case("fresh4", "marian_builder_postnorm")) == []
    fs = _run(*_plant("fresh4", "marian_builder_postnorm__cfg_max_position_embeddings"))
    assert len(fs) == 1 and fs[0].values == {"left": 160, "right": 256}, [f.message for f in fs]


def test_a_relative_table_is_no_position_table():
    # DeBERTa-v2 has no absolute positions; its relative table (2 x position_buckets rows) is
    # not the context the config states
    _same_count("fresh5", "debertav2_from_dict")
    assert _run(*_case("fresh5", "debertav2_from_dict")) == []


def test_box_tables_larger_than_the_words_are_not_the_vocabulary():
    # LayoutLM's four 1024-row box tables beside 800 words: the config's vocabulary is one
    # of the tables, so it stands; a planted 512-row box table is that table's finding
    _same_count("fresh5", "layoutlm_chainmap")
    assert _run(*_case("fresh5", "layoutlm_chainmap")) == []
    fs = _run(*_plant("fresh5", "layoutlm_chainmap__max2dPositionEmbeddings"))
    assert len(fs) == 1 and fs[0].values == {"left": 512, "right": 1024}, [f.message for f in fs]
