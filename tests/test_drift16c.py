"""Drift between re-implementations and their configs (session 16, issue #17; the ninth
re-implementation set's development part). Each rule is proven in torch first, on code
written here (not the corpus's): the code builds transformers' parameter count for the same
config, and transformers' own model shows what the rule reads; then the comparison says
nothing on the clean pair and one finding holding both values where the code differs.

- Sizes written as ``typing.Annotated`` metadata and read back with
  ``get_type_hints(cls, include_extras=True)`` (``__metadata__``).
- Sizes parsed at import from a table in the module's own docstring (``__doc__``).
- Expert counts of a config whose layer plan builds no sparse layer (``mlp_only_layers``
  listing every layer, ``mlp_layer_types`` all ``"dense"``): transformers builds dense MLPs
  only, so dense code reads every claim the config makes.
- A learned position table of ``max_position_embeddings + 2`` rows (YOSO): a change is told
  in the config key's terms (the code's context against the config's), not in table rows.
- A fused q|k|v projection cut with ``split([q, kv, kv], -1)``: the key/value heads are read
  off the cut, so a KV-head change is one ``numKvHeads`` finding.
- A layer's parts kept in a ``ModuleList`` and unpacked into names in ``forward``
  (``n1, attn, n2, mlp = self.parts``): the parts' forwards are read, so the head count of
  their reshapes is known.
"""

from __future__ import annotations

import runpy
import warnings

import pytest

from driftcheck.drift import load_sides
from tests.drift_support import config, count, holds, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


# a Llama decoder whose sizes come from ``SIZES`` (filled in by each style below)
LLAMA_BODY = """

class Block(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.h, self.kv, self.hd = s["heads"], s["kv"], s["width"] // s["heads"]
        self.ln1 = nn.RMSNorm(s["width"], eps=1e-6)
        self.wq = nn.Linear(s["width"], s["heads"] * self.hd, bias=False)
        self.wk = nn.Linear(s["width"], s["kv"] * self.hd, bias=False)
        self.wv = nn.Linear(s["width"], s["kv"] * self.hd, bias=False)
        self.wo = nn.Linear(s["heads"] * self.hd, s["width"], bias=False)
        self.ln2 = nn.RMSNorm(s["width"], eps=1e-6)
        self.w1 = nn.Linear(s["width"], s["ffn"], bias=False)
        self.w3 = nn.Linear(s["width"], s["ffn"], bias=False)
        self.w2 = nn.Linear(s["ffn"], s["width"], bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln1(x)
        q = self.wq(h).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.wk(h).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.wv(h).view(b, t, self.kv, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.wo(y.transpose(1, 2).reshape(b, t, -1))
        h = self.ln2(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = SIZES
        self.tok = nn.Embedding(s["vocab"], s["width"])
        self.blocks = nn.ModuleList(Block(s) for _ in range(s["depth"]))
        self.norm = nn.RMSNorm(s["width"], eps=1e-6)
        self.out = nn.Linear(s["width"], s["vocab"], bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.out(self.norm(x))
"""

ANNOTATED = (
    """
import typing

import torch.nn as nn
import torch.nn.functional as F


class Dims:
    vocab: typing.Annotated[int, 120]
    width: typing.Annotated[int, 64]
    depth: typing.Annotated[int, 2]
    heads: typing.Annotated[int, 4]
    kv: typing.Annotated[int, 2]


class MoreDims(Dims):
    ffn: typing.Annotated[int, 160]


SIZES = {
    name: hint.__metadata__[0]
    for name, hint in typing.get_type_hints(MoreDims, include_extras=True).items()
}
"""
    + LLAMA_BODY
)

DOC_TABLE = (
    '''"""A small decoder; its sizes:

    vocab = 120
    width = 64
    depth = 2
    heads = 4
    kv = 2
    ffn = 160
"""
import torch.nn as nn
import torch.nn.functional as F

SIZES = {}
for row in __doc__.splitlines():
    if "=" in row:
        key, _, value = row.partition("=")
        SIZES[key.strip()] = int(value)
'''
    + LLAMA_BODY
)

LLAMA = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=120,
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    intermediate_size=160,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
    bos_token_id=1,
    eos_token_id=2,
    pad_token_id=0,
)


@pytest.mark.parametrize("style", [ANNOTATED, DOC_TABLE], ids=["annotated", "doc_table"])
def test_sizes_from_annotated_metadata_and_module_docstring(tmp_path, style):
    cfg, cfg_path = config(tmp_path, "llama", "LlamaConfig", **LLAMA)
    code = write(tmp_path, "m.py", style)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, cfg_path) == []
    # the code's MLP 224 wide against the config's 160: one finding holding both
    wider = style.replace("160", "224")
    with torch.device("meta"):
        assert count(runpy.run_path(str(write(tmp_path, "w.py", wider)))["M"]()) != count(hf)
    fs = run(write(tmp_path, "w.py", wider), cfg_path)
    assert len(fs) == 1 and holds(fs[0], 224, 160), [f.message for f in fs]


def test_annotated_without_extras_is_the_bare_type(tmp_path):
    # ``get_type_hints`` strips ``Annotated`` unless asked: Python's own run of such code
    # fails on the bare ``int`` (no ``__metadata__``), and no size is made up statically
    code = write(tmp_path, "m.py", ANNOTATED.replace("include_extras=True", "include_extras=False"))
    with pytest.raises(AttributeError):
        runpy.run_path(str(code))
    cfg, cfg_path = config(tmp_path, "llama", "LlamaConfig", **LLAMA)
    sides = load_sides(str(code), str(cfg_path))
    assert "hiddenSize" not in sides.left.facts and "vocabSize" not in sides.left.facts


DENSE_QWEN3 = """
import torch.nn as nn
import torch.nn.functional as F

V, D, L, H, KV, HD, FF = 100, 64, 2, 4, 2, 16, 96


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = nn.RMSNorm(D, eps=1e-6)
        self.q = nn.Linear(D, H * HD, bias=False)
        self.k = nn.Linear(D, KV * HD, bias=False)
        self.v = nn.Linear(D, KV * HD, bias=False)
        self.o = nn.Linear(H * HD, D, bias=False)
        self.qn = nn.RMSNorm(HD, eps=1e-6)
        self.kn = nn.RMSNorm(HD, eps=1e-6)
        self.n2 = nn.RMSNorm(D, eps=1e-6)
        self.gate = nn.Linear(D, FF, bias=False)
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.qn(self.q(h).view(b, t, H, HD)).transpose(1, 2)
        k = self.kn(self.k(h).view(b, t, KV, HD)).transpose(1, 2)
        v = self.v(h).view(b, t, KV, HD).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, H * HD))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.norm = nn.RMSNorm(D, eps=1e-6)
        self.head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
"""

QWEN3_MOE = dict(
    architectures=["Qwen3MoeForCausalLM"],
    vocab_size=100,
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    intermediate_size=96,
    moe_intermediate_size=32,
    num_experts=8,
    num_experts_per_tok=2,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
    bos_token_id=1,
    eos_token_id=2,
    pad_token_id=0,
)


def _unread(fs) -> list:
    return [f for f in fs if f.kind == "unread-config-key"]


def test_expert_counts_of_a_config_with_no_sparse_layer_are_no_claim(tmp_path):
    cfg, cfg_path = config(
        tmp_path, "qwen3_moe", "Qwen3MoeConfig", mlp_only_layers=[0, 1], **QWEN3_MOE
    )
    code = write(tmp_path, "dense.py", DENSE_QWEN3)
    mine, hf = torch_pair(code, cfg)
    # transformers builds no expert and no router on any layer: the same count as the code
    assert not any("experts" in n or ".gate." in n for n, _ in hf.named_parameters())
    assert count(mine) == count(hf)
    assert run(code, cfg_path) == []


def test_one_sparse_layer_keeps_the_expert_claims(tmp_path):
    # counter-case: layer 1 is sparse (only layer 0 is listed), so the expert counts build
    # experts the dense code lacks, and the claims stand
    cfg, cfg_path = config(
        tmp_path, "qwen3_moe", "Qwen3MoeConfig", mlp_only_layers=[0], **QWEN3_MOE
    )
    with torch.device("meta"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hf = transformers.AutoModelForCausalLM.from_config(cfg)
    assert any("experts" in n for n, _ in hf.named_parameters())
    fs = _unread(run(write(tmp_path, "dense.py", DENSE_QWEN3), cfg_path))
    assert any("num_experts" in f.message for f in fs)


def test_mlp_layer_types_all_dense_is_no_expert_claim(tmp_path):
    pytest.importorskip("transformers.models.hy_v3")
    kw = {k: v for k, v in QWEN3_MOE.items() if k not in ("head_dim",)}
    kw.update(head_dim=16, mlp_layer_types=["dense", "dense"], architectures=["HYV3ForCausalLM"])
    cfg, cfg_path = config(tmp_path, "hy_v3", "HYV3Config", **kw)
    code = write(tmp_path, "dense.py", DENSE_QWEN3)
    mine, hf = torch_pair(code, cfg)
    assert not any("experts" in n for n, _ in hf.named_parameters())
    assert count(mine) == count(hf)
    assert _unread(run(code, cfg_path)) == []
    cfg2, cfg2_path = config(
        tmp_path, "hy_v3b", "HYV3Config", **{**kw, "mlp_layer_types": ["dense", "sparse"]}
    )
    assert any("num_experts" in f.message for f in _unread(run(code, cfg2_path)))


ENCODER = """
import math

import torch
import torch.nn as nn

HP = dict(vocab=90, width=48, layers=2, heads=4, ffn=96, context=62, types=1)


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        w = HP["width"]
        self.query, self.key, self.value = nn.Linear(w, w), nn.Linear(w, w), nn.Linear(w, w)
        self.dense = nn.Linear(w, w)
        self.norm = nn.LayerNorm(w, eps=1e-12)

    def forward(self, x):
        b, t, w = x.shape
        n = HP["heads"]
        q, k, v = (p(x).view(b, t, n, w // n).transpose(1, 2) for p in (self.query, self.key, self.value))
        a = (q @ k.transpose(-1, -2) / math.sqrt(w // n)).softmax(-1) @ v
        return self.norm(x + self.dense(a.transpose(1, 2).reshape(b, t, w)))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = SelfAttention()
        self.inner = nn.Linear(HP["width"], HP["ffn"])
        self.outer = nn.Linear(HP["ffn"], HP["width"])
        self.norm = nn.LayerNorm(HP["width"], eps=1e-12)

    def forward(self, x):
        x = self.attention(x)
        return self.norm(x + self.outer(torch.nn.functional.gelu(self.inner(x))))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.words = nn.Embedding(HP["vocab"], HP["width"])
        # two rows more than the context: positions start at 2, as in transformers' YOSO
        self.position_table = nn.Embedding(HP["context"] + 2, HP["width"])
        self.types = nn.Embedding(HP["types"], HP["width"])
        self.norm = nn.LayerNorm(HP["width"], eps=1e-12)
        self.layers = nn.ModuleList([Layer() for _ in range(HP["layers"])])

    def forward(self, ids):
        pos = torch.arange(2, ids.shape[1] + 2)
        x = self.norm(self.words(ids) + self.position_table(pos) + self.types(torch.zeros_like(ids)))
        for layer in self.layers:
            x = layer(x)
        return x
"""

YOSO = dict(
    architectures=["YosoModel"],
    vocab_size=90,
    hidden_size=48,
    num_hidden_layers=2,
    num_attention_heads=4,
    intermediate_size=96,
    max_position_embeddings=62,
    type_vocab_size=1,
    layer_norm_eps=1e-12,
)


def test_position_table_offset_is_told_in_the_config_keys_terms(tmp_path):
    cfg, cfg_path = config(tmp_path, "yoso", "YosoConfig", **YOSO)
    code = write(tmp_path, "enc.py", ENCODER)
    mine, hf = torch_pair(code, cfg, "AutoModel")
    # transformers: the table has max_position_embeddings + 2 rows
    assert hf.embeddings.position_embeddings.num_embeddings == cfg.max_position_embeddings + 2
    assert count(mine) == count(hf)
    assert run(code, cfg_path) == []
    longer = write(tmp_path, "long.py", ENCODER.replace("context=62", "context=126"))
    fs = run(longer, cfg_path)
    # the code's context 126 (a table of 128 rows) against the config's 62, not 128 vs 64
    assert len(fs) == 1 and holds(fs[0], 126, 62), [(f.message, f.values) for f in fs]


FUSED = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, L, H, KV, FF = 100, 64, 2, 4, 2, 128
HD = D // H


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.wqkv = nn.Linear(D, (H + 2 * KV) * HD, bias=False)
        self.wo = nn.Linear(H * HD, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = torch.split(self.wqkv(x), [H * HD, KV * HD, KV * HD], dim=-1)
        q = q.reshape(b, t, H, HD).transpose(1, 2)
        k = k.reshape(b, t, KV, HD).transpose(1, 2)
        v = v.reshape(b, t, KV, HD).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.wo(y.transpose(1, 2).reshape(b, t, H * HD))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.parts = nn.ModuleList(
            [nn.RMSNorm(D, eps=1e-5), Attn(), nn.RMSNorm(D, eps=1e-5),
             nn.Linear(D, 2 * FF, bias=False), nn.Linear(FF, D, bias=False)]
        )

    def forward(self, x):
        pre, attn, post, gate_up, down = self.parts
        x = x + attn(pre(x))
        g, u = gate_up(post(x)).chunk(2, dim=-1)
        return x + down(F.silu(g) * u)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.norm = nn.RMSNorm(D, eps=1e-5)
        self.head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
"""

PHI3 = dict(
    architectures=["Phi3ForCausalLM"],
    vocab_size=100,
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    intermediate_size=128,
    rms_norm_eps=1e-5,
    tie_word_embeddings=False,
    bos_token_id=1,
    eos_token_id=2,
    pad_token_id=0,
)


def test_fused_qkv_split_reads_kv_heads(tmp_path):
    cfg, cfg_path = config(tmp_path, "phi3", "Phi3Config", **PHI3)
    code = write(tmp_path, "fused.py", FUSED)
    mine, hf = torch_pair(code, cfg)
    assert hf.model.layers[0].self_attn.qkv_proj.out_features == (4 + 2 * 2) * 16
    assert count(mine) == count(hf)
    assert run(code, cfg_path) == []
    # the key/value heads are read off the cut of the fused projection itself
    from driftcheck.graph.match import canonicalise, derive

    sides = load_sides(str(code), str(cfg_path))
    got = derive(canonicalise(sides.left, sides.right)[0])
    assert got["numKvHeads"].value == 2 and got["numHeads"].value == 4
    fewer = FUSED.replace("H, KV, FF = 100, 64, 2, 4, 2", "H, KV, FF = 100, 64, 2, 4, 1")
    fs = run(write(tmp_path, "kv.py", fewer), cfg_path)
    assert len(fs) == 1 and holds(fs[0], 1, 2), [(f.message, f.values) for f in fs]


def test_modulelist_unpacked_in_forward_reads_the_heads(tmp_path):
    # the parts of each layer are unpacked from a ModuleList (``pre, attn, ... = self.parts``):
    # 8 heads of 8 (4 KV heads) against the config's 4 of 16 (2 KV heads) keep every
    # weight's shape, so only the attention's reshapes, read through the unpacked parts,
    # tell them apart
    cfg, cfg_path = config(tmp_path, "phi3", "Phi3Config", **PHI3)
    code = FUSED.replace("H, KV, FF = 100, 64, 2, 4, 2", "H, KV, FF = 100, 64, 2, 8, 4")
    path = write(tmp_path, "h.py", code)
    mine, hf = torch_pair(path, cfg)
    assert count(mine) == count(hf)  # (8 + 2 x 4) x 8 = (4 + 2 x 2) x 16 fused rows
    fs = run(path, cfg_path)
    # (the KV heads moved too, 4 against 2: that is its own finding)
    heads = [f for f in fs if "numHeads" in f.message]
    assert len(heads) == 1 and holds(heads[0], 8, 4), [(f.message, f.values) for f in fs]
