"""Drift between re-implementations and their configs (session 17, issue #17: the tenth
re-implementation set's development part). Each rule is shown on code written here (not the
corpus's): where a count or shape is claimed, torch builds the code and transformers' model
for the same config; then the comparison says nothing on the clean pair and one finding
holding both values where one value differs.

- sizes kept on a plain class used as a namespace, read with ``vars(Hyper)``; ``dict.fromkeys``
  tables; ``islice(repeat(spec), n)`` layer lists; class bodies naming the names bound above
  them, ``functools.partialmethod`` layer makers (the static interpreter);
- a fused q|k|v viewed as (heads, -1) and cut by a split of symbolic size reads no head width;
- a bare ``nn.Module`` holding a Linear's weight and bias is that Linear; weights stacked on a
  leading layer axis and read row by row are the layer stack (a scan port);
- a head tensor re-cut into other head sizes at equal size is one finding;
- a level whose first split makes other axes compares none of its forward ops;
- ``rope_parameters`` of the config class's own ``default_rope_type`` is no scaling claim;
- a model type no AutoModel lists is built as its ``architectures`` class;
- ``h @ embed.weight.T`` is the tied head.
"""

from __future__ import annotations

import runpy
import textwrap
import warnings

import pytest

from driftcheck.drift import drift, load_sides
from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


def _write(tmp_path, name: str, code: str):
    path = tmp_path / name
    path.write_text(textwrap.dedent(code))
    return path


def _config(tmp_path, name: str, cls: str, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cfg = getattr(transformers, cls)(**kw)
    out = tmp_path / name
    cfg.save_pretrained(out)
    return cfg, out / "config.json"


def _count(model) -> int:
    return sum(p.numel() for p in {id(p): p for p in model.parameters()}.values())


def _mine(code, cls: str):
    with torch.device("meta"):
        return runpy.run_path(str(code), run_name="__d17b__")[cls]()


def _hf(cfg, auto: str = "AutoModelForCausalLM"):
    with torch.device("meta"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return getattr(transformers, auto).from_config(cfg)


def _run(code, cfg) -> list:
    fs = drift(load_sides(str(code), str(cfg)), str(code), str(cfg))
    return [f for f in fs if f.severity.rank >= 1]


def _holds(v, want) -> bool:
    if v == want and type(v) is type(want):
        return True
    if isinstance(v, (list, tuple)):
        return any(_holds(x, want) for x in v)
    return False


def _one(found, code_value, config_value):
    assert len(found) == 1, [f.message for f in found]
    f = found[0]
    assert _holds(f.values["left"], code_value), f.message
    assert _holds(f.values["right"], config_value), f.message
    return f


# ------------------------------------------------------------------ GPT-NeoX, vars(Hyper)
NEOX = """
import torch
import torch.nn.functional as F
from torch import nn


class Hyper:
    \"\"\"sizes\"\"\"
    vocab = 96
    width = 32
    heads = 4
    layers = 2
    mlp = 80
    eps = 1e-5


H = {k: v for k, v in vars(Hyper).items() if not k.startswith("_")}


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        d = H["width"]
        self.input_layernorm = nn.LayerNorm(d, eps=H["eps"])
        self.post_attention_layernorm = nn.LayerNorm(d, eps=H["eps"])
        self.query_key_value = nn.Linear(d, 3 * d)
        self.dense = nn.Linear(d, d)
        self.dense_h_to_4h = nn.Linear(d, H["mlp"])
        self.dense_4h_to_h = nn.Linear(H["mlp"], d)

    def forward(self, x):
        b, t, d = x.shape
        nh = H["heads"]
        hd = d // nh
        qkv = self.query_key_value(self.input_layernorm(x)).view(b, t, nh, 3 * hd).transpose(1, 2)
        q, k, v = qkv.split(hd, -1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        attn = self.dense(o.transpose(1, 2).reshape(b, t, d))
        mlp = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x))))
        return x + attn + mlp


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_in = nn.Embedding(H["vocab"], H["width"])
        self.layers = nn.ModuleList(Layer() for _ in range(H["layers"]))
        self.final_layer_norm = nn.LayerNorm(H["width"], eps=H["eps"])
        self.embed_out = nn.Linear(H["width"], H["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))
"""
NEOX_CFG = dict(
    architectures=["GPTNeoXForCausalLM"],
    vocab_size=96, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
    intermediate_size=80, rotary_pct=1.0, layer_norm_eps=1e-5, use_parallel_residual=True,
    tie_word_embeddings=False, max_position_embeddings=128,
)  # fmt: skip


def test_vars_namespace_class_and_fused_split(tmp_path):
    """``vars(Hyper)`` reads the class body's names (dunders filtered by the code); the
    per-head fused ``view(b, t, nh, 3 * hd)`` cut by ``split(hd)`` of a symbolic size is no
    head width of 3 x hd: the clean pair has no finding."""
    cfg, cfg_path = _config(tmp_path, "neox", "GPTNeoXConfig", **NEOX_CFG)
    code = _write(tmp_path, "neox.py", NEOX)
    assert _count(_mine(code, "M")) == _count(_hf(cfg))
    assert _run(code, cfg_path) == []
    deeper = _write(tmp_path, "neox3.py", NEOX.replace("layers = 2", "layers = 3"))
    _one(_run(deeper, cfg_path), 3, 2)


# ---------------------------------------------------- builtins and class-body scope
SMALL = """
from functools import partialmethod
from itertools import islice, repeat

import torch
from torch import nn

COUNTS = dict.fromkeys(("a", "b", "n"), 1)
COUNTS.update(a=6, n=3)


class Block(nn.Module):
    width = 8
    wide = width * 2

    def _lin(self, i, o):
        return nn.Linear(i, o)

    up = partialmethod(_lin, width, wide)

    def __init__(self, spec):
        super().__init__()
        self.spec = nn.Linear(spec, COUNTS["a"])
        self.fc = self.up()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList(Block(s) for s in islice(repeat(5), COUNTS["n"]))
"""


def test_fromkeys_repeat_partialmethod_class_scope(tmp_path):
    """``dict.fromkeys`` then ``update``; ``islice(repeat(x), n)``; a class attribute naming
    one bound above it; ``partialmethod`` read on the instance: the static count is torch's."""
    code = _write(tmp_path, "small.py", SMALL)
    g = parse_source(str(code), entry="M")
    assert g.params_total() == _count(_mine(code, "M"))


# ------------------------------------------------------------------ Qwen2, functional params
QWEN = """
import torch
import torch.nn.functional as F
from torch import nn

HP = {"vocab": 80, "d": 32, "ffn": 48, "layers": 2, "heads": 4, "kv": 2}
HP["hd"] = HP["d"] // HP["heads"]


def rms(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


def block(p, x):
    b, t, _ = x.shape
    nh, nkv, hd = HP["heads"], HP["kv"], HP["hd"]
    h = rms(x, p["input_layernorm.weight"])
    q = F.linear(h, p["self_attn.q_proj.weight"], p["self_attn.q_proj.bias"])
    k = F.linear(h, p["self_attn.k_proj.weight"], p["self_attn.k_proj.bias"])
    v = F.linear(h, p["self_attn.v_proj.weight"], p["self_attn.v_proj.bias"])
    q = q.view(b, t, nh, hd).transpose(1, 2)
    k = k.view(b, t, nkv, hd).transpose(1, 2).repeat_interleave(nh // nkv, dim=1)
    v = v.view(b, t, nkv, hd).transpose(1, 2).repeat_interleave(nh // nkv, dim=1)
    o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    x = x + F.linear(o.transpose(1, 2).reshape(b, t, nh * hd), p["self_attn.o_proj.weight"])
    h = rms(x, p["post_attention_layernorm.weight"])
    g = F.silu(F.linear(h, p["mlp.gate_proj.weight"])) * F.linear(h, p["mlp.up_proj.weight"])
    return x + F.linear(g, p["mlp.down_proj.weight"])


def shapes(d, ffn, heads, kv, hd):
    return {
        "input_layernorm.weight": (d,),
        "self_attn.q_proj.weight": (heads * hd, d),
        "self_attn.q_proj.bias": (heads * hd,),
        "self_attn.k_proj.weight": (kv * hd, d),
        "self_attn.k_proj.bias": (kv * hd,),
        "self_attn.v_proj.weight": (kv * hd, d),
        "self_attn.v_proj.bias": (kv * hd,),
        "self_attn.o_proj.weight": (d, heads * hd),
        "post_attention_layernorm.weight": (d,),
        "mlp.gate_proj.weight": (ffn, d),
        "mlp.up_proj.weight": (ffn, d),
        "mlp.down_proj.weight": (d, ffn),
    }


class Holder(nn.Module):
    def __init__(self, table):
        super().__init__()
        for name, s in table.items():
            parent = self
            *path, leaf = name.split(".")
            for part in path:
                if not hasattr(parent, part):
                    parent.add_module(part, nn.Module())
                parent = getattr(parent, part)
            parent.register_parameter(leaf, nn.Parameter(torch.zeros(s)))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(HP["vocab"], HP["d"])
        self.layers = nn.ModuleList(
            Holder(shapes(HP["d"], HP["ffn"], HP["heads"], HP["kv"], HP["hd"]))
            for _ in range(HP["layers"])
        )
        self.norm = nn.Parameter(torch.ones(HP["d"]))
        self.lm_head = nn.Linear(HP["d"], HP["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = block(dict(layer.named_parameters()), x)
        return self.lm_head(rms(x, self.norm))
"""
QWEN_CFG = dict(
    architectures=["Qwen2ForCausalLM"],
    vocab_size=80, hidden_size=32, intermediate_size=48, num_hidden_layers=2,
    num_attention_heads=4, num_key_value_heads=2, tie_word_embeddings=False,
    max_position_embeddings=64,
)  # fmt: skip


def test_parameter_holders_are_linears(tmp_path):
    """Bare ``nn.Module`` holders of a weight [out, in] and a bias [out] are Linears: they
    pair with Qwen2's layer by layer, and the K/V holders (merged into one block of two) count
    twice for the KV heads, so the clean pair is clean and a KV change is one finding."""
    cfg, cfg_path = _config(tmp_path, "qwen2", "Qwen2Config", **QWEN_CFG)
    code = _write(tmp_path, "qwen.py", QWEN)
    assert _count(_mine(code, "M")) == _count(_hf(cfg))
    assert _run(code, cfg_path) == []
    kv4 = _write(tmp_path, "qwen_kv.py", QWEN.replace('"kv": 2}', '"kv": 4}'))
    _one(_run(kv4, cfg_path), 4, 2)


# ------------------------------------------------------------------ Llama, scanned layers
SCAN = """
import torch
import torch.nn.functional as F
from torch import nn

L, D, H, KV, FF, V = 3, 32, 4, 2, 48, 80
HD = D // H


def norm(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


def stacked(*shape):
    return nn.Parameter(torch.zeros(L, *shape))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(V, D)
        self.ln1 = nn.Parameter(torch.ones(L, D))
        self.wq = stacked(H * HD, D)
        self.wk = stacked(KV * HD, D)
        self.wv = stacked(KV * HD, D)
        self.wo = stacked(D, H * HD)
        self.ln2 = nn.Parameter(torch.ones(L, D))
        self.w_gate = stacked(FF, D)
        self.w_up = stacked(FF, D)
        self.w_down = stacked(D, FF)
        self.ln_f = nn.Parameter(torch.ones(D))
        self.unembed = nn.Linear(D, V, bias=False)

    def step(self, x, i):
        b, t, _ = x.shape
        h = norm(x, self.ln1[i])
        q = F.linear(h, self.wq[i]).view(b, t, H, HD).transpose(1, 2)
        k = F.linear(h, self.wk[i]).view(b, t, KV, HD).transpose(1, 2)
        v = F.linear(h, self.wv[i]).view(b, t, KV, HD).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + F.linear(o.transpose(1, 2).reshape(b, t, -1), self.wo[i])
        h = norm(x, self.ln2[i])
        return x + F.linear(F.silu(F.linear(h, self.w_gate[i])) * F.linear(h, self.w_up[i]),
                            self.w_down[i])

    def forward(self, ids):
        x = self.tok(ids)
        for i in range(L):
            x = self.step(x, i)
        return self.unembed(norm(x, self.ln_f))
"""
LLAMA_CFG = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=80, hidden_size=32, intermediate_size=48, num_hidden_layers=3,
    num_attention_heads=4, num_key_value_heads=2, tie_word_embeddings=False,
    max_position_embeddings=64,
)  # fmt: skip


def test_scanned_layer_stack(tmp_path):
    """Weights stacked on a leading layer axis and read row by row with the layer's number
    are the layer stack (no norm vector read as a 3-row table): clean is clean, one depth
    change is one layer-count finding."""
    cfg, cfg_path = _config(tmp_path, "llama", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "scan.py", SCAN)
    assert _count(_mine(code, "M")) == _count(_hf(cfg))
    g = parse_source(str(code), entry="M")
    assert next(n for n in g.nodes if n.id == "ln1").type == "Parameter"
    assert _run(code, cfg_path) == []
    two = _write(tmp_path, "scan2.py", SCAN.replace("= 3, 32", "= 2, 32"))
    _one(_run(two, cfg_path), 2, 3)


# ------------------------------------------------------- Mistral, per-group fused qkv rows
GROUPED = """
import torch
import torch.nn.functional as F
from torch import nn

V, D, L, H, G, HD, FF = 80, 32, 2, 4, 2, 8, 40


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class Block(nn.Module):
    per = H // G

    def __init__(self):
        super().__init__()
        self.pre = Norm()
        self.qkv = nn.Linear(D, G * (self.per + 2) * HD, bias=False)
        self.proj = nn.Linear(H * HD, D, bias=False)
        self.post = Norm()
        self.gate_up = nn.Linear(D, 2 * FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        g = self.qkv(self.pre(x)).view(b, t, G, self.per + 2, HD)
        q = g[:, :, :, : self.per].reshape(b, t, H, HD).transpose(1, 2)
        k = g[:, :, :, -2].transpose(1, 2)
        v = g[:, :, :, -1].transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.proj(o.transpose(1, 2).reshape(b, t, -1))
        a, u = self.gate_up(self.post(x)).chunk(2, -1)
        return x + self.down(F.silu(a) * u)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(V, D)
        self.blocks = nn.Sequential(*[Block() for _ in range(L)])
        self.final = Norm()
        self.lm = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        return self.lm(self.final(self.blocks(self.wte(ids))))
"""
MISTRAL_CFG = dict(
    architectures=["MistralForCausalLM"],
    vocab_size=80, hidden_size=32, intermediate_size=40, num_hidden_layers=2,
    num_attention_heads=4, num_key_value_heads=2, head_dim=8, tie_word_embeddings=False,
    max_position_embeddings=64, sliding_window=None,
)  # fmt: skip


def test_grouped_qkv_rows_compare_no_forward_ops(tmp_path):
    """A fused qkv viewed as (groups, heads per group + 2, head width) against separate
    projections viewed as (heads, head width): its slices name other axes, so no forward op
    of the level is compared; the clean pair is clean."""
    cfg, cfg_path = _config(tmp_path, "mistral", "MistralConfig", **MISTRAL_CFG)
    code = _write(tmp_path, "grouped.py", GROUPED)
    assert _count(_mine(code, "M")) == _count(_hf(cfg))
    assert _run(code, cfg_path) == []


# ------------------------------------------------------------------ XLNet, head tensors
XLNET = """
import torch
from torch import nn

D, N, L, V, FF = 48, 4, 2, 80, 40
HD = D // N


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.q, self.k, self.v, self.o, self.r = (
            nn.Parameter(torch.zeros(D, N, HD)) for _ in range(5)
        )
        self.r_r_bias = nn.Parameter(torch.zeros(N, HD))
        self.r_s_bias = nn.Parameter(torch.zeros(N, HD))
        self.r_w_bias = nn.Parameter(torch.zeros(N, HD))
        self.seg_embed = nn.Parameter(torch.zeros(2, N, HD))
        self.layer_norm = nn.LayerNorm(D, eps=1e-12)

    def forward(self, h):
        q = torch.einsum("ibh,hnd->ibnd", h, self.q)
        k = torch.einsum("ibh,hnd->ibnd", h, self.k)
        v = torch.einsum("ibh,hnd->ibnd", h, self.v)
        p = torch.einsum("ibnd,jbnd->bnij", q + self.r_w_bias, k).softmax(-1)
        out = torch.einsum("ibnd,hnd->ibh", torch.einsum("bnij,jbnd->ibnd", p, v), self.o)
        return self.layer_norm(out + h)


class FF_(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer_norm = nn.LayerNorm(D, eps=1e-12)
        self.layer_1 = nn.Linear(D, FF)
        self.layer_2 = nn.Linear(FF, D)

    def forward(self, x):
        return self.layer_norm(x + self.layer_2(torch.relu(self.layer_1(x))))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.rel_attn = Attn()
        self.ff = FF_()

    def forward(self, h):
        return self.ff(self.rel_attn(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embedding = nn.Embedding(V, D)
        self.mask_emb = nn.Parameter(torch.zeros(1, 1, D))
        self.layer = nn.ModuleList(Layer() for _ in range(L))
        self.lm_bias = nn.Parameter(torch.zeros(V))

    def forward(self, ids):
        h = self.word_embedding(ids.T)
        for layer in self.layer:
            h = layer(h)
        return torch.einsum("ibh,vh->biv", h, self.word_embedding.weight) + self.lm_bias
"""
XLNET_CFG = dict(
    architectures=["XLNetLMHeadModel"],
    vocab_size=80,
    d_model=48,
    n_layer=2,
    n_head=4,
    d_inner=40,
    ff_activation="relu",
)


def test_head_tensors_recut_is_one_finding(tmp_path):
    """``[d_model, n_head, d_head]`` tensors with 8 heads of 6 against 4 of 12 hold as many
    weights: not a second writing of one weight but other heads, one finding (8 of 4 against
    4 of 8 would be a transpose's sizes too: no finding claims that one)."""
    cfg, cfg_path = _config(tmp_path, "xlnet", "XLNetConfig", **XLNET_CFG)
    code = _write(tmp_path, "xlnet.py", XLNET)
    assert _count(_mine(code, "M")) == _count(_hf(cfg, "AutoModelForCausalLM"))
    assert _hf(cfg, "AutoModelForCausalLM").transformer.layer[0].rel_attn.q.shape == (48, 4, 12)
    assert _run(code, cfg_path) == []
    eight = _write(tmp_path, "xlnet8.py", XLNET.replace("= 48, 4,", "= 48, 8,"))
    _one(_run(eight, cfg_path), 8, 4)


# ---------------------------------------------------------------- config-side rules
def test_family_rope_type_is_no_scaling_claim():
    """Pixtral's config class writes ``rope_type: "axial"``, its ``default_rope_type``: the
    rotary the family builds, no scaling a user chose; a yarn type is still a claim."""
    from driftcheck.drift.unread import _family_rope, default_rope_type

    assert default_rope_type("pixtral") == "axial"
    raw = {"model_type": "pixtral"}
    assert _family_rope(raw, "", "pixtral", {"rope_type": "axial", "rope_theta": 1e4})
    assert not _family_rope(raw, "", "pixtral", {"rope_type": "yarn", "factor": 2.0})


def test_model_type_without_automodel_builds_its_architectures_class(tmp_path):
    """``chinese_clip_text_model`` is in no AutoModel mapping: its ``architectures`` class,
    which its modeling file defines, is the config side's model (not facts only)."""
    from driftcheck.parsers.hf import config_graph

    _, cfg_path = _config(
        tmp_path, "cc", "ChineseCLIPTextConfig", vocab_size=80, hidden_size=32,
        num_hidden_layers=2, num_attention_heads=4, intermediate_size=48, type_vocab_size=3,
    )  # fmt: skip
    import json

    data = json.loads(cfg_path.read_text())
    data["architectures"] = ["ChineseCLIPTextModel"]
    cfg_path.write_text(json.dumps(data))
    g, _ = config_graph(str(cfg_path), exact=False)
    assert any(n.type == "Embedding" and n.params.get("num_embeddings") == 3 for n in g.nodes)


def test_matmul_by_table_transpose_is_tied(tmp_path):
    """``h @ self.embed.weight.T`` (or ``.t()``) is the output head on the token table."""
    for t in (".T", ".t()"):
        code = _write(
            tmp_path,
            "tied.py",
            f"""
            from torch import nn

            class M(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.emb = nn.Embedding(10, 4)
                    self.mix = nn.Linear(4, 4)

                def forward(self, ids):
                    return self.mix(self.emb(ids)) @ self.emb.weight{t}
        """,
        )
        g = parse_source(str(code), entry="M")
        assert g.facts["tieWordEmbeddings"].value is True


IGPT = """
import torch
from torch import nn

PALETTE, SIDE, D = 16, 8, 32


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(PALETTE + 1, D)
        self.wpe = nn.Embedding(SIDE * SIDE, D)
        self.mix = nn.Linear(D, D)
        self.lm_head = nn.Linear(D, PALETTE, bias=False)

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        return self.lm_head(self.mix(x))
"""


def test_input_table_is_the_vocabulary(tmp_path):
    """A position table with more rows than the vocabulary (ImageGPT: 64 positions, a
    17-colour palette): the table forward looks the input up in is the token table, on the
    graph's facts and on the matcher's."""
    from driftcheck.graph.match.canon import canonical
    from driftcheck.graph.match.derive import derive

    code = _write(tmp_path, "igpt.py", IGPT)
    g = parse_source(str(code), entry="M")
    assert g.facts["vocabSize"].value == 17
    got = derive(canonical(g))
    assert got["vocabSize"].value == 17 and got["maxPositionEmbeddings"].value == 64
