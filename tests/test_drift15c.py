"""Drift between re-implementations and their configs (session 15, issue #17; the eighth
re-implementation set's development part). Each rule is proven in torch first, on code
written here (not the corpus's): the code builds transformers' parameter count for the same
config, and transformers' own model shows the value the rule reads; then the comparison says
nothing on the clean pair and one finding holding both values where the code differs.

- Multi-head latent attention (Youtu, DeepSeek-V2/V3, MiniCPM3): the config class sets
  ``head_dim = qk_rope_head_dim`` and ``qk_head_dim = qk_nope_head_dim + qk_rope_head_dim``;
  a query head is ``qk_head_dim`` wide, so that is the head width the code is held to.
- ``sliding_window`` in a config whose ``layer_types`` lists no sliding layer (Mellum):
  transformers gives the window to ``"sliding_attention"`` layers only, so code without a
  window follows the config; with one sliding layer the claim stands.
- A size a plain settings class states in its body (``class Hyper: window = 16``), kept by
  the modules as ``self.hp`` and read only in ``forward`` on the layers that slide (a branch
  the first layer does not take): a value the model computes with, compared with the
  config's ``sliding_window``.
- X-MOD's bottleneck adapters (``hidden_size // adapter_reduction_factor`` wide): code with
  another factor is one ``adapterReductionFactor`` finding holding both factors.
"""

from __future__ import annotations

import runpy

import pytest

from tests.drift_support import config, count, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

MLA = """
import torch
import torch.nn as nn
import torch.nn.functional as F

SIZES = {"vocab": 100, "width": 64, "depth": 2, "heads": 4, "ffn": 96,
         "q_rank": 48, "kv_rank": 32, "nope": 16, "rope": 8, "v": 16}


class Latent(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.h, self.nope, self.rope, self.v = s["heads"], s["nope"], s["rope"], s["v"]
        self.down_q = nn.Linear(s["width"], s["q_rank"], bias=False)
        self.norm_q = nn.RMSNorm(s["q_rank"], eps=1e-6)
        self.up_q = nn.Linear(s["q_rank"], s["heads"] * (s["nope"] + s["rope"]), bias=False)
        self.down_kv = nn.Linear(s["width"], s["kv_rank"] + s["rope"], bias=False)
        self.norm_kv = nn.RMSNorm(s["kv_rank"], eps=1e-6)
        self.up_kv = nn.Linear(s["kv_rank"], s["heads"] * (s["nope"] + s["v"]), bias=False)
        self.out = nn.Linear(s["heads"] * s["v"], s["width"], bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.up_q(self.norm_q(self.down_q(x))).view(b, t, self.h, -1).transpose(1, 2)
        c, k_rot = self.down_kv(x).split([self.norm_kv.normalized_shape[0], self.rope], -1)
        kv = self.up_kv(self.norm_kv(c)).view(b, t, self.h, -1).transpose(1, 2)
        k_pass, v = kv.split([self.nope, self.v], -1)
        k = torch.cat((k_pass, k_rot[:, None].expand(-1, self.h, -1, -1)), -1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.n1 = nn.RMSNorm(s["width"], eps=1e-6)
        self.attn = Latent(s)
        self.n2 = nn.RMSNorm(s["width"], eps=1e-6)
        self.gate = nn.Linear(s["width"], s["ffn"], bias=False)
        self.up = nn.Linear(s["width"], s["ffn"], bias=False)
        self.down = nn.Linear(s["ffn"], s["width"], bias=False)

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class M(nn.Module):
    def __init__(self, s=SIZES):
        super().__init__()
        self.emb = nn.Embedding(s["vocab"], s["width"])
        self.layers = nn.ModuleList(Layer(s) for _ in range(s["depth"]))
        self.norm = nn.RMSNorm(s["width"], eps=1e-6)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.norm(x), self.emb.weight)
"""

MOE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, L, H, KV, HD, FF, E, TOPK = 100, 64, 2, 4, 2, 16, 48, 4, 2


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(D, H * HD, bias=False)
        self.k = nn.Linear(D, KV * HD, bias=False)
        self.v = nn.Linear(D, KV * HD, bias=False)
        self.o = nn.Linear(H * HD, D, bias=False)
        self.qn = nn.RMSNorm(HD, eps=1e-6)
        self.kn = nn.RMSNorm(HD, eps=1e-6)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.qn(self.q(x).view(b, t, H, HD)).transpose(1, 2)
        k = self.kn(self.k(x).view(b, t, KV, HD)).transpose(1, 2)
        v = self.v(x).view(b, t, KV, HD).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(y.transpose(1, 2).reshape(b, t, H * HD))


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(D, FF, bias=False)
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1, self.n2 = nn.RMSNorm(D, eps=1e-6), nn.RMSNorm(D, eps=1e-6)
        self.attn = Attn()
        self.router = nn.Linear(D, E, bias=False)
        self.experts = nn.ModuleList(Expert() for _ in range(E))

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        h = self.n2(x)
        flat = h.reshape(-1, D)
        w, idx = self.router(flat).softmax(-1).topk(TOPK, -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            tok, slot = (idx == e).nonzero(as_tuple=True)
            out.index_add_(0, tok, expert(flat[tok]) * w[tok, slot, None])
        return x + out.view_as(h)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.blocks = nn.ModuleList(Block() for _ in range(L))
        self.norm = nn.RMSNorm(D, eps=1e-6)
        self.lm_head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(self.norm(x))
"""


SWA = """
import torch
import torch.nn as nn
import torch.nn.functional as F


class Hyper:
    vocab_size = 100
    width = 64
    depth = 2
    heads = 4
    kv_heads = 2
    ffn = 96
    window = 16
    eps = 1e-5


class Attention(nn.Module):
    def __init__(self, hp, local):
        super().__init__()
        self.hp, self.local = hp, local
        hd = hp.width // hp.heads
        self.q_proj = nn.Linear(hp.width, hp.heads * hd, bias=True)
        self.k_proj = nn.Linear(hp.width, hp.kv_heads * hd, bias=True)
        self.v_proj = nn.Linear(hp.width, hp.kv_heads * hd, bias=True)
        self.o_proj = nn.Linear(hp.heads * hd, hp.width, bias=False)

    def forward(self, x):
        hp = self.hp
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, hp.heads, -1).transpose(1, 2)
        k = self.k_proj(x).view(b, t, hp.kv_heads, -1).transpose(1, 2)
        v = self.v_proj(x).view(b, t, hp.kv_heads, -1).transpose(1, 2)
        i = torch.arange(t)
        keep = i[None] <= i[:, None]
        if self.local:  # the window: odd layers only
            keep = keep & (i[:, None] - i[None] < hp.window)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=keep, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, hp, i):
        super().__init__()
        self.ln1 = nn.RMSNorm(hp.width, eps=hp.eps)
        self.attn = Attention(hp, local=i % 2 == 1)
        self.ln2 = nn.RMSNorm(hp.width, eps=hp.eps)
        self.gate = nn.Linear(hp.width, hp.ffn, bias=False)
        self.up = nn.Linear(hp.width, hp.ffn, bias=False)
        self.down = nn.Linear(hp.ffn, hp.width, bias=False)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        h = self.ln2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class M(nn.Module):
    def __init__(self, hp=None):
        super().__init__()
        hp = hp or Hyper()
        self.emb = nn.Embedding(hp.vocab_size, hp.width)
        self.blocks = nn.ModuleList(Block(hp, i) for i in range(hp.depth))
        self.norm = nn.RMSNorm(hp.width, eps=hp.eps)
        self.lm_head = nn.Linear(hp.width, hp.vocab_size, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(self.norm(x))
"""


XMOD = """
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, WIDTH, DEPTH, HEADS, FFN, POSITIONS = 100, 64, 2, 4, 128, 80
LANGS = ("en_XX", "de_DE")
REDUCTION = 2
EPS = 1e-12


class Bottleneck(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Linear(WIDTH, WIDTH // REDUCTION)
        self.up = nn.Linear(WIDTH // REDUCTION, WIDTH)

    def forward(self, x):
        return self.up(F.gelu(self.down(x)))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(WIDTH, WIDTH)
        self.k = nn.Linear(WIDTH, WIDTH)
        self.v = nn.Linear(WIDTH, WIDTH)
        self.o = nn.Linear(WIDTH, WIDTH)
        self.ln_attn = nn.LayerNorm(WIDTH, eps=EPS)
        self.fc_in = nn.Linear(WIDTH, FFN)
        self.fc_out = nn.Linear(FFN, WIDTH)
        self.ln_ffn = nn.LayerNorm(WIDTH, eps=EPS)
        self.adapters = nn.ModuleDict({lang: Bottleneck() for lang in LANGS})

    def forward(self, x, lang):
        b, t, _ = x.shape
        q, k, v = (p(x).view(b, t, HEADS, -1).transpose(1, 2) for p in (self.q, self.k, self.v))
        y = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, WIDTH)
        x = self.ln_attn(x + self.o(y))
        h = self.ln_ffn(self.fc_out(F.gelu(self.fc_in(x))) + x)
        h = h + self.adapters[lang](h)
        return self.ln_ffn(h)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(VOCAB, WIDTH, padding_idx=1)
        self.pos = nn.Embedding(POSITIONS, WIDTH, padding_idx=1)
        self.seg = nn.Embedding(2, WIDTH)
        self.ln = nn.LayerNorm(WIDTH, eps=EPS)
        self.layers = nn.ModuleList(Layer() for _ in range(DEPTH))
        self.pool = nn.Linear(WIDTH, WIDTH)

    def forward(self, ids, lang="en_XX"):
        pos = torch.arange(2, ids.shape[1] + 2)
        x = self.ln(self.tok(ids) + self.pos(pos) + self.seg(torch.zeros_like(ids)))
        for layer in self.layers:
            x = layer(x, lang)
        return x, torch.tanh(self.pool(x[:, 0]))
"""


YOUTU = dict(
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=4,
    vocab_size=100,
    intermediate_size=96,
    q_lora_rank=48,
    kv_lora_rank=32,
    qk_nope_head_dim=16,
    qk_rope_head_dim=8,
    v_head_dim=16,
    max_position_embeddings=256,
    bos_token_id=1,
    eos_token_id=2,
    pad_token_id=0,
)


def test_latent_attention_head_width_is_qk_head_dim(tmp_path):
    pytest.importorskip("transformers.models.youtu")
    cfg, cfg_path = config(tmp_path, "youtu", "YoutuConfig", **YOUTU)
    code = write(tmp_path, "mla.py", MLA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    # transformers: head_dim is the rope part; a query head is nope + rope wide
    assert cfg.head_dim == 8 and cfg.qk_head_dim == 24
    q_b = hf.model.layers[0].self_attn.q_b_proj
    assert q_b.out_features == cfg.num_attention_heads * cfg.qk_head_dim
    assert run(code, cfg_path) == []


def test_latent_attention_wider_query_head_is_one_finding(tmp_path):
    pytest.importorskip("transformers.models.youtu")
    cfg, cfg_path = config(tmp_path, "youtu", "YoutuConfig", **YOUTU)
    code = write(tmp_path, "mla.py", MLA.replace('"nope": 16', '"nope": 24'))
    mine, hf = torch_pair(code, cfg)
    assert count(mine) != count(hf)
    found = run(code, cfg_path)
    assert len(found) == 1, [f.message for f in found]
    assert {found[0].values["left"], found[0].values["right"]} == {32, 24}


MELLUM = dict(
    architectures=["MellumForCausalLM"],
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    vocab_size=100,
    intermediate_size=128,
    moe_intermediate_size=48,
    num_local_experts=4,
    num_experts_per_tok=2,
    max_position_embeddings=256,
    tie_word_embeddings=False,
    bos_token_id=1,
    eos_token_id=2,
    pad_token_id=0,
)


@pytest.mark.parametrize(
    "types, windows",
    [
        (["full_attention", "full_attention"], [None, None]),
        (["sliding_attention", "full_attention"], [1024, None]),
    ],
)
def test_window_only_on_sliding_layers(tmp_path, types, windows):
    pytest.importorskip("transformers.models.mellum")
    cfg, cfg_path = config(tmp_path, "mellum", "MellumConfig", layer_types=types, **MELLUM)
    assert cfg.sliding_window == 1024
    code = write(tmp_path, "moe.py", MOE)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert [layer.self_attn.sliding_window for layer in hf.model.layers] == windows
    found = run(code, cfg_path)
    if any(windows):  # a sliding layer the code builds without a window: the claim stands
        assert [f.kind for f in found] == ["unread-config-key"], [f.message for f in found]
        assert "sliding_window" in found[0].message
    else:  # every layer attends globally in transformers too
        assert found == [], [f.message for f in found]


QWEN2 = dict(
    architectures=["Qwen2ForCausalLM"],
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    intermediate_size=96,
    vocab_size=100,
    use_sliding_window=True,
    sliding_window=16,
    layer_types=["full_attention", "sliding_attention"],
    rms_norm_eps=1e-5,
    max_position_embeddings=256,
    tie_word_embeddings=False,
    bos_token_id=1,
    eos_token_id=2,
    pad_token_id=0,
)


@pytest.mark.parametrize("window", [16, 8])
def test_class_level_window_read_in_forward(tmp_path, window):
    cfg, cfg_path = config(tmp_path, "qwen2", "Qwen2Config", **QWEN2)
    code = write(tmp_path, "swa.py", SWA.replace("window = 16", f"window = {window}"))
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)  # the window is no weight: the counts cannot tell
    assert [layer.self_attn.sliding_window for layer in hf.model.layers] == [None, 16]
    # the value is computed with: another window changes the output of the sliding layer
    torch.manual_seed(0)
    model = runpy.run_path(str(code), run_name="__d15c__")["M"]()
    ids = torch.randint(0, 100, (1, 40))
    with torch.no_grad():
        before = model(ids)
        model.blocks[1].attn.hp.window = window + 8
        assert (model(ids) - before).abs().max() > 1e-4
    found = run(code, cfg_path)
    if window == 16:
        assert found == [], [f.message for f in found]
    else:
        assert len(found) == 1, [f.message for f in found]
        assert {found[0].values["left"], found[0].values["right"]} == {8, 16}


XMOD_CONFIG = dict(
    architectures=["XmodModel"],
    vocab_size=100,
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    intermediate_size=128,
    max_position_embeddings=80,
    languages=("en_XX", "de_DE"),
    default_language="en_XX",
    adapter_reduction_factor=2,
)


@pytest.mark.parametrize("factor", [2, 4])
def test_adapter_reduction_factor(tmp_path, factor):
    cfg, cfg_path = config(tmp_path, "xmod", "XmodConfig", **XMOD_CONFIG)
    code = write(tmp_path, "xm.py", XMOD.replace("REDUCTION = 2", f"REDUCTION = {factor}"))
    mine, hf = torch_pair(code, cfg, "AutoModel")
    adapter = hf.encoder.layer[0].output.adapter_modules["en_XX"].dense1
    assert adapter.out_features == cfg.hidden_size // cfg.adapter_reduction_factor
    found = run(code, cfg_path)
    if factor == 2:
        assert count(mine) == count(hf)
        assert found == [], [f.message for f in found]
    else:
        assert count(mine) != count(hf)
        assert len(found) == 1, [f.message for f in found]
        assert found[0].values == {"left": 4, "right": 2}, found[0].values


def test_ffn_width_is_no_adapter_factor(tmp_path):
    # the FFN, not the adapter, changed: no factor is claimed
    cfg, cfg_path = config(tmp_path, "xmod", "XmodConfig", **XMOD_CONFIG)
    code = write(tmp_path, "xm.py", XMOD.replace("4, 128, 80", "4, 96, 80"))
    found = run(code, cfg_path)
    assert found and all("adapterReductionFactor" not in f.message for f in found)
