"""One finding per planted change (session 24, issue #17): consequences of one root cause are
grouped under it, and two independent changes stay two findings. Each grouping is shown on
code written here; torch builds the code and transformers' model for the same config and the
parameter counts agree on the clean pair.

- a model that keeps each layer's parts in lists side by side (XLM's and Flaubert's
  ``attentions``, ``layer_norm1``, ``ffns``, ``layer_norm2``, zipped in ``forward``): a
  changed layer count is one finding, the sibling lists' counts listed under it; a list held
  by another module (a head's own convolutions) with the same counts stays its own finding.
"""

from __future__ import annotations

import runpy
import textwrap
import warnings

import pytest

from driftcheck.drift import drift, load_sides

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


def _write(tmp_path, name: str, code: str):
    path = tmp_path / name
    path.write_text(textwrap.dedent(code))
    return path


def _count(model) -> int:
    return sum(p.numel() for p in {id(p): p for p in model.parameters()}.values())


def _mine(code, cls: str):
    with torch.device("meta"):
        return runpy.run_path(str(code), run_name="__d24__")[cls]()


def _run(left, right) -> list:
    fs = drift(load_sides(str(left), str(right)), str(left), str(right))
    return [f for f in fs if f.severity.rank >= 1]


# ------------------------------------------------------------- XLM: parallel layer lists
XLM = """
import torch
import torch.nn as nn
import torch.nn.functional as F

WORDS = 120
DIM = 32
HEADS = 4
LAYERS = {layers}
CONVS = {convs}
POSITIONS = 64


class MHA(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_lin = nn.Linear(DIM, DIM)
        self.k_lin = nn.Linear(DIM, DIM)
        self.v_lin = nn.Linear(DIM, DIM)
        self.out_lin = nn.Linear(DIM, DIM)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            lin(x).view(b, t, HEADS, DIM // HEADS).transpose(1, 2)
            for lin in (self.q_lin, self.k_lin, self.v_lin)
        )
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out_lin(y.transpose(1, 2).reshape(b, t, DIM))


class FFN(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin1 = nn.Linear(DIM, 4 * DIM)
        self.lin2 = nn.Linear(4 * DIM, DIM)

    def forward(self, x):
        return self.lin2(F.gelu(self.lin1(x)))


class Head(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.convs = nn.ModuleList(nn.Conv1d(DIM, DIM, 3, padding=1) for _ in range(n))

    def forward(self, x):
        x = x.transpose(1, 2)
        for c in self.convs:
            x = c(x)
        return x.transpose(1, 2)


class XLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.position_embeddings = nn.Embedding(POSITIONS, DIM)
        self.embeddings = nn.Embedding(WORDS, DIM, padding_idx=2)
        self.layer_norm_emb = nn.LayerNorm(DIM, eps=1e-12)
        self.attentions = nn.ModuleList(MHA() for _ in range(LAYERS))
        self.layer_norm1 = nn.ModuleList(nn.LayerNorm(DIM, eps=1e-12) for _ in range(LAYERS))
        self.ffns = nn.ModuleList(FFN() for _ in range(LAYERS))
        self.layer_norm2 = nn.ModuleList(nn.LayerNorm(DIM, eps=1e-12) for _ in range(LAYERS))
        self.head = Head(CONVS) if CONVS else None

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.layer_norm_emb(self.embeddings(ids) + self.position_embeddings(pos))
        for attn, ln1, ffn, ln2 in zip(
            self.attentions, self.layer_norm1, self.ffns, self.layer_norm2
        ):
            x = ln1(x + attn(x))
            x = ln2(x + ffn(x))
        return self.head(x) if self.head is not None else x
"""


def _xlm_config(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cfg = transformers.XLMConfig(
            vocab_size=120, emb_dim=32, n_layers=3, n_heads=4, max_position_embeddings=64, n_langs=1
        )
        cfg.save_pretrained(tmp_path / "xlm")
        with torch.device("meta"):
            hf = transformers.AutoModel.from_config(cfg)
    return hf, tmp_path / "xlm" / "config.json"


def test_parallel_layer_lists_against_their_config(tmp_path):
    hf, cfg = _xlm_config(tmp_path)
    clean = _write(tmp_path, "xlm.py", XLM.format(layers=3, convs=0))
    assert _count(_mine(clean, "XLM")) == _count(hf)
    assert _run(clean, cfg) == []
    deeper = _write(tmp_path, "xlm4.py", XLM.format(layers=4, convs=0))
    # torch: every list holds 4 layers' parts, so the model is 4 layers deep
    m = _mine(deeper, "XLM")
    assert {len(m.attentions), len(m.layer_norm1), len(m.ffns), len(m.layer_norm2)} == {4}
    found = _run(deeper, cfg)
    assert len(found) == 1, [f.message for f in found]
    f = found[0]
    assert f.kind == "layer-count" and f.values == {"left": 4, "right": 3}
    assert "3 lists beside the layers" in (f.evidence or "")


def test_parallel_layer_lists_and_another_change_are_two_findings(tmp_path):
    _, cfg = _xlm_config(tmp_path)
    code = _write(
        tmp_path, "xlm4h.py", XLM.format(layers=4, convs=0).replace("HEADS = 4", "HEADS = 8")
    )
    found = _run(code, cfg)
    assert len(found) == 2, [f.message for f in found]
    assert {f.kind for f in found} >= {"layer-count"}


def test_a_list_held_by_another_module_is_its_own_change(tmp_path):
    """Code against code: the layer lists go 3 -> 4 (one change) and a head's own list of
    convolutions goes 3 -> 4 too (another): two findings, not one."""
    base = _write(tmp_path, "base.py", XLM.format(layers=3, convs=3))
    both = _write(tmp_path, "both.py", XLM.format(layers=4, convs=4))
    layers = _write(tmp_path, "layers.py", XLM.format(layers=4, convs=3))
    m = _mine(both, "XLM")
    assert len(m.head.convs) == 4 and len(m.ffns) == 4
    found = _run(both, base)
    assert len(found) == 2, [f.message for f in found]
    assert {f.kind for f in found} == {"layer-count", "block-count"}
    found = _run(layers, base)
    assert len(found) == 1, [f.message for f in found]
    assert found[0].kind == "layer-count" and found[0].values == {"left": 4, "right": 3}


# ------------------------------------------- OPT: raw parameters, a narrower word embedding
OPT_RAW = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, E, D, F_DIM, N, H, P = 300, 16, 48, {ffn}, 2, 4, 64
SHAPES = {{"q": (D, D), "k": (D, D), "v": (D, D), "o": (D, D), "up": (F_DIM, D), "dn": (D, F_DIM)}}
BIASES = {{"q": D, "k": D, "v": D, "o": D, "up": F_DIM, "dn": D}}


class RawOPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_parameter("words", nn.Parameter(torch.randn(V, E)))
        self.register_parameter("proj_in", nn.Parameter(torch.randn(D, E)))
        self.register_parameter("proj_out", nn.Parameter(torch.randn(E, D)))
        self.register_parameter("pos", nn.Parameter(torch.randn(P + 2, D)))
        for i in range(N):
            for name, shape in SHAPES.items():
                self.register_parameter(f"h{{i}}_{{name}}_w", nn.Parameter(torch.randn(shape)))
                self.register_parameter(
                    f"h{{i}}_{{name}}_b", nn.Parameter(torch.zeros(BIASES[name]))
                )
            for j in (1, 2):
                self.register_parameter(f"h{{i}}_ln{{j}}_g", nn.Parameter(torch.ones(D)))
                self.register_parameter(f"h{{i}}_ln{{j}}_b", nn.Parameter(torch.zeros(D)))
        self.register_parameter("lnf_g", nn.Parameter(torch.ones(D)))
        self.register_parameter("lnf_b", nn.Parameter(torch.zeros(D)))

    def lin(self, x, i, name):
        return F.linear(x, getattr(self, f"h{{i}}_{{name}}_w"), getattr(self, f"h{{i}}_{{name}}_b"))

    def forward(self, ids):
        x = F.linear(F.embedding(ids, self.words), self.proj_in)
        x = x + self.pos[torch.arange(ids.shape[1]) + 2]
        b, t, _ = x.shape
        for i in range(N):
            g = getattr(self, f"h{{i}}_ln1_g")
            h = F.layer_norm(x, (D,), g, getattr(self, f"h{{i}}_ln1_b"))
            q, k, v = (
                self.lin(h, i, n).view(b, t, H, D // H).transpose(1, 2) for n in ("q", "k", "v")
            )
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + self.lin(y.transpose(1, 2).reshape(b, t, D), i, "o")
            g = getattr(self, f"h{{i}}_ln2_g")
            h = F.layer_norm(x, (D,), g, getattr(self, f"h{{i}}_ln2_b"))
            x = x + self.lin(F.relu(self.lin(h, i, "up")), i, "dn")
        x = F.layer_norm(x, (D,), self.lnf_g, self.lnf_b)
        return F.linear(F.linear(x, self.proj_out), self.words)
"""


def test_a_narrow_word_embedding_projected_in_and_out_is_no_mlp_width(tmp_path):
    """Bare parameters ``[D, E]`` and ``[E, D]`` beside ``[D, D]`` attention matrices are a
    projection from the word embedding's width E into the model's D and back: no MLP width
    of E's reading."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cfg = transformers.OPTConfig(
            vocab_size=300,
            hidden_size=48,
            word_embed_proj_dim=16,
            ffn_dim=96,
            num_hidden_layers=2,
            num_attention_heads=4,
            max_position_embeddings=64,
        )
        cfg.save_pretrained(tmp_path / "opt")
        with torch.device("meta"):
            hf = transformers.AutoModelForCausalLM.from_config(cfg)
    config = tmp_path / "opt" / "config.json"
    clean = _write(tmp_path, "raw_opt.py", OPT_RAW.format(ffn=96))
    assert _count(_mine(clean, "RawOPT")) == _count(hf)
    assert _run(clean, config) == []
    # more heads (the same weights): no MLP width is claimed for it (before: the MLP width
    # read as 48, the model's width, against the config's 96)
    heads = _write(
        tmp_path, "raw_opt_h8.py", OPT_RAW.format(ffn=96).replace("2, 4, 64", "2, 8, 64")
    )
    assert _mine(heads, "RawOPT") is not None
    assert not any(96 in (f.values or {}).values() for f in _run(heads, config))
    wider = _write(tmp_path, "raw_opt_wide.py", OPT_RAW.format(ffn=128))
    found = _run(wider, config)
    assert len(found) == 1, [f.message for f in found]
    assert found[0].values["left"] == 128 and found[0].values["right"] == 96
