"""Drift between re-implementations and their configs, facts and matching (session 14,
issue #17). Each equivalence the matcher now accepts is proven in torch first (the same
parameter count as transformers' model of the config; the same output for the same weights
where they map one to one); then the comparison says nothing on the clean pair and one
finding holding both values on the planted one. The corpus files used are development cases
of ``benchmarks/reimpl/fresh6`` and ``fresh5`` (none held out: sha256(name) % 5 != 0).
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
    d = SETS / corpus
    m = json.loads((d / "manifest.json").read_text())
    p = next(p for p in m["planted"] if p["name"] == name)
    return d / p["code"], d / p["config"], p


def _one_holding(corpus: str, plant: str) -> None:
    code, cfg, p = _plant(corpus, plant)
    found = _run(code, cfg)
    assert len(found) == 1, [f.message for f in found]
    values = found[0].values
    assert {values["left"], values["right"]} == {p["left"], p["right"]}, values


# ------------------------------------------------------------------ linked list of layers
def test_linked_blocks_are_the_stack_they_run():
    # each block owning the next one and returning ``self.next(x)`` runs its links one after
    # the other: the same parameters and, with the weights copied, the same output as the
    # ModuleList loop of the same blocks
    from torch import nn

    class Link(nn.Module):
        def __init__(self, remaining):
            super().__init__()
            self.fc = nn.Linear(8, 8)
            self.next = Link(remaining - 1) if remaining > 1 else None

        def forward(self, x):
            x = x + torch.tanh(self.fc(x))
            return self.next(x) if self.next is not None else x

    class Plain(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(8, 8)

        def forward(self, x):
            return x + torch.tanh(self.fc(x))

    torch.manual_seed(0)
    chain, stack = Link(3), nn.ModuleList(Plain() for _ in range(3))
    assert sum(p.numel() for p in chain.parameters()) == sum(p.numel() for p in stack.parameters())
    link = chain
    for layer in stack:
        layer.fc.load_state_dict(link.fc.state_dict())
        link = link.next
    x = torch.randn(2, 8)
    y = x
    for layer in stack:
        y = layer(y)
    assert torch.allclose(chain(x), y)

    code, cfg = _case("fresh6", "flex_olmo_linked_blocks")
    assert code_params(code) == hf_params(cfg)
    assert _run(code, cfg) == []
    _one_holding("fresh6", "flex_olmo_linked_blocks__numLayers")


# ------------------------------------------------------------------ one shared layer
def test_layer_held_n_times_is_albert_shared_layer():
    # ``nn.ModuleList([layer] * n)`` holds one layer (its parameters once), as ALBERT's one
    # shared layer run n times does: transformers' count; transformers' re-calls of that layer
    # are no layers of their own, so a changed FFN width is one finding
    code, cfg = _case("fresh6", "albert_shared_list")
    assert code_params(code) == hf_params(cfg)
    assert _run(code, cfg) == []
    _one_holding("fresh6", "albert_shared_list__intermediateSize")


def test_transposes_of_one_swap_are_one_op():
    # ``transpose(-1, -2)`` and ``transpose(2, 3)`` of a 4-d tensor are one swap
    x = torch.randn(2, 3, 4, 5)
    assert torch.equal(x.transpose(-1, -2), x.transpose(2, 3))
    assert torch.equal(x.transpose(-1, -2), x.transpose(3, 2))
    from driftcheck.graph.match.diff import _same_swap

    assert _same_swap({"dim0": -1, "dim1": -2}, {"dim0": 2, "dim1": 3})
    assert not _same_swap({"dim0": 1, "dim1": 2}, {"dim0": 2, "dim1": 3})
    assert not _same_swap({"dim0": -1, "dim1": -3}, {"dim0": 2, "dim1": 3})


# ------------------------------------------------------------------ per-expert raw weights
def test_per_expert_raw_weights_give_the_mlp_width():
    # Mistral's reference experts (raw w1/w3 [I, D], w2 [D, I] run by F.linear) against
    # transformers 5's fused [E, 2I, D] / [E, D, I]: transformers' count; the width is read
    # off the raw weights, so a changed width is one finding holding both widths
    code, cfg = _case("fresh6", "mixtral_copy_base")
    assert code_params(code) == hf_params(cfg)
    assert _run(code, cfg) == []
    _one_holding("fresh6", "mixtral_copy_base__intermediateSize")


# ------------------------------------------------------------------ image size
def test_image_size_from_position_table():
    # DeiT: (image / patch)^2 rows plus the class and distillation tokens
    from transformers import DeiTConfig, DeiTModel

    for image, patch in ((32, 8), (64, 8), (32, 4)):
        m = DeiTModel(
            DeiTConfig(
                image_size=image,
                patch_size=patch,
                hidden_size=32,
                num_hidden_layers=1,
                num_attention_heads=2,
                intermediate_size=64,
            )
        )
        assert m.embeddings.position_embeddings.shape[1] == (image // patch) ** 2 + 2
    code, cfg = _case("fresh6", "deit_field_metadata")
    assert code_params(code) == hf_params(cfg)
    assert _run(code, cfg) == []
    _one_holding("fresh6", "deit_field_metadata__cfg_image_size")
    # a patch size change moves the table too, but not the image size: one finding
    _one_holding("fresh6", "deit_field_metadata__patchSize")


# ------------------------------------------------------------------ MLP ratio
def test_mlp_ratio_stated_by_the_config():
    # DINOv2 sizes its MLP as mlp_ratio x hidden_size: the width transformers builds
    from transformers import Dinov2Config, Dinov2Model

    for ratio in (2, 4):
        m = Dinov2Model(
            Dinov2Config(
                hidden_size=32,
                num_hidden_layers=1,
                num_attention_heads=2,
                mlp_ratio=ratio,
                image_size=16,
                patch_size=8,
            )
        )
        assert m.encoder.layer[0].mlp.fc1.out_features == 32 * ratio
    code, cfg = _case("fresh5", "dinov2_registers_reduce")
    assert code_params(code) == hf_params(cfg)
    assert _run(code, cfg) == []
    _one_holding("fresh5", "dinov2_registers_reduce__mlpRatio")


# ------------------------------------------------------------------ relative buckets
def test_position_buckets_are_half_the_relative_table():
    # DeBERTa-v2 builds its relative table with two rows per position bucket
    from transformers import DebertaV2Config, DebertaV2Model

    for buckets in (16, 32):
        cfg = DebertaV2Config(
            hidden_size=32,
            num_hidden_layers=1,
            num_attention_heads=2,
            intermediate_size=64,
            relative_attention=True,
            position_buckets=buckets,
            max_relative_positions=128,
        )
        m = DebertaV2Model(cfg)
        assert m.encoder.rel_embeddings.num_embeddings == 2 * buckets
    code, cfg = _case("fresh5", "debertav2_from_dict")
    assert code_params(code) == hf_params(cfg)
    assert _run(code, cfg) == []
    _one_holding("fresh5", "debertav2_from_dict__positionBuckets")
