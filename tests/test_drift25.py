"""Drift between re-implementations and their configs (session 25, issue #17: misses that
recur across the blind sets). Each rule is shown on code written here (not the corpus's): torch
builds the code and transformers' model for the same config and counts both; then the comparison
says nothing on the clean pair, one finding holding both values where one value differs, and two
findings where two independent values differ.

- the experts' own MLP width (``moeIntermediateSize``) is read off stacked expert tensors
  (``[E, 2I, D]`` with ``[E, D, I]``) or expert modules standing ``E`` times, whatever the
  model's dense MLP width: a changed expert width is one finding, not one per tensor;
- the shared expert's width (``sharedExpertIntermediateSize``): an MLP module directly under
  the module holding the expert tensors and the router (Qwen2-MoE's ``shared_expert``);
- a name passed as the ``eps`` of one of torch's functional norms (``F.layer_norm(x, s, w, b,
  HEAD_EPS)`` in ``forward``) is that norm's epsilon whatever its name, compared with the
  epsilons the other side's layers hold (``nn.LayerNorm(d, eps=config.layer_norm_eps)``);
- a number a call or a subscript computes (``hp("attention.layer_norm_rms_epsilon")``, a
  module-level helper over a GGUF-style table), added to a mean under a square root, is the
  norm's epsilon, as a name there already was.
"""

from __future__ import annotations

import runpy

import pytest

from tests.drift_support import config as _config
from tests.drift_support import count as _count
from tests.drift_support import hf_model as _hf
from tests.drift_support import holds_value as _holds
from tests.drift_support import mine as _mine
from tests.drift_support import one_sided as _one
from tests.drift_support import run as _run
from tests.drift_support import write as _write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


# ------------------------------------------------- MoE: the experts' width off stacked tensors
MOE_CFG = dict(
    vocab_size=256, hidden_size=64, num_attention_heads=4, num_key_value_heads=2, head_dim=16,
    intermediate_size=128, moe_intermediate_size=32, num_experts=4, num_experts_per_tok=2,
    num_hidden_layers=2, mlp_only_layers=[0], tie_word_embeddings=False,
    architectures=["Qwen3MoeForCausalLM"],
)  # fmt: skip

MOE = """import torch
import torch.nn.functional as F
from torch import nn

VOCAB, D, HEADS, KV, HD, FF, MOE_FF, E, TOPK, LAYERS = 256, 64, 4, 2, 16, {ff}, {moe}, 4, 2, 2


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(D, HEADS * HD, bias=False)
        self.k = nn.Linear(D, KV * HD, bias=False)
        self.v = nn.Linear(D, KV * HD, bias=False)
        self.o = nn.Linear(HEADS * HD, D, bias=False)
        self.qn = RMSNorm(HD)
        self.kn = RMSNorm(HD)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.qn(self.q(x).view(b, t, HEADS, HD)).transpose(1, 2)
        k = self.kn(self.k(x).view(b, t, KV, HD)).transpose(1, 2)
        v = self.v(x).view(b, t, KV, HD).transpose(1, 2)
        k = k.repeat_interleave(HEADS // KV, 1)
        v = v.repeat_interleave(HEADS // KV, 1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o(y.transpose(1, 2).reshape(b, t, HEADS * HD))


class Dense(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(D, FF, bias=False)
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Sparse(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(D, E, bias=False)
        self.gate_up = nn.Parameter(torch.zeros(E, 2 * MOE_FF, D))
        self.down = nn.Parameter(torch.zeros(E, D, MOE_FF))

    def forward(self, x):
        flat = x.reshape(-1, D)
        w, idx = self.router(flat).softmax(-1).topk(TOPK, -1)
        out = torch.zeros_like(flat)
        for e in range(E):
            tok, slot = torch.where(idx == e)
            g, u = F.linear(flat[tok], self.gate_up[e]).chunk(2, -1)
            y = F.linear(F.silu(g) * u, self.down[e])
            out.index_add_(0, tok, y * w[tok, slot, None])
        return out.view_as(x)


class Layer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.n1 = RMSNorm(D)
        self.attn = Attention()
        self.n2 = RMSNorm(D)
        self.mlp = Dense() if i == 0 else Sparse()

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.mlp(self.n2(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(Layer(i) for i in range(LAYERS))
        self.norm = RMSNorm(D)
        self.head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
"""


def _moe(tmp_path, ff=128, moe=32):
    return _write(tmp_path, f"moe_{ff}_{moe}.py", MOE.format(ff=ff, moe=moe))


def test_moe_clean_pair_counts_equal_and_agree(tmp_path):
    cfg, path = _config(tmp_path, "cfg", "Qwen3MoeConfig", **MOE_CFG)
    code = _moe(tmp_path)
    hf = _hf(cfg, "AutoModelForCausalLM")
    assert _count(_mine(code, "Model")) == _count(hf)
    shapes = {n: tuple(p.shape) for n, p in hf.named_parameters()}
    assert shapes["model.layers.1.mlp.experts.gate_up_proj"] == (4, 64, 64)
    assert shapes["model.layers.1.mlp.experts.down_proj"] == (4, 64, 32)
    assert _run(code, path) == []


def test_moe_expert_width_is_one_finding(tmp_path):
    cfg, path = _config(tmp_path, "cfg", "Qwen3MoeConfig", **MOE_CFG)
    code = _moe(tmp_path, moe=48)
    with torch.device("meta"):
        mine = _mine(code, "Model")
    # torch: both expert tensors change, nothing else does
    assert tuple(mine.layers[1].mlp.gate_up.shape) == (4, 96, 64)
    assert tuple(mine.layers[1].mlp.down.shape) == (4, 64, 48)
    f = _one(_run(code, path), 48, 32)
    assert f.attribute == "model.moeIntermediateSize"


def test_moe_expert_width_and_dense_width_are_two_findings(tmp_path):
    _cfg, path = _config(tmp_path, "cfg", "Qwen3MoeConfig", **MOE_CFG)
    found = _run(_moe(tmp_path, ff=96, moe=48), path)
    got = sorted((f.attribute, f.values["left"], f.values["right"]) for f in found)
    assert got == [
        ("model.intermediateSize", 96, 128),
        ("model.moeIntermediateSize", 48, 32),
    ], [f.message for f in found]


# ------------------------------------------- a functional norm's eps against a LayerNorm's
CONVNEXT_CFG = dict(
    num_channels=3, hidden_sizes=[8, 16], depths=[1, 1], patch_size=2, num_stages=2,
    layer_scale_init_value=0.5,
)  # fmt: skip

FLAT = """import torch
import torch.nn.functional as F
from torch import nn

CH, PATCH, WIDTHS, DEPTHS = 3, 2, [8, 16], [1, 1]
BLOCK_EPS, HEAD_EPS = 1e-6, {head_eps}


class Flat(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.ParameterDict()

        def add(key, *shape):
            self.w[key] = nn.Parameter(torch.ones(*shape))

        add("patch", WIDTHS[0], CH, PATCH, PATCH)
        add("patch_b", WIDTHS[0])
        add("ln0", WIDTHS[0])
        add("ln0_b", WIDTHS[0])
        for i, (d, n) in enumerate(zip(WIDTHS, DEPTHS)):
            if i:
                add(f"down{{i}}_ln", WIDTHS[i - 1])
                add(f"down{{i}}_ln_b", WIDTHS[i - 1])
                add(f"down{{i}}", d, WIDTHS[i - 1], 2, 2)
                add(f"down{{i}}_b", d)
            for j in range(n):
                k = f"{{i}}_{{j}}_"
                add(k + "scale", d)
                add(k + "dw", d, 1, 7, 7)
                add(k + "dw_b", d)
                add(k + "ln", d)
                add(k + "ln_b", d)
                add(k + "up", 4 * d, d)
                add(k + "up_b", 4 * d)
                add(k + "down", d, 4 * d)
                add(k + "down_b", d)
        add("ln_f", WIDTHS[-1])
        add("ln_f_b", WIDTHS[-1])

    def forward(self, x):
        w = self.w
        x = F.conv2d(x, w["patch"], w["patch_b"], stride=PATCH).permute(0, 2, 3, 1)
        x = F.layer_norm(x, (WIDTHS[0],), w["ln0"], w["ln0_b"], BLOCK_EPS).permute(0, 3, 1, 2)
        for i, (d, n) in enumerate(zip(WIDTHS, DEPTHS)):
            if i:
                x = x.permute(0, 2, 3, 1)
                x = F.layer_norm(x, (WIDTHS[i - 1],), w[f"down{{i}}_ln"], w[f"down{{i}}_ln_b"], BLOCK_EPS)
                x = F.conv2d(x.permute(0, 3, 1, 2), w[f"down{{i}}"], w[f"down{{i}}_b"], stride=2)
            for j in range(n):
                k = f"{{i}}_{{j}}_"
                y = F.conv2d(x, w[k + "dw"], w[k + "dw_b"], padding=3, groups=d).permute(0, 2, 3, 1)
                y = F.layer_norm(y, (d,), w[k + "ln"], w[k + "ln_b"], BLOCK_EPS)
                y = F.linear(F.gelu(F.linear(y, w[k + "up"], w[k + "up_b"])), w[k + "down"], w[k + "down_b"])
                x = x + (y * w[k + "scale"]).permute(0, 3, 1, 2)
        pooled = F.layer_norm(x.mean((-2, -1)), (WIDTHS[-1],), w["ln_f"], w["ln_f_b"], HEAD_EPS)
        return x, pooled
"""


def test_functional_norm_eps_positions_are_torchs():
    import inspect

    import torch.nn.functional as F

    from driftcheck.parsers.source.forward.dataflow_eval import NORM_EPS_ARG

    for name, at in NORM_EPS_ARG.items():
        assert list(inspect.signature(getattr(F, name)).parameters).index("eps") == at
        schema = getattr(torch.ops.aten, name).default._schema
        assert [a.name for a in schema.arguments].index("eps") == at


def test_functional_norm_eps_is_compared_with_a_layers_eps(tmp_path):
    """transformers' ConvNeXt holds its last norm as ``nn.LayerNorm(eps=layer_norm_eps)``
    (1e-12), the others as ``ConvNextLayerNorm(eps=1e-6)``; a flat port passes both epsilons
    to ``F.layer_norm`` by module constants. Clean: nothing; the head's epsilon changed: one
    finding holding both values (torch: same weights, other outputs)."""
    cfg, path = _config(tmp_path, "convnext", "ConvNextConfig", **CONVNEXT_CFG)
    clean = _write(tmp_path, "flat.py", FLAT.format(head_eps=1e-12))
    planted = _write(tmp_path, "eps.py", FLAT.format(head_eps=0.1))
    hf = _hf(cfg, "AutoModel")
    mine = runpy.run_path(str(clean), run_name="__d25__")["Flat"]()
    other = runpy.run_path(str(planted), run_name="__d25__")["Flat"]()
    assert _count(mine) == _count(hf)
    assert {round(m.eps, 15) for m in hf.modules() if isinstance(m, torch.nn.LayerNorm)} == {
        1e-6,
        1e-12,
    }
    g = torch.Generator().manual_seed(0)
    weights = {k: torch.randn(v.shape, generator=g) for k, v in mine.state_dict().items()}
    mine.load_state_dict(weights)
    other.load_state_dict(weights)
    x = torch.randn(2, 3, 16, 16, generator=g)
    with torch.no_grad():
        assert (mine(x)[1] - other(x)[1]).abs().max() > 1e-5
    assert _run(clean, path) == []
    f = _one(_run(planted, path), 0.1, 1e-12)
    assert f.attribute == "model.normEps"


# ------------------------------------------------ an eps read through a helper in forward
LLAMA_CFG = dict(
    vocab_size=256, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
    num_attention_heads=4, num_key_value_heads=4, rms_norm_eps=1e-6, tie_word_embeddings=False,
    architectures=["LlamaForCausalLM"],
)  # fmt: skip

HP = """import torch
import torch.nn.functional as F
from torch import nn

META = {{
    "general.architecture": "llama",
    "llama.vocab_size": 256,
    "llama.embedding_length": 64,
    "llama.feed_forward_length": 128,
    "llama.block_count": 2,
    "llama.attention.head_count": 4,
    "llama.attention.layer_norm_rms_epsilon": {eps},
}}


def hp(key):
    return META[META["general.architecture"] + "." + key]


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        var = x.pow(2).mean(-1, keepdim=True)
        return self.weight * x * torch.rsqrt(var + hp("attention.layer_norm_rms_epsilon"))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, ff = hp("embedding_length"), hp("feed_forward_length")
        self.n1, self.n2 = RMSNorm(d), RMSNorm(d)
        self.q = nn.Linear(d, d, bias=False)
        self.k = nn.Linear(d, d, bias=False)
        self.v = nn.Linear(d, d, bias=False)
        self.o = nn.Linear(d, d, bias=False)
        self.gate = nn.Linear(d, ff, bias=False)
        self.up = nn.Linear(d, ff, bias=False)
        self.down = nn.Linear(ff, d, bias=False)

    def forward(self, x):
        b, t, d = x.shape
        h = hp("attention.head_count")
        y = self.n1(x)
        q, k, v = (p(y).view(b, t, h, d // h).transpose(1, 2) for p in (self.q, self.k, self.v))
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o(a.transpose(1, 2).reshape(b, t, d))
        y = self.n2(x)
        return x + self.down(F.silu(self.gate(y)) * self.up(y))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(hp("vocab_size"), hp("embedding_length"))
        self.blocks = nn.ModuleList(Block() for _ in range(hp("block_count")))
        self.norm = RMSNorm(hp("embedding_length"))
        self.head = nn.Linear(hp("embedding_length"), hp("vocab_size"), bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x))
"""


def test_eps_read_through_a_helper_under_a_root_is_the_norms(tmp_path):
    """``torch.rsqrt(var + hp("attention.layer_norm_rms_epsilon"))``: the helper's number is
    the RMS norm's epsilon. Torch: the code counts as LlamaForCausalLM, and 1e-6 -> 1e-2
    changes the logits with the same weights; clean nothing, planted one finding."""
    cfg, path = _config(tmp_path, "llama", "LlamaConfig", **LLAMA_CFG)
    clean = _write(tmp_path, "hp.py", HP.format(eps=1e-06))
    planted = _write(tmp_path, "eps.py", HP.format(eps=1e-02))
    mine = runpy.run_path(str(clean), run_name="__d25__")["Model"]()
    other = runpy.run_path(str(planted), run_name="__d25__")["Model"]()
    assert _count(mine) == _count(_hf(cfg, "AutoModelForCausalLM"))
    other.load_state_dict(mine.state_dict())
    ids = torch.arange(8)[None]
    with torch.no_grad():
        assert (mine(ids) - other(ids)).abs().max() > 1e-5
    assert _run(clean, path) == []
    f = _one(_run(planted, path), 0.01, 1e-06)
    assert f.attribute == "model.normEps"


# --------------------------------------------------------- Qwen2-MoE: the shared expert's width
QWEN2_MOE_CFG = dict(
    vocab_size=256, hidden_size=64, num_attention_heads=4, num_key_value_heads=2,
    intermediate_size=128, moe_intermediate_size=32, shared_expert_intermediate_size=48,
    num_experts=4, num_experts_per_tok=2, num_hidden_layers=2, mlp_only_layers=[0],
    tie_word_embeddings=False, architectures=["Qwen2MoeForCausalLM"],
)  # fmt: skip

QWEN2_MOE = """import torch
import torch.nn.functional as F
from torch import nn

VOCAB, D, HEADS, KV, HD, FF, MOE_FF, SHARED, E, TOPK, LAYERS = 256, 64, 4, 2, 16, 128, {moe}, {shared}, 4, 2, 2


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(D, HEADS * HD)
        self.k = nn.Linear(D, KV * HD)
        self.v = nn.Linear(D, KV * HD)
        self.o = nn.Linear(HEADS * HD, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, HEADS, HD).transpose(1, 2)
        k = self.k(x).view(b, t, KV, HD).transpose(1, 2)
        v = self.v(x).view(b, t, KV, HD).transpose(1, 2)
        k = k.repeat_interleave(HEADS // KV, 1)
        v = v.repeat_interleave(HEADS // KV, 1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o(y.transpose(1, 2).reshape(b, t, HEADS * HD))


class Dense(nn.Module):
    def __init__(self, width=FF):
        super().__init__()
        self.gate = nn.Linear(D, width, bias=False)
        self.up = nn.Linear(D, width, bias=False)
        self.down = nn.Linear(width, D, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Sparse(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(D, E, bias=False)
        self.gate_up = nn.Parameter(torch.zeros(E, 2 * MOE_FF, D))
        self.down = nn.Parameter(torch.zeros(E, D, MOE_FF))
        self.shared = Dense(SHARED)
        self.shared_gate = nn.Linear(D, 1, bias=False)

    def forward(self, x):
        flat = x.reshape(-1, D)
        w, idx = self.router(flat).softmax(-1).topk(TOPK, -1)
        out = torch.zeros_like(flat)
        for e in range(E):
            tok, slot = torch.where(idx == e)
            g, u = F.linear(flat[tok], self.gate_up[e]).chunk(2, -1)
            y = F.linear(F.silu(g) * u, self.down[e])
            out.index_add_(0, tok, y * w[tok, slot, None])
        out = out + torch.sigmoid(self.shared_gate(flat)) * self.shared(flat)
        return out.view_as(x)


class Layer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.n1 = RMSNorm(D)
        self.attn = Attention()
        self.n2 = RMSNorm(D)
        self.mlp = Dense() if i == 0 else Sparse()

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.mlp(self.n2(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(Layer(i) for i in range(LAYERS))
        self.norm = RMSNorm(D)
        self.head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
"""


def test_shared_expert_width_is_one_finding(tmp_path):
    """A shared expert 48 -> 96 wide: transformers' code reads its MLP width off the shared
    expert's projections, the experts' off their tensors; before, six structural findings.
    Torch: the code counts as Qwen2MoeForCausalLM and runs."""
    cfg, path = _config(tmp_path, "cfg", "Qwen2MoeConfig", **QWEN2_MOE_CFG)
    clean = _write(tmp_path, "q2.py", QWEN2_MOE.format(moe=32, shared=48))
    wide = _write(tmp_path, "q2s.py", QWEN2_MOE.format(moe=32, shared=96))
    mine = _mine(clean, "Model")
    assert _count(mine) == _count(_hf(cfg, "AutoModelForCausalLM"))
    assert _count(_mine(wide, "Model")) - _count(mine) == 3 * 64 * 48
    assert _run(clean, path) == []
    f = _one(_run(wide, path), 96, 48)
    assert f.attribute == "model.sharedExpertIntermediateSize"


def test_shared_and_routed_widths_are_two_changes(tmp_path):
    """Both widths changed: each is said by its own finding, neither holds the other's."""
    _cfg, path = _config(tmp_path, "cfg", "Qwen2MoeConfig", **QWEN2_MOE_CFG)
    found = _run(_write(tmp_path, "two.py", QWEN2_MOE.format(moe=40, shared=96)), path)
    pairs = [(f.values.get("left"), f.values.get("right")) for f in found]
    moe = [f for f in found if f.attribute == "model.moeIntermediateSize"]
    assert len(moe) == 1 and (moe[0].values["left"], moe[0].values["right"]) == (40, 32)
    assert (96, 48) in pairs, [f.message for f in found]
    assert not any(_holds(f.values["left"], 96) and _holds(f.values["left"], 40) for f in found)
