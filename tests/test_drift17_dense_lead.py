"""Drift between re-implementations and their configs (session 17, issue #17): the dense
layers that lead a stack of mixture-of-experts layers (``first_k_dense_replace``: DeepSeek-V2/V3,
GLM-4-MoE). Proven in torch first, on code written here: the code builds transformers'
parameter count for the same config, and transformers' own model shows which layers are
dense; then the comparison says nothing on the clean pair and one ``firstKDenseReplace``
finding holding both counts where the code or the config leads with another number of dense
layers (not an MLP-width finding: each side's widest run of layers flips from dense to
sparse, and what its MLP reads then differs by that count's doing).
"""

from __future__ import annotations

import pytest

from driftcheck.drift import load_sides
from tests.drift_support import config, count, holds, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

GLM = dict(
    architectures=["Glm4MoeForCausalLM"],
    vocab_size=128,
    hidden_size=64,
    intermediate_size=160,
    moe_intermediate_size=32,
    num_hidden_layers=3,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    n_routed_experts=8,
    n_shared_experts=1,
    num_experts_per_tok=2,
    first_k_dense_replace=1,
    n_group=1,
    topk_group=1,
    attention_bias=False,
    use_qk_norm=False,
    tie_word_embeddings=False,
    pad_token_id=0,
    bos_token_id=1,
    eos_token_id=2,
)

# experts written one module each, a router as a raw [E, D] weight, the dense layers first
CODE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, FF, MOE_FF, L, DENSE, H, KV, HD, E = 128, 64, 160, 32, 3, 1, 4, 2, 16, 8


class MLP(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.gate = nn.Linear(D, width, bias=False)
        self.up = nn.Linear(D, width, bias=False)
        self.down = nn.Linear(width, D, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Moe(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Parameter(torch.zeros(E, D))
        self.experts = nn.ModuleList(MLP(MOE_FF) for _ in range(E))
        self.shared_experts = MLP(MOE_FF)

    def forward(self, x):
        w, idx = torch.sigmoid(x @ self.router.T).topk(2, -1)
        out = self.shared_experts(x)
        for e, expert in enumerate(self.experts):
            hit = (idx == e).any(-1, keepdim=True)
            out = out + hit * expert(x) * (w * (idx == e)).sum(-1, keepdim=True)
        return out


class Layer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.n1, self.n2 = nn.RMSNorm(D, eps=1e-5), nn.RMSNorm(D, eps=1e-5)
        self.q = nn.Linear(D, H * HD, bias=False)
        self.k = nn.Linear(D, KV * HD, bias=False)
        self.v = nn.Linear(D, KV * HD, bias=False)
        self.o = nn.Linear(H * HD, D, bias=False)
        self.ffn = MLP(FF) if i < DENSE else Moe()

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q(h).view(b, t, H, HD).transpose(1, 2)
        k = self.k(h).view(b, t, KV, HD).transpose(1, 2)
        v = self.v(h).view(b, t, KV, HD).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, H * HD))
        return x + self.ffn(self.n2(x))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer(i) for i in range(L))
        self.norm = nn.RMSNorm(D, eps=1e-5)
        self.head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
"""


def _lead(code, cfg_path) -> tuple:
    from driftcheck.graph.match.derive import dense_lead

    sides = load_sides(str(code), str(cfg_path))
    got = [dense_lead(g).get("firstKDenseReplace") for g in (sides.left, sides.right)]
    return tuple(d.value if d else None for d in got)


def test_dense_lead_in_torch_and_clean(tmp_path):
    cfg, cfg_path = config(tmp_path, "glm", "Glm4MoeConfig", **GLM)
    code = write(tmp_path, "glm.py", CODE)
    mine, hf = torch_pair(code, cfg)
    dense = [not hasattr(layer.mlp, "experts") for layer in hf.model.layers]
    assert dense == [True, False, False]
    assert count(mine) == count(hf)
    assert run(code, cfg_path) == []
    assert _lead(code, cfg_path) == (1, 1)


def test_dense_lead_change_in_code_is_one_finding(tmp_path):
    cfg, cfg_path = config(tmp_path, "glm", "Glm4MoeConfig", **GLM)
    two = write(
        tmp_path,
        "two.py",
        CODE.replace("L, DENSE, H", "L, DENSE, H").replace(", 3, 1, 4,", ", 3, 2, 4,"),
    )
    assert _lead(two, cfg_path) == (2, 1)
    fs = run(two, cfg_path)
    assert len(fs) == 1 and holds(fs[0], 2, 1), [(f.message, f.values) for f in fs]
    assert fs[0].values["left"] == 2


def test_dense_lead_change_in_config_is_one_finding(tmp_path):
    cfg2, cfg2_path = config(
        tmp_path, "glm2", "Glm4MoeConfig", **{**GLM, "first_k_dense_replace": 2}
    )
    code = write(tmp_path, "glm.py", CODE)
    hf = torch_pair(code, cfg2)[1]
    assert [not hasattr(layer.mlp, "experts") for layer in hf.model.layers] == [True, True, False]
    fs = run(code, cfg2_path)
    assert len(fs) == 1 and holds(fs[0], 1, 2), [(f.message, f.values) for f in fs]


def test_sparse_step_or_dense_last_is_no_dense_lead(tmp_path):
    # a sparse layer between dense ones, or every layer dense: no number of leading layers
    cfg, cfg_path = config(tmp_path, "glm", "Glm4MoeConfig", **GLM)
    step = CODE.replace("if i < DENSE else Moe()", "if i != 1 else Moe()")
    assert _lead(write(tmp_path, "step.py", step), cfg_path)[0] is None
    dense = CODE.replace("if i < DENSE else Moe()", "if True else Moe()")
    assert _lead(write(tmp_path, "dense.py", dense), cfg_path)[0] is None


def test_a_blocks_own_parts_are_not_a_stack(tmp_path):
    # GraniteMoE: every decoder layer is sparse, and each layer's children are attention, two
    # norms, then the MoE. Read as a stack, those parts looked like 3 dense layers leading a
    # sparse one (a false major against a faithful re-implementation). torch: all 3 sparse.
    cfg, cfg_path = config(
        tmp_path,
        "granitemoe",
        "GraniteMoeConfig",
        vocab_size=640,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=3,
        num_attention_heads=4,
        num_key_value_heads=2,
        num_local_experts=4,
        num_experts_per_tok=2,
    )
    code = write(tmp_path, "glm.py", CODE)
    hf = torch_pair(code, cfg)[1]
    assert all(hasattr(layer, "block_sparse_moe") for layer in hf.model.layers)
    # all sparse: no dense layer leads (reimplfix40a reads that as 0, never as 3)
    assert _lead(code, cfg_path)[1] == 0
