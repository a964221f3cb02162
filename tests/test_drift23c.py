"""Drift between re-implementations and their configs (session 23, drift23c, issue #17: the dev
misses left over from sessions 22-23 in reimpl fresh9..fresh18).

Each test proves its claim in torch first (the code, built on the meta device, has the parameter
count transformers' own model has for the same config), then statically: the clean pair gives no
finding of minor or above, and a planted change gives one finding holding both values.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, one, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

QWEN2 = dict(
    architectures=["Qwen2ForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=112,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    rms_norm_eps=1e-6,
    tie_word_embeddings=True,
)

# every weight a flat-named bare parameter; the token table is one too, looked up with
# F.embedding (so the static reading holds it as a table, beside the bare parameters)
FLAT_DICT = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, LAYERS, HEADS, KV, FFN = 96, 64, LAYERS_N, 4, KV_N, 112


class M(nn.Module):
    def __init__(self):
        super().__init__()
        hd = WIDTH // HEADS
        shapes = {"tok": (VOCAB, WIDTH), "final_norm": (WIDTH,)}
        for i in range(LAYERS):
            shapes.update(
                {
                    f"b{i}_ln1": (WIDTH,),
                    f"b{i}_ln2": (WIDTH,),
                    f"b{i}_q_w": (HEADS * hd, WIDTH),
                    f"b{i}_q_b": (HEADS * hd,),
                    f"b{i}_k_w": (KV * hd, WIDTH),
                    f"b{i}_k_b": (KV * hd,),
                    f"b{i}_v_w": (KV * hd, WIDTH),
                    f"b{i}_v_b": (KV * hd,),
                    f"b{i}_o_w": (WIDTH, HEADS * hd),
                    f"b{i}_gate": (FFN, WIDTH),
                    f"b{i}_up": (FFN, WIDTH),
                    f"b{i}_down": (WIDTH, FFN),
                }
            )
        for name, shape in shapes.items():
            self.register_parameter(name, nn.Parameter(torch.empty(shape)))

    def p(self, name):
        return getattr(self, name)

    def forward(self, ids):
        b, t = ids.shape
        x = F.embedding(ids, self.tok)
        for i in range(LAYERS):
            y = F.rms_norm(x, (WIDTH,), self.p(f"b{i}_ln1"), 1e-6)
            q = F.linear(y, self.p(f"b{i}_q_w"), self.p(f"b{i}_q_b")).view(b, t, HEADS, -1)
            k = F.linear(y, self.p(f"b{i}_k_w"), self.p(f"b{i}_k_b")).view(b, t, KV, -1)
            v = F.linear(y, self.p(f"b{i}_v_w"), self.p(f"b{i}_v_b")).view(b, t, KV, -1)
            q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
            o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
            x = x + F.linear(o.transpose(1, 2).reshape(b, t, -1), self.p(f"b{i}_o_w"))
            y = F.rms_norm(x, (WIDTH,), self.p(f"b{i}_ln2"), 1e-6)
            h = F.silu(F.linear(y, self.p(f"b{i}_gate"))) * F.linear(y, self.p(f"b{i}_up"))
            x = x + F.linear(h, self.p(f"b{i}_down"))
        return F.linear(F.rms_norm(x, (WIDTH,), self.final_norm, 1e-6), self.tok)
"""

# the same, registered one call at a time with setattr-free register_parameter in the loop
FLAT_CALLS = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, LAYERS, HEADS, KV, FFN = 96, 64, LAYERS_N, 4, KV_N, 112
HD = WIDTH // HEADS


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_parameter("wte", nn.Parameter(torch.zeros(VOCAB, WIDTH)))
        self.register_parameter("norm_f", nn.Parameter(torch.ones(WIDTH)))
        for i in range(LAYERS):
            self.register_parameter(f"l{i}_n1", nn.Parameter(torch.ones(WIDTH)))
            self.register_parameter(f"l{i}_n2", nn.Parameter(torch.ones(WIDTH)))
            for n, rows in (("q", HEADS * HD), ("k", KV * HD), ("v", KV * HD)):
                self.register_parameter(f"l{i}_w{n}", nn.Parameter(torch.zeros(rows, WIDTH)))
                self.register_parameter(f"l{i}_b{n}", nn.Parameter(torch.zeros(rows)))
            self.register_parameter(f"l{i}_wo", nn.Parameter(torch.zeros(WIDTH, HEADS * HD)))
            self.register_parameter(f"l{i}_w1", nn.Parameter(torch.zeros(FFN, WIDTH)))
            self.register_parameter(f"l{i}_w3", nn.Parameter(torch.zeros(FFN, WIDTH)))
            self.register_parameter(f"l{i}_w2", nn.Parameter(torch.zeros(WIDTH, FFN)))

    def forward(self, ids):
        b, t = ids.shape
        x = F.embedding(ids, self.wte)
        for i in range(LAYERS):
            g = lambda s: getattr(self, f"l{i}_{s}")
            y = F.rms_norm(x, (WIDTH,), g("n1"), 1e-6)
            q = F.linear(y, g("wq"), g("bq")).view(b, t, HEADS, HD).transpose(1, 2)
            k = F.linear(y, g("wk"), g("bk")).view(b, t, KV, HD).transpose(1, 2)
            v = F.linear(y, g("wv"), g("bv")).view(b, t, KV, HD).transpose(1, 2)
            o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
            x = x + F.linear(o.transpose(1, 2).reshape(b, t, -1), g("wo"))
            y = F.rms_norm(x, (WIDTH,), g("n2"), 1e-6)
            x = x + F.linear(F.silu(F.linear(y, g("w1"))) * F.linear(y, g("w3")), g("w2"))
        return F.linear(F.rms_norm(x, (WIDTH,), self.norm_f, 1e-6), self.wte)
"""


@pytest.mark.parametrize("style", [FLAT_DICT, FLAT_CALLS], ids=["shape-dict", "calls"])
def test_flat_named_parameters_beside_a_looked_up_token_table(tmp_path, style):
    """Every weight a flat-named bare parameter (``b0_q_w``), the token table a bare parameter
    too but looked up with ``F.embedding``: the table made the side look structured, so the
    flat-side reading never ran and a KV-head or layer-count change came out as shapes and
    missing/extra parameters. Counts = HF's; KV 2 -> 1 and layers 2 -> 3 each one finding."""
    cfg, path = config(tmp_path, "cfg", "Qwen2Config", **QWEN2)

    def code(name: str, layers: int = 2, kv: int = 2):
        src = style.replace("LAYERS_N", str(layers)).replace("KV_N", str(kv))
        return write(tmp_path, name, src)

    clean = code("clean.py")
    mine, hf = torch_pair(clean, cfg)
    assert count(mine) == count(hf)
    assert run(clean, path) == []
    kv = code("kv.py", kv=1)
    one(run(kv, path), 2, 1)
    deep = code("deep.py", layers=3)
    with torch.device("meta"):
        cfg3 = transformers.Qwen2Config(**{**QWEN2, "num_hidden_layers": 3})
        hf3 = transformers.AutoModelForCausalLM.from_config(cfg3)
    assert count(torch_pair(deep, cfg)[0]) == count(hf3)
    one(run(deep, path), 2, 3)


T5GEMMA_STACK = dict(
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
)

ENC_DEC = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, HEADS, KV, HD, FFN = 96, 64, 4, 2, 16, 128
ENC_DEPTH, DEC_DEPTH = ENC_N, DEC_N


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(WIDTH))

    def forward(self, x):
        return (1 + self.weight) * F.rms_norm(x, (WIDTH,), eps=1e-6)


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(WIDTH, HEADS * HD, bias=False)
        self.k_proj = nn.Linear(WIDTH, KV * HD, bias=False)
        self.v_proj = nn.Linear(WIDTH, KV * HD, bias=False)
        self.o_proj = nn.Linear(HEADS * HD, WIDTH, bias=False)

    def forward(self, x, ctx, causal):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HEADS, HD).transpose(1, 2)
        k = self.k_proj(ctx).view(b, ctx.shape[1], KV, HD).transpose(1, 2)
        v = self.v_proj(ctx).view(b, ctx.shape[1], KV, HD).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=causal, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        return self.down_proj(F.gelu(self.gate_proj(x), approximate="tanh") * self.up_proj(x))


LAYERS
"""

# the decoder layer subclasses the encoder layer: its cross-attention parts come after all of
# the parent's, where transformers' decoder layer has each norm beside its own sublayer
SUBCLASSED = """
class EncLayer(nn.Module):
    causal = False

    def __init__(self):
        super().__init__()
        self.ln_attn_in, self.attn, self.ln_attn_out = Norm(), Attn(), Norm()
        self.ln_mlp_in, self.mlp, self.ln_mlp_out = Norm(), Mlp(), Norm()

    def cross(self, x, ctx):
        return x

    def forward(self, x, ctx=None):
        x = x + self.ln_attn_out(self.attn(self.ln_attn_in(x), self.ln_attn_in(x), self.causal))
        x = self.cross(x, ctx)
        return x + self.ln_mlp_out(self.mlp(self.ln_mlp_in(x)))


class DecLayer(EncLayer):
    causal = True

    def __init__(self):
        super().__init__()
        self.ln_cross_in, self.cross_attn, self.ln_cross_out = Norm(), Attn(), Norm()

    def cross(self, x, ctx):
        return x + self.ln_cross_out(self.cross_attn(self.ln_cross_in(x), ctx, False))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc_embed = nn.Embedding(VOCAB, WIDTH)
        self.enc = nn.ModuleList([EncLayer() for _ in range(ENC_DEPTH)])
        self.enc_norm = Norm()
        self.dec_embed = nn.Embedding(VOCAB, WIDTH)
        self.dec = nn.ModuleList([DecLayer() for _ in range(DEC_DEPTH)])
        self.dec_norm = Norm()

    def forward(self, src, tgt):
        h = self.enc_embed(src)
        for layer in self.enc:
            h = layer(h)
        h = self.enc_norm(h)
        y = self.dec_embed(tgt)
        for layer in self.dec:
            y = layer(y, h)
        return self.dec_norm(y)
"""

# the decoder layer registers its cross-attention first, then its parts in another order
CROSS_FIRST = """
class EncLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn, self.mlp = Attn(), Mlp()
        self.norms = nn.ModuleList([Norm() for _ in range(4)])

    def forward(self, x):
        n = self.norms
        x = x + n[1](self.attn(n[0](x), n[0](x), False))
        return x + n[3](self.mlp(n[2](x)))


class DecLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.cross_attn = Attn()
        self.cross_norms = nn.ModuleList([Norm(), Norm()])
        self.self_attn, self.mlp = Attn(), Mlp()
        self.norms = nn.ModuleList([Norm() for _ in range(4)])

    def forward(self, x, ctx):
        n, c = self.norms, self.cross_norms
        x = x + n[1](self.self_attn(n[0](x), n[0](x), True))
        x = x + c[1](self.cross_attn(c[0](x), ctx, False))
        return x + n[3](self.mlp(n[2](x)))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.ModuleList([nn.Embedding(VOCAB, WIDTH) for _ in range(2)])
        self.enc = nn.ModuleList([EncLayer() for _ in range(ENC_DEPTH)])
        self.dec = nn.ModuleList([DecLayer() for _ in range(DEC_DEPTH)])
        self.final = nn.ModuleList([Norm(), Norm()])

    def forward(self, src, tgt):
        h = self.embed[0](src)
        for layer in self.enc:
            h = layer(h)
        y = self.embed[1](tgt)
        for layer in self.dec:
            y = layer(y, self.final[0](h))
        return self.final[1](y)
"""


@pytest.mark.parametrize("layers", [SUBCLASSED, CROSS_FIRST], ids=["subclassed", "cross-first"])
def test_a_lone_decoder_layer_registered_in_another_order(tmp_path, layers):
    """A one-layer decoder against a config's two: the lone layer is dissolved into its
    parent's sequence unless the other side repeats a block of its type signature, and a
    decoder layer that registers its parts in another order than transformers' (a subclass
    adding cross-attention after the parent's norms and MLP) has another signature: the plant
    came out as six structural findings. The layer's weights as a multiset (``bag_sig``) keep
    it a block: one layer-count finding. Counts = HF's T5GemmaModel for each depth."""
    cfg, path = config(
        tmp_path,
        "cfg",
        "T5GemmaConfig",
        encoder=T5GEMMA_STACK,
        decoder=T5GEMMA_STACK,
        vocab_size=96,
        architectures=["T5GemmaModel"],
    )

    def code(name: str, enc: int = 2, dec: int = 2):
        src = ENC_DEC.replace("LAYERS", layers).replace("ENC_N", str(enc))
        return write(tmp_path, name, src.replace("DEC_N", str(dec)))

    def hf_count(enc: int, dec: int) -> int:
        c = transformers.T5GemmaConfig(
            encoder={**T5GEMMA_STACK, "num_hidden_layers": enc},
            decoder={**T5GEMMA_STACK, "num_hidden_layers": dec},
            vocab_size=96,
        )
        with torch.device("meta"):
            return count(transformers.AutoModel.from_config(c))

    clean = code("clean.py")
    mine, hf = torch_pair(clean, cfg, auto="AutoModel")
    assert count(mine) == count(hf) == hf_count(2, 2)
    assert run(clean, path) == []
    lone = code("lone.py", dec=1)
    assert count(torch_pair(lone, cfg, auto="AutoModel")[0]) == hf_count(2, 1)
    one(run(lone, path), 2, 1)


LFM2 = dict(
    architectures=["Lfm2ForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_attention_heads=4,
    num_key_value_heads=2,
    conv_L_cache=3,
    block_auto_adjust_ff_dim=False,
    tie_word_embeddings=True,
)

HYBRID = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, DIM, FFN, HEADS, KV, HD, KERNEL = 96, 64, 128, 4, 2, 16, 3


class Conv(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_proj = nn.Linear(DIM, 3 * DIM, bias=False)
        self.conv = nn.Conv1d(DIM, DIM, KERNEL, groups=DIM, padding=KERNEL - 1, bias=False)
        self.out_proj = nn.Linear(DIM, DIM, bias=False)

    def forward(self, x):
        b, c, h = self.in_proj(x).chunk(3, -1)
        y = self.conv((b * h).transpose(1, 2))[..., : x.shape[1]].transpose(1, 2)
        return self.out_proj(c * y)


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(DIM, HEADS * HD, bias=False)
        self.k_proj = nn.Linear(DIM, KV * HD, bias=False)
        self.v_proj = nn.Linear(DIM, KV * HD, bias=False)
        self.out_proj = nn.Linear(HEADS * HD, DIM, bias=False)
        self.q_norm, self.k_norm = nn.RMSNorm(HD, eps=1e-5), nn.RMSNorm(HD, eps=1e-5)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, HEADS, HD)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, KV, HD)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV, HD).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.out_proj(o.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.mix = Conv() if kind == "conv" else Attn()
        self.w1 = nn.Linear(DIM, FFN, bias=False)
        self.w3 = nn.Linear(DIM, FFN, bias=False)
        self.w2 = nn.Linear(FFN, DIM, bias=False)
        self.n1, self.n2 = nn.RMSNorm(DIM, eps=1e-5), nn.RMSNorm(DIM, eps=1e-5)

    def forward(self, x):
        x = x + self.mix(self.n1(x))
        h = self.n2(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


STACK
"""

# the layer plan as a string of kinds, one letter a layer
PLAN_STRING = """
PLAN = "PLAN_LETTERS"


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, DIM)
        self.layers = nn.ModuleList(Layer("conv" if k == "C" else "attn") for k in PLAN)
        self.norm = nn.RMSNorm(DIM, eps=1e-5)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.norm(x), self.embed.weight)
"""

# the same plan as a table of kinds, the layers registered one by one under their index
PLAN_TABLE = """
LAYER_KIND = PLAN_DICT


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, DIM)
        for i, kind in LAYER_KIND.items():
            self.add_module(f"layer{i}", Layer(kind))
        self.norm = nn.RMSNorm(DIM, eps=1e-5)

    def forward(self, ids):
        x = self.embed(ids)
        for i in LAYER_KIND:
            x = getattr(self, f"layer{i}")(x)
        return F.linear(self.norm(x), self.embed.weight)
"""


@pytest.mark.parametrize("stack", [PLAN_STRING, PLAN_TABLE], ids=["string", "table"])
def test_a_hybrid_stacks_depth_counts_every_kind(tmp_path, stack):
    """One convolution layer, then attention layers: the attention layers repeat, the
    convolution layer stands alone. One more attention layer came out as 'layer-count 2 vs 1'
    (the attention run's) or as block counts, where the config states the depth of every kind
    (``num_hidden_layers``): with nothing else different, the code's depth is its run plus
    the layers outside it. Counts = HF's Lfm2 for each plan; 3 -> 4 layers one finding. (The
    string plan passes at main too: the code states its depth as ``len(PLAN)``; the table's
    layers, registered under the model itself, state none and failed both ways.)"""
    types = ["conv", "full_attention", "full_attention"]
    cfg, path = config(
        tmp_path, "cfg", "Lfm2Config", num_hidden_layers=3, layer_types=types, **LFM2
    )

    def code(name: str, plan: str):
        kinds = {i: "conv" if k == "C" else "attn" for i, k in enumerate(plan)}
        src = stack.replace("PLAN_LETTERS", plan).replace("PLAN_DICT", repr(kinds))
        return write(tmp_path, name, HYBRID.replace("STACK", src))

    def hf_count(types: list[str]) -> int:
        c = transformers.Lfm2Config(num_hidden_layers=len(types), layer_types=types, **LFM2)
        with torch.device("meta"):
            return count(transformers.AutoModelForCausalLM.from_config(c))

    clean = code("clean.py", "CAA")
    mine, hf = torch_pair(clean, cfg)
    assert count(mine) == count(hf) == hf_count(types)
    assert run(clean, path) == []
    deep = code("deep.py", "CAAA")
    assert count(torch_pair(deep, cfg)[0]) == hf_count(types + ["full_attention"])
    one(run(deep, path), 3, 4)


GLM4_MOE = dict(
    architectures=["Glm4MoeForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    moe_intermediate_size=32,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    n_routed_experts=4,
    n_shared_experts=1,
    num_experts_per_tok=2,
    first_k_dense_replace=1,
    use_qk_norm=False,
    partial_rotary_factor=1.0,
    attention_bias=False,
    tie_word_embeddings=False,
)

DENSE_THEN_SPARSE = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, DIM, FFN, MOE_FFN, HEADS, KV, HD, EXPERTS, TOP = 96, 64, 128, 32, 4, 2, 16, 4, 2
LAYERS, DENSE = LAYERS_N, 1


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(DIM, HEADS * HD, bias=False)
        self.k_proj = nn.Linear(DIM, KV * HD, bias=False)
        self.v_proj = nn.Linear(DIM, KV * HD, bias=False)
        self.o_proj = nn.Linear(HEADS * HD, DIM, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HEADS, HD).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV, HD).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV, HD).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Mlp(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.gate_proj = nn.Linear(DIM, width, bias=False)
        self.up_proj = nn.Linear(DIM, width, bias=False)
        self.down_proj = nn.Linear(width, DIM, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Moe(nn.Module):
    def __init__(self):
        super().__init__()
        ROUTER
        self.gate_up = nn.Parameter(torch.empty(EXPERTS, 2 * MOE_FFN, DIM))
        self.down = nn.Parameter(torch.empty(EXPERTS, DIM, MOE_FFN))
        self.shared = Mlp(MOE_FFN)

    def forward(self, x):
        w, idx = ROUTE.sigmoid().topk(TOP, -1)
        out = self.shared(x)
        for j in range(TOP):
            g, u = torch.einsum("btd,btfd->btf", x, self.gate_up[idx[..., j]]).chunk(2, -1)
            y = torch.einsum("btf,btdf->btd", F.silu(g) * u, self.down[idx[..., j]])
            out = out + w[..., j : j + 1] * y
        return out


class Layer(nn.Module):
    def __init__(self, sparse):
        super().__init__()
        self.attn = Attn()
        self.mlp = Moe() if sparse else Mlp(FFN)
        self.ln1, self.ln2 = nn.RMSNorm(DIM, eps=1e-5), nn.RMSNorm(DIM, eps=1e-5)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, DIM)
        self.layers = nn.ModuleList(Layer(i >= DENSE) for i in range(LAYERS))
        self.norm = nn.RMSNorm(DIM, eps=1e-5)
        self.head = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
"""

# the router as a Linear (transformers holds a bare [E, d] parameter), or as a parameter
ROUTERS = {
    "linear": ("self.router = nn.Linear(DIM, EXPERTS, bias=False)", "self.router(x)"),
    "parameter": ("self.router = nn.Parameter(torch.empty(EXPERTS, DIM))", "x @ self.router.T"),
}


@pytest.mark.parametrize("router", sorted(ROUTERS))
def test_one_more_sparse_layer_after_a_dense_one(tmp_path, router):
    """A dense first layer, then sparse layers: with one sparse layer it stands alone, with
    two they repeat. transformers' lone sparse layer writes its norms as modules holding one
    ``weight`` and its router as a bare ``[E, d]`` parameter, the code ``nn.RMSNorm`` and
    (here) a ``Linear``: the type signatures differ, so the lone layer was dissolved and one
    more sparse layer came out as a dozen missing and extra layers. Its weights (a multiset of
    shapes) are the repeated block's: it stays a layer. Counts = HF's Glm4Moe; 2 -> 3 layers
    one finding."""
    decl, route = ROUTERS[router]
    cfg, path = config(tmp_path, "cfg", "Glm4MoeConfig", num_hidden_layers=2, **GLM4_MOE)

    def code(name: str, layers: int):
        src = DENSE_THEN_SPARSE.replace("LAYERS_N", str(layers))
        return write(tmp_path, name, src.replace("ROUTER", decl).replace("ROUTE", route))

    def hf_count(layers: int) -> int:
        c = transformers.Glm4MoeConfig(num_hidden_layers=layers, **GLM4_MOE)
        with torch.device("meta"):
            return count(transformers.AutoModelForCausalLM.from_config(c))

    clean = code("clean.py", 2)
    mine, hf = torch_pair(clean, cfg)
    assert count(mine) == count(hf) == hf_count(2)
    assert run(clean, path) == []
    deep = code("deep.py", 3)
    assert count(torch_pair(deep, cfg)[0]) == hf_count(3)
    one(run(deep, path), 2, 3)


@pytest.mark.parametrize("stack", [PLAN_STRING, PLAN_TABLE], ids=["string", "table"])
def test_one_more_layer_among_layers_of_other_kinds(tmp_path, stack):
    """Attention and convolution layers alternating (nothing repeats in a row): one more
    attention layer, or one fewer, is no count anywhere in the structure, and came out as
    its parts missing one by one. Where one side's weights are the other's plus exactly one
    module's, and that module has a twin beside it among as many modules as the depth, the
    depth differs by one. Counts = HF's Lfm2 for each plan; one finding each way."""
    types = ["full_attention", "conv"]
    cfg, path = config(
        tmp_path, "cfg", "Lfm2Config", num_hidden_layers=2, layer_types=types, **LFM2
    )
    more = ["full_attention", "conv", "full_attention"]
    cfg3, path3 = config(
        tmp_path, "cfg3", "Lfm2Config", num_hidden_layers=3, layer_types=more, **LFM2
    )

    def code(name: str, plan: str):
        kinds = {i: "conv" if k == "C" else "attn" for i, k in enumerate(plan)}
        src = stack.replace("PLAN_LETTERS", plan).replace("PLAN_DICT", repr(kinds))
        return write(tmp_path, name, HYBRID.replace("STACK", src))

    clean = code("clean.py", "AC")
    mine, hf = torch_pair(clean, cfg)
    assert count(mine) == count(hf)
    assert run(clean, path) == []
    deep = code("deep.py", "ACA")
    mine3, hf3 = torch_pair(deep, cfg3)
    assert count(mine3) == count(hf3)
    assert run(deep, path3) == []
    one(run(deep, path), 2, 3)  # the code has one more
    one(run(clean, path3), 3, 2)  # the config has one more


def test_both_sides_state_depths_beside_a_different_first_layer():
    """WavLM's first layer alone holds the relative-position table, so it never joins the
    run of the others; with one more layer the code's run is 2 and transformers' lone second
    layer is kept as a block of 1 (its weights are the code's repeated block's): both sides
    read a run, and the depth came out as '2 layers vs 1'. Both sides state their depth
    (3 and 2), each one more than its run: the depths are the stated ones. The pair is
    reimpl fresh13's (its counts checked against transformers by that set's make.py). Passes
    at main (where the lone layer was dissolved); fails with ``bag_sig`` alone (d7c6964d)."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "benchmarks" / "reimpl" / "fresh13"
    cfg = root / "configs" / "wavlm_memoryview_cast" / "config.json"
    assert run(root / "cases" / "wavlm_memoryview_cast.py", cfg) == []
    one(run(root / "planted" / "wavlm_memoryview_cast__numLayers.py", cfg), 2, 3)
