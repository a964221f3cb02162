"""Drift between re-implementations and their configs: values the model computes with that no
weight holds (session 15, issue #17). Each is proven in torch with small code of our own
first (the value changes the output, not the parameter count); then the comparison says
nothing on the clean pair and one finding holding both values on the planted one. Corpus
files used are development cases of ``benchmarks/reimpl/fresh7`` (none held out:
sha256(name) % 5 != 0, checked below).
"""

from __future__ import annotations

import hashlib
import json

import pytest

from driftcheck.drift import drift, load_sides
from driftcheck.parsers.source import parse_source
from tests.conftest import ROOT

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

SET = ROOT / "benchmarks" / "reimpl" / "fresh7"
CASES = ("glm4_moe_docstring_sizes", "deepseek_v3_world_size", "cohere_nested_classes")


def _run(code, cfg) -> list:
    fs = drift(load_sides(str(code), str(cfg)), str(code), str(cfg))
    return [f for f in fs if f.severity.rank >= 1]


def _case(name: str) -> tuple:
    return SET / "cases" / f"{name}.py", SET / "configs" / name / "config.json"


def _plant(name: str) -> tuple:
    m = json.loads((SET / "manifest.json").read_text())
    p = next(p for p in m["planted"] if p["name"] == name)
    return SET / p["code"], SET / p["config"], p


def test_cases_are_development_cases():
    for name in CASES:
        assert int(hashlib.sha256(name.encode()).hexdigest(), 16) % 5 != 0, name


# ----------------------------------------------------------------- grouped router: top-k
def _grouped_route(scores, n_group: int, topk_group: int, top_k: int):
    """DeepSeek-V3-style routing written here: each group scored by the sum of its top-2
    experts, ``topk_group`` groups kept, then ``top_k`` experts among them."""
    t, e = scores.shape
    group = scores.view(t, n_group, e // n_group).topk(2, dim=-1)[0].sum(-1)
    keep = torch.zeros_like(group).scatter_(1, group.topk(topk_group, dim=-1)[1], 1.0)
    mask = keep.unsqueeze(-1).expand(t, n_group, e // n_group).reshape(t, e)
    idx = scores.masked_fill(mask == 0, float("-inf")).topk(top_k, dim=-1)[1]
    return torch.zeros_like(scores).scatter_(1, idx, 1.0)


@pytest.mark.parametrize("topk_group", [1, 2, 3])
def test_group_picks_do_not_change_experts_per_token(topk_group):
    torch.manual_seed(0)
    scores = torch.rand(64, 16)
    for top_k in (1, 2, 4):
        chosen = _grouped_route(scores, 4, topk_group, top_k)
        # every token runs exactly top_k experts, whatever the group picks' own k's are
        assert chosen.sum(-1).eq(top_k).all()


def test_grouped_router_clean_pair_has_no_experts_per_token_finding():
    code, cfg = _case("glm4_moe_docstring_sizes")
    found = _run(code, cfg)
    assert not [f for f in found if "numExpertsPerTok" in (f.attribute or "")], [
        f.message for f in found
    ]


def test_router_k_finding_holds_the_stated_k_not_the_group_picks():
    code, cfg, p = _plant("deepseek_v3_world_size__numExpertsPerTok")
    found = _run(code, cfg)
    assert len(found) == 1, [f.message for f in found]
    assert found[0].values == {"left": p["right"], "right": p["left"]}  # 4 vs 2, not [1, 2]


# ----------------------------------------------------------------- logit scale
def _cohere(scale: float):
    cfg = transformers.CohereConfig(
        vocab_size=64,
        hidden_size=32,
        intermediate_size=48,
        num_hidden_layers=1,
        num_attention_heads=4,
        num_key_value_heads=2,
        logit_scale=scale,
    )
    torch.manual_seed(0)
    return transformers.CohereForCausalLM(cfg).eval()


def test_logit_scale_changes_logits_not_weights():
    a, b = _cohere(0.0625), _cohere(0.125)
    b.load_state_dict(a.state_dict())
    assert sum(p.numel() for p in a.parameters()) == sum(p.numel() for p in b.parameters())
    ids = torch.tensor([[1, 2, 3, 4]])
    with torch.no_grad():
        la, lb = a(ids).logits, b(ids).logits
    assert torch.allclose(lb, 2 * la, atol=1e-5)  # the output scales; no weight holds it


SCALED = """
import torch
from torch import nn


class Settings:
    hidden = 32
    logit_scale = 0.25


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(64, Settings.hidden)
        self.scale = nn.Parameter(torch.ones(()))

    def forward(self, ids):
        h = self.embed(ids)
        return (h @ self.embed.weight.T) * Settings.logit_scale
"""


def test_a_class_attribute_forward_reads_is_a_use(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(SCALED)
    g = parse_source(str(path), entry="M")
    uses = {(u.key, u.value) for u in g.uses}
    assert ("logitScale", 0.25) in uses
    # a size read the same way is in the weights already: no use under its name
    assert not [u for u in g.uses if u.key == "hiddenSize" and u.via == "M.forward"]
    # the code computes what torch computes: logits times the class's scale
    ns: dict = {}
    exec(compile(SCALED, str(path), "exec"), ns)
    m = ns["M"]()
    ids = torch.tensor([[1, 2]])
    with torch.no_grad():
        want = m.embed(ids) @ m.embed.weight.T * 0.25
        assert torch.allclose(m(ids), want)


def test_a_learned_logit_scale_is_no_use(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(
        "import torch\nfrom torch import nn\n\n\nclass M(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.proj = nn.Linear(8, 8)\n"
        "        self.logit_scale = nn.Parameter(torch.ones([]) * 2.6592)\n\n"
        "    def forward(self, x):\n        return self.proj(x) * self.logit_scale.exp()\n"
    )
    g = parse_source(str(path), entry="M")
    assert not [u for u in g.uses if u.key == "logitScale"]


def test_logit_scale_clean_pair_and_plant():
    code, cfg = _case("cohere_nested_classes")
    assert _run(code, cfg) == []
    code, cfg, p = _plant("cohere_nested_classes__cfg_logit_scale")
    found = _run(code, cfg)
    assert len(found) == 1, [f.message for f in found]
    assert found[0].values == {"left": p["right"], "right": p["left"]}
