"""Drift between users' re-implementations and their configs (session 12, issue #17): each
mechanism against real torch. The snippet is parsed statically (never imported by the parser),
then imported HERE and built in torch: the static count must equal torch's; a comparison
with a config must say nothing on the clean pair and one finding, holding both values, on the
planted one.
"""

from __future__ import annotations

import json

import pytest

from driftcheck.drift import drift, load_sides
from tests.test_source_counts_reparam import both

torch = pytest.importorskip("torch")


def _findings(tmp_path, code: str, cfg: dict, name: str = "m") -> list:
    p = tmp_path / f"{name}.py"
    p.write_text(code)
    c = tmp_path / f"{name}.json"
    c.write_text(json.dumps(cfg))
    fs = drift(load_sides(str(p), str(c)), str(p), str(c))
    return [f for f in fs if f.severity.rank >= 1]


# ------------------------------------------------------------------ argparse at module level
ARGPARSE_MODULE = """
import argparse
import torch.nn as nn

parser = argparse.ArgumentParser(description="train")
parser.add_argument("--d-model", type=int, default=48)
parser.add_argument("--n-layers", type=int, default=3)
parser.add_argument("--vocab", type=int, default=100)
args = parser.parse_args([])


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(args.d_model, args.d_model)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(args.vocab, args.d_model)
        self.layers = nn.ModuleList([Block() for _ in range(args.n_layers)])
"""


def test_module_level_parser_filled_by_later_statements(tmp_path):
    # the class reads ``args`` lazily: the ``add_argument`` statements after the parser's
    # binding fill it before ``parse_args([])`` (they were skipped: every size unknown, and an
    # unknown layer stack was compared as one layer)
    got, want = both(tmp_path, ARGPARSE_MODULE, "Net")
    assert got == want == 100 * 48 + 3 * (48 * 48 + 48)


UNKNOWN_LAYERS = """
import argparse
import torch
import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--n-layers", type=int, default=2)
args = parser.parse_args()  # sys.argv: not known statically


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(128, 32)
        self.layers = nn.ModuleList([nn.Linear(32, 32) for _ in range(args.n_layers)])
        self.norm = RMSNorm(args.d_model)
"""


def test_a_norm_block_beside_unknown_layers_is_no_layer_count(tmp_path):
    # the layer stack is unknown (its length reads sys.argv); the norm block standing once
    # beside it is not "1 layer" (it was: a confident-wrong layer-count finding)
    from transformers import LlamaConfig

    cfg = LlamaConfig(
        vocab_size=128,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=4,
    ).to_dict()
    fs = _findings(tmp_path, UNKNOWN_LAYERS, cfg)
    assert not [f for f in fs if f.kind == "layer-count"], [f.message for f in fs]


# ------------------------------------------------------------------ fairseq position offset
BIOGPT = """
import torch
import torch.nn as nn

MAX_LEN = {max_len}
OFFSET = 2  # fairseq reserves two position rows


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn_layer_norm = nn.LayerNorm(32)
        self.q_proj = nn.Linear(32, 32)
        self.k_proj = nn.Linear(32, 32)
        self.v_proj = nn.Linear(32, 32)
        self.out_proj = nn.Linear(32, 32)
        self.final_layer_norm = nn.LayerNorm(32)
        self.fc1 = nn.Linear(32, 64)
        self.fc2 = nn.Linear(64, 32)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(100, 32)
        self.embed_positions = nn.Embedding(MAX_LEN + OFFSET, 32)
        self.layers = nn.ModuleList([Layer() for _ in range(2)])
        self.layer_norm = nn.LayerNorm(32)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1]) + OFFSET
        return self.layer_norm(self.embed_tokens(ids) + self.embed_positions(pos))
"""


def _biogpt_config() -> dict:
    from transformers import BioGptConfig

    return BioGptConfig(
        vocab_size=100,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=64,
        max_position_embeddings=64,
    ).to_dict()


def test_learned_positions_with_the_fairseq_offset(tmp_path):
    # transformers' BioGPT table holds max_position_embeddings + 2 rows (its subclass runs
    # F.embedding on its own table): the code's table of 66 rows is the table of a 64-token
    # context, proven by the counts; one of 98 rows is the table that 96 builds
    from transformers import BioGptConfig, BioGptModel

    cfg = _biogpt_config()
    got, want = both(tmp_path, BIOGPT.format(max_len=64), "Net")
    with torch.device("meta"):
        hf = BioGptModel(BioGptConfig(**cfg))
    assert got == want == sum(p.numel() for p in hf.parameters())
    assert _findings(tmp_path, BIOGPT.format(max_len=64), cfg, "clean") == []
    fs = _findings(tmp_path, BIOGPT.format(max_len=96), cfg, "planted")
    assert len(fs) == 1 and fs[0].kind == "context-length", [f.message for f in fs]
    assert fs[0].values == {"left": 96, "right": 64}


# ------------------------------------------------------------------ Falcon multi-query
FALCON_MQA = """
import torch.nn as nn
import torch.nn.functional as F

HEADS = {heads}


class MQA(nn.Module):
    def __init__(self, width=64, heads=HEADS):
        super().__init__()
        self.heads, self.hd = heads, width // heads
        self.query_key_value = nn.Linear(width, width + 2 * self.hd, bias=False)
        self.dense = nn.Linear(width, width, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = self.query_key_value(x).view(b, t, self.heads + 2, self.hd)
        q = qkv[:, :, :-2].transpose(1, 2)
        k = qkv[:, :, -2:-1].transpose(1, 2)
        v = qkv[:, :, -1:].transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k.expand_as(q), v.expand_as(q), is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(64)
        self.self_attention = MQA()
        self.mlp_up = nn.Linear(64, 256, bias=False)
        self.mlp_down = nn.Linear(256, 64, bias=False)

    def forward(self, x):
        h = self.input_layernorm(x)
        return x + self.self_attention(h) + self.mlp_down(F.gelu(self.mlp_up(h)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(100, 64)
        self.h = nn.ModuleList([Block() for _ in range(2)])
        self.ln_f = nn.LayerNorm(64)

    def forward(self, ids):
        x = self.word_embeddings(ids)
        for blk in self.h:
            x = blk(x)
        return self.ln_f(x)
"""


def test_falcon_multi_query_fused_heads_and_its_unread_kv_key(tmp_path):
    # ``view(b, t, heads + 2, hd)`` sliced apart on that axis stacks 4 query heads with the
    # one key and value head: 6 is no head count (it was read as 6 heads). Under
    # ``multi_query`` transformers builds one KV head whatever ``num_kv_heads`` says, so
    # that key unread by the code is unread by the config's own model too: no claim
    from transformers import FalconConfig, FalconModel

    cfg = FalconConfig(
        vocab_size=100,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_kv_heads=4,
        multi_query=True,
        parallel_attn=True,
        new_decoder_architecture=False,
        bias=False,
        ffn_hidden_size=256,
    )
    got, want = both(tmp_path, FALCON_MQA.format(heads=4), "Net")
    with torch.device("meta"):
        hf = FalconModel(cfg)
    assert got == want == sum(p.numel() for p in hf.parameters())
    raw = cfg.to_dict()
    assert _findings(tmp_path, FALCON_MQA.format(heads=4), raw, "clean") == []
    fs = _findings(tmp_path, FALCON_MQA.format(heads=8), raw, "planted")
    assert len(fs) == 1 and fs[0].values == {"left": 8, "right": 4}, [f.message for f in fs]


# ------------------------------------------------------------------ tomllib
TOML = '''
import tomllib
import torch.nn as nn

S = tomllib.loads("""
[model]
vocab = 90
width = 24

[model.stack]
layers = 3
""")
M = S["model"]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(M["vocab"], M["width"])
        self.layers = nn.ModuleList(nn.Linear(M["width"], M["width"]) for _ in range(M["stack"]["layers"]))
'''


def test_sizes_in_a_toml_document(tmp_path):
    # tomllib's own parser, interpreted, ran past the loop budget (analysis stopped); the
    # text is parsed by Python's tomllib as json.loads / yaml.safe_load texts are
    got, want = both(tmp_path, TOML, "Net")
    assert got == want == 90 * 24 + 3 * (24 * 24 + 24)


# ------------------------------------------------------------------ a norm's module EPS
NORM_EPS = """
import torch
import torch.nn as nn

EPS = {eps}


class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = Norm(32)
        self.q_proj = nn.Linear(32, 32, bias=False)
        self.k_proj = nn.Linear(32, 32, bias=False)
        self.v_proj = nn.Linear(32, 32, bias=False)
        self.o_proj = nn.Linear(32, 32, bias=False)
        self.post_attention_layernorm = Norm(32)
        self.gate_proj = nn.Linear(32, 64, bias=False)
        self.up_proj = nn.Linear(32, 64, bias=False)
        self.down_proj = nn.Linear(64, 32, bias=False)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(100, 32)
        self.layers = nn.ModuleList([Layer() for _ in range(2)])
        self.norm = Norm(32)
        self.lm_head = nn.Linear(32, 100, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        return self.lm_head(self.norm(x))
"""


def test_module_eps_read_by_a_norms_forward(tmp_path):
    # ``EPS`` read by the norm's own forward is that norm's epsilon: torch's RMSNorm with
    # eps 1e-8 gives this norm's output at EPS = 1e-8, not at 1e-6 (so a changed EPS is a
    # finding, where it was read as nothing)
    import importlib.util

    from transformers import LlamaConfig

    outs = {}
    x = torch.randn(3, 32, dtype=torch.float64) * 1e-4
    for eps in (1e-8, 1e-6):
        p = tmp_path / f"norm_{int(-torch.log10(torch.tensor(eps)))}.py"
        p.write_text(NORM_EPS.format(eps=eps))
        spec = importlib.util.spec_from_file_location(p.stem, p)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        outs[eps] = mod.Norm(32).double()(x)
    ref = torch.nn.RMSNorm(32, eps=1e-8).double()(x)
    assert torch.allclose(outs[1e-8], ref) and not torch.allclose(outs[1e-6], ref)
    cfg = LlamaConfig(
        vocab_size=100,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=4,
        rms_norm_eps=1e-8,
        architectures=["LlamaForCausalLM"],
    ).to_dict()
    assert _findings(tmp_path, NORM_EPS.format(eps=1e-8), cfg, "clean") == []
    fs = _findings(tmp_path, NORM_EPS.format(eps=1e-6), cfg, "planted")
    assert len(fs) == 1 and fs[0].values == {"left": 1e-6, "right": 1e-8}, [f.message for f in fs]


# ------------------------------------------------------------------ GPT-Neo's window_size
GPT_NEO = """
import torch
import torch.nn as nn

WINDOW = {window}


class Attention(nn.Module):
    def __init__(self, local):
        super().__init__()
        self.local = local
        self.window = WINDOW
        self.q_proj = nn.Linear(32, 32, bias=False)
        self.k_proj = nn.Linear(32, 32, bias=False)
        self.v_proj = nn.Linear(32, 32, bias=False)
        self.out_proj = nn.Linear(32, 32)

    def allowed(self, t):
        i = torch.arange(t)
        ok = i[:, None] >= i[None, :]
        if self.local:
            ok = ok & (i[:, None] - i[None, :] < self.window)
        return ok

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (p(x).view(b, t, 4, 8).transpose(1, 2) for p in (self.q_proj, self.k_proj, self.v_proj))
        s = (q @ k.transpose(-1, -2)).masked_fill(~self.allowed(t), -1e9)
        return self.out_proj((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d))


class Block(nn.Module):
    def __init__(self, local):
        super().__init__()
        self.ln_1 = nn.LayerNorm(32)
        self.attn = Attention(local)
        self.ln_2 = nn.LayerNorm(32)
        self.c_fc = nn.Linear(32, 64)
        self.c_proj = nn.Linear(64, 32)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(100, 32)
        self.wpe = nn.Embedding(64, 32)
        self.h = nn.ModuleList([Block(False), Block(True)])
        self.ln_f = nn.LayerNorm(32)
"""


def test_gpt_neo_window_size_is_its_sliding_window(tmp_path):
    # GPTNeoConfig states the local layers' window as ``window_size`` (no ``sliding_window``):
    # read for gpt_neo, a changed window in the code is a finding (it was none)
    from transformers import GPTNeoConfig, GPTNeoModel

    cfg = GPTNeoConfig(
        vocab_size=100,
        hidden_size=32,
        num_layers=2,
        num_heads=4,
        intermediate_size=64,
        max_position_embeddings=64,
        attention_types=[[["global", "local"], 1]],
        window_size=16,
    )
    got, want = both(tmp_path, GPT_NEO.format(window=16), "Net")
    with torch.device("meta"):
        hf = GPTNeoModel(cfg)
    assert got == want == sum(p.numel() for p in hf.parameters())
    raw = cfg.to_dict()
    assert _findings(tmp_path, GPT_NEO.format(window=16), raw, "clean") == []
    fs = _findings(tmp_path, GPT_NEO.format(window=8), raw, "planted")
    assert len(fs) == 1 and fs[0].values == {"left": 8, "right": 16}, [f.message for f in fs]


# ------------------------------------------------------------------ MLP widths are not attention
QWEN2_KERNELS = """
import torch
import torch.nn as nn
import torch.nn.functional as F

D, NQ, NKV, HD, MLP = 32, 4, 2, 8, {mlp}


def kernel(*shape):
    return nn.Parameter(torch.randn(*shape) * 0.02)


class RMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6))


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.W_Q, self.b_Q = kernel(D, NQ, HD), kernel(NQ, HD)
        self.W_K, self.b_K = kernel(D, NKV, HD), kernel(NKV, HD)
        self.W_V, self.b_V = kernel(D, NKV, HD), kernel(NKV, HD)
        self.W_O = kernel(NQ, HD, D)

    def forward(self, x):
        q = torch.einsum("btd,dhk->bhtk", x, self.W_Q) + self.b_Q[None, :, None]
        k = torch.einsum("btd,dhk->bhtk", x, self.W_K) + self.b_K[None, :, None]
        v = torch.einsum("btd,dhk->bhtk", x, self.W_V) + self.b_V[None, :, None]
        kv_of = torch.arange(NQ) // (NQ // NKV)
        y = F.scaled_dot_product_attention(q, k[:, kv_of], v[:, kv_of], is_causal=True)
        return torch.einsum("bhtk,hkd->btd", y, self.W_O)


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.W_gate, self.W_in, self.W_out = kernel(D, MLP), kernel(D, MLP), kernel(MLP, D)

    def forward(self, x):
        return (F.silu(x @ self.W_gate) * (x @ self.W_in)) @ self.W_out


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.attn, self.ln2, self.mlp = RMSNorm(), Attention(), RMSNorm(), Mlp()

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(100, D)
        self.blocks = nn.ModuleList([Block() for _ in range(2)])
        self.norm = RMSNorm()
        self.lm_head = nn.Linear(D, 100, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for b in self.blocks:
            x = b(x)
        return self.lm_head(self.norm(x))
"""


def test_mlp_kernels_three_times_the_width_are_not_a_fused_qkv(tmp_path):
    # attention in 3-d kernels shows no projection; an MLP of 96 = 3 x 32 was read as a fused
    # QKV of full attention (4 KV heads) against the config's 2: the changed MLP width is the
    # one finding
    from transformers import Qwen2Config, Qwen2ForCausalLM

    cfg = Qwen2Config(
        vocab_size=100,
        hidden_size=32,
        intermediate_size=80,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        tie_word_embeddings=False,
        architectures=["Qwen2ForCausalLM"],
    )
    got, want = both(tmp_path, QWEN2_KERNELS.format(mlp=80), "Net")
    with torch.device("meta"):
        hf = Qwen2ForCausalLM(cfg)
    assert got == want == sum(p.numel() for p in hf.parameters())
    raw = cfg.to_dict()
    assert _findings(tmp_path, QWEN2_KERNELS.format(mlp=80), raw, "clean") == []
    fs = _findings(tmp_path, QWEN2_KERNELS.format(mlp=96), raw, "planted")
    assert len(fs) == 1 and fs[0].values == {"left": 96, "right": 80}, [f.message for f in fs]


# ------------------------------------------------------------------ two position tables
def test_encoder_decoder_tables_of_one_length_state_the_context(tmp_path):
    # fresh4's Pegasus (counts equal to transformers' model: make.py --check): its encoder and
    # decoder each hold a 128-row table; one length is the context (it was no fact, and a
    # longer table gave six structural findings); the table's rows moving with the fact make
    # it the root of the weight differences
    from tests.conftest import ROOT

    d = ROOT / "benchmarks" / "reimpl" / "fresh4"
    cfg = str(d / "configs" / "pegasus_sinusoid_param" / "config.json")

    def run(code: str) -> list:
        fs = drift(load_sides(code, cfg), code, cfg)
        return [f for f in fs if f.severity.rank >= 1]

    assert run(str(d / "cases" / "pegasus_sinusoid_param.py")) == []
    fs = run(str(d / "planted" / "pegasus_sinusoid_param__maxPositionEmbeddings.py"))
    assert len(fs) == 1 and fs[0].values == {"left": 256, "right": 128}, [f.message for f in fs]


# ------------------------------------------------------------------ rotary_dim in its own terms
def test_rotary_dim_stated_by_the_config_is_compared_as_dims():
    # fresh4's GPT-J (counts and same-weights outputs equal transformers': make.py --check)
    # turns the first 8 of 16 head dims; the config states ``rotary_dim`` itself, so a code
    # that turns 16 is "16 against 8" (it was said as fractions, 1.0 against 0.5)
    from tests.conftest import ROOT

    d = ROOT / "benchmarks" / "reimpl" / "fresh4"
    cfg = str(d / "configs" / "gptj_sincos_table" / "config.json")

    def run(code: str) -> list:
        fs = drift(load_sides(code, cfg), code, cfg)
        return [f for f in fs if f.severity.rank >= 1]

    assert run(str(d / "cases" / "gptj_sincos_table.py")) == []
    fs = run(str(d / "planted" / "gptj_sincos_table__rotaryDim.py"))
    assert len(fs) == 1 and fs[0].values == {"left": 16, "right": 8}, [f.message for f in fs]
