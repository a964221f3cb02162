"""reimplfix37b (issue #17): a grouped-query split kept whole is no k|v stack.

fresh34's clean port ``seed_oss_dict_merge`` writes its queries grouped per key/value head,
``q.view(b, t, n_kv, n_q // n_kv, d_head)``, and meets the keys' heads in an einsum
(``"bqhgd,bkhd->bhgqk"``). With 2 key/value heads the split read as a fused k|v stack
``(2, kv, head_dim)``: ``model.numHeads is 2 ... but 4 in config.json``, a confident wrong major
on a faithful port (and on every plant of it). The split's first axis is now followed forward
(``driftcheck/graph/match/stackaxis37b.py``): kept whole into an einsum / matmul it is ``n_kv *
(n_q // n_kv)`` heads; taken apart (``unbind``, an index) it is the stack it was.

Ground truth is torch and transformers: each port, with the HF model's weights copied in, gives
the HF model's logits (so its head counts are the config's), and has its parameter count.
"""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from tests.reimpl_probe36.run import findings, holds  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "benchmarks/reimpl/fresh34/cases/seed_oss_dict_merge.py"
SEED_CFG = ROOT / "benchmarks/reimpl/fresh34/configs/seed_oss_dict_merge/config.json"

# a near-twin of the port, our own: separate q / k / v projections, sizes in a plain dict, 3
# key/value heads (a split of 3 on its first axis read as a fused q|k|v stack before), the
# groups met by a matmul after a permute, not an einsum
TWIN = """\
import torch
import torch.nn as nn
import torch.nn.functional as F

SIZES = dict(vocab=100, width=48, ffn=80, depth=2, heads=HEADS, kv=3, hd=16, eps=1e-6, base=10000.0)


class Norm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + SIZES["eps"]))


def rope(x, cos, sin):
    a, b = x.chunk(2, dim=-1)
    return x * cos + torch.cat((-b, a), dim=-1) * sin


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        s = SIZES
        self.q = nn.Linear(s["width"], s["heads"] * s["hd"], bias=True)
        self.k = nn.Linear(s["width"], s["kv"] * s["hd"], bias=True)
        self.v = nn.Linear(s["width"], s["kv"] * s["hd"], bias=True)
        self.o = nn.Linear(s["heads"] * s["hd"], s["width"], bias=False)

    def forward(self, x, cos, sin):
        s = SIZES
        b, t, _ = x.shape
        g = s["heads"] // s["kv"]
        q = self.q(x).view(b, t, s["kv"], g, s["hd"]).permute(0, 2, 3, 1, 4)
        k = self.k(x).view(b, t, s["kv"], s["hd"]).transpose(1, 2)
        v = self.v(x).view(b, t, s["kv"], s["hd"]).transpose(1, 2)
        q, k = rope(q, cos, sin), rope(k, cos, sin)
        att = q @ k.unsqueeze(2).transpose(-1, -2) / s["hd"] ** 0.5
        mask = torch.ones(t, t, dtype=torch.bool).triu(1)
        att = att.masked_fill(mask, float("-inf")).softmax(-1)
        y = att @ v.unsqueeze(2)
        return self.o(y.permute(0, 3, 1, 2, 4).reshape(b, t, s["heads"] * s["hd"]))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        s = SIZES
        self.n1, self.attn, self.n2 = Norm(s["width"]), Attn(), Norm(s["width"])
        self.gate = nn.Linear(s["width"], s["ffn"], bias=False)
        self.up = nn.Linear(s["width"], s["ffn"], bias=False)
        self.down = nn.Linear(s["ffn"], s["width"], bias=False)

    def forward(self, x, cos, sin):
        x = x + self.attn(self.n1(x), cos, sin)
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Twin(nn.Module):
    def __init__(self):
        super().__init__()
        s = SIZES
        self.emb = nn.Embedding(s["vocab"], s["width"])
        self.blocks = nn.ModuleList([Block() for _ in range(s["depth"])])
        self.norm = Norm(s["width"])
        self.head = nn.Linear(s["width"], s["vocab"], bias=False)

    def forward(self, ids):
        s = SIZES
        t = ids.shape[1]
        inv = s["base"] ** (-torch.arange(0, s["hd"], 2, dtype=torch.float32) / s["hd"])
        ang = torch.arange(t, dtype=torch.float32)[:, None] * inv[None, :]
        ang = torch.cat((ang, ang), dim=-1)
        cos, sin = ang.cos(), ang.sin()
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x, cos, sin)
        return self.head(self.norm(x))
"""

TWIN_CFG = dict(
    model_type="seed_oss",
    architectures=["SeedOssForCausalLM"],
    vocab_size=100,
    hidden_size=48,
    intermediate_size=80,
    num_hidden_layers=2,
    num_attention_heads=6,
    num_key_value_heads=3,
    head_dim=16,
    rms_norm_eps=1e-6,
    attention_bias=True,
    attention_out_bias=False,
    mlp_bias=False,
    tie_word_embeddings=False,
    rope_parameters={"rope_type": "default", "rope_theta": 10000.0},
)


def _hf(cfg_path: Path):
    raw = json.loads(cfg_path.read_text())
    raw = {k: v for k, v in raw.items() if k not in ("architectures", "transformers_version")}
    cfg = transformers.AutoConfig.for_model(**raw)
    torch.manual_seed(0)
    return transformers.AutoModelForCausalLM.from_config(cfg).eval()


def _n(m) -> int:
    return sum(p.numel() for p in m.parameters())


def _copy_seed(port, hf) -> None:
    sd = hf.state_dict()
    out = {"tok.weight": sd["model.embed_tokens.weight"], "head.weight": sd["lm_head.weight"]}
    out["norm_out.weight"] = sd["model.norm.weight"]
    for i in range(len(port.layers)):
        p = f"model.layers.{i}."
        a = p + "self_attn."
        w = [sd[a + f"{n}_proj.weight"] for n in "qkv"]
        bias = [sd[a + f"{n}_proj.bias"] for n in "qkv"]
        out[f"layers.{i}.attn.fused.weight"] = torch.cat(w)
        out[f"layers.{i}.attn.fused.bias"] = torch.cat(bias)
        out[f"layers.{i}.attn.proj.weight"] = sd[a + "o_proj.weight"]
        out[f"layers.{i}.ffn.w_in.weight"] = torch.cat(
            [sd[p + "mlp.gate_proj.weight"], sd[p + "mlp.up_proj.weight"]]
        )
        out[f"layers.{i}.ffn.w_out.weight"] = sd[p + "mlp.down_proj.weight"]
        out[f"layers.{i}.norm_attn.weight"] = sd[p + "input_layernorm.weight"]
        out[f"layers.{i}.norm_ffn.weight"] = sd[p + "post_attention_layernorm.weight"]
    port.load_state_dict(out, strict=True)


def _copy_twin(port, hf) -> None:
    sd = hf.state_dict()
    out = {"emb.weight": sd["model.embed_tokens.weight"], "head.weight": sd["lm_head.weight"]}
    out["norm.weight"] = sd["model.norm.weight"]
    for i in range(len(port.blocks)):
        p, q = f"model.layers.{i}.", f"blocks.{i}."
        for n in "qkv":
            out[q + f"attn.{n}.weight"] = sd[p + f"self_attn.{n}_proj.weight"]
            out[q + f"attn.{n}.bias"] = sd[p + f"self_attn.{n}_proj.bias"]
        out[q + "attn.o.weight"] = sd[p + "self_attn.o_proj.weight"]
        for mine, theirs in (("gate", "gate_proj"), ("up", "up_proj"), ("down", "down_proj")):
            out[q + f"{mine}.weight"] = sd[p + f"mlp.{theirs}.weight"]
        out[q + "n1.weight"] = sd[p + "input_layernorm.weight"]
        out[q + "n2.weight"] = sd[p + "post_attention_layernorm.weight"]
    port.load_state_dict(out, strict=True)


def _same_logits(port, hf, vocab: int) -> None:
    ids = torch.randint(0, vocab, (2, 7), generator=torch.Generator().manual_seed(1))
    with torch.no_grad():
        want = hf(ids).logits
        got = port.eval()(ids)
    assert torch.allclose(got, want, atol=1e-4), (got - want).abs().max()


def _twin(tmp_path: Path, heads: int) -> tuple[Path, Path]:
    code = tmp_path / f"twin_{heads}.py"
    code.write_text(TWIN.replace("HEADS", str(heads)))
    cdir = tmp_path / "cfg"
    if not (cdir / "config.json").exists():
        transformers.AutoConfig.for_model(**TWIN_CFG).save_pretrained(cdir)
    return code, cdir / "config.json"


def test_seed_port_is_the_hf_model_with_four_heads_and_no_finding():
    hf = _hf(SEED_CFG)
    assert hf.config.num_attention_heads == 4 and hf.config.num_key_value_heads == 2
    port = runpy.run_path(str(SEED))["SeedDecoder"]()
    assert _n(port) == _n(hf)
    _copy_seed(port, hf)
    _same_logits(port, hf, hf.config.vocab_size)
    assert findings(SEED, SEED_CFG) == []


def test_twin_is_the_hf_model_and_has_no_finding(tmp_path):
    code, cfg = _twin(tmp_path, 6)
    hf = _hf(cfg)
    port = runpy.run_path(str(code))["Twin"]()
    assert _n(port) == _n(hf)
    _copy_twin(port, hf)
    _same_logits(port, hf, hf.config.vocab_size)
    assert findings(code, cfg) == []


def test_twin_with_more_query_heads_is_found_with_both_values(tmp_path):
    code, cfg = _twin(tmp_path, 12)  # 3 key/value heads of 4 query heads each
    port = runpy.run_path(str(code))["Twin"]()
    ids = torch.randint(0, 100, (1, 5))
    with torch.no_grad():
        assert port(ids).shape == (1, 5, 100)
    # torch: the query projection is 12 heads of 16 wide
    assert port.blocks[0].attn.q.out_features == 12 * 16
    hits = findings(code, cfg)
    good = [
        h
        for h in hits
        if isinstance(h["values"], dict)
        and holds(h["values"].get("left"), 12)
        and holds(h["values"].get("right"), 6)
    ]
    assert good, hits


def test_fused_kv_stack_taken_apart_still_reads_its_heads(tmp_path):
    """The k|v stack reading stands where the stack is taken apart (``unbind``): the port
    with a fused ``kv`` projection viewed ``(2, kv, hd)``; torch says the keys have 3 heads."""
    src = (
        TWIN.replace("HEADS", "6")
        .replace(
            'self.k = nn.Linear(s["width"], s["kv"] * s["hd"], bias=True)\n'
            '        self.v = nn.Linear(s["width"], s["kv"] * s["hd"], bias=True)',
            'self.kv = nn.Linear(s["width"], 2 * s["kv"] * s["hd"], bias=True)',
        )
        .replace(
            'k = self.k(x).view(b, t, s["kv"], s["hd"]).transpose(1, 2)\n'
            '        v = self.v(x).view(b, t, s["kv"], s["hd"]).transpose(1, 2)',
            'k, v = self.kv(x).view(b, t, 2, s["kv"], s["hd"]).unbind(2)\n'
            "        k, v = k.transpose(1, 2), v.transpose(1, 2)",
        )
    )
    assert "self.kv(x)" in src
    code = tmp_path / "twin_kv.py"
    code.write_text(src)
    _, cfg = _twin(tmp_path, 6)
    hf = _hf(cfg)
    port = runpy.run_path(str(code))["Twin"]()
    assert _n(port) == _n(hf)
    # the twin's weights from the HF model, k and v stacked into the fused projection
    _copy_twin_fused(port, hf)
    _same_logits(port, hf, hf.config.vocab_size)
    assert findings(code, cfg) == []


def _copy_twin_fused(port, hf) -> None:
    sd = hf.state_dict()
    out = {"emb.weight": sd["model.embed_tokens.weight"], "head.weight": sd["lm_head.weight"]}
    out["norm.weight"] = sd["model.norm.weight"]
    for i in range(len(port.blocks)):
        p, q = f"model.layers.{i}.self_attn.", f"blocks.{i}."
        out[q + "attn.q.weight"] = sd[p + "q_proj.weight"]
        out[q + "attn.q.bias"] = sd[p + "q_proj.bias"]
        out[q + "attn.kv.weight"] = torch.cat([sd[p + "k_proj.weight"], sd[p + "v_proj.weight"]])
        out[q + "attn.kv.bias"] = torch.cat([sd[p + "k_proj.bias"], sd[p + "v_proj.bias"]])
        out[q + "attn.o.weight"] = sd[p + "o_proj.weight"]
        m = f"model.layers.{i}."
        for mine, theirs in (("gate", "gate_proj"), ("up", "up_proj"), ("down", "down_proj")):
            out[q + f"{mine}.weight"] = sd[m + f"mlp.{theirs}.weight"]
        out[q + "n1.weight"] = sd[m + "input_layernorm.weight"]
        out[q + "n2.weight"] = sd[m + "post_attention_layernorm.weight"]
    port.load_state_dict(out, strict=True)


# ---- the dev misses: ImageGPT's palette beside a longer context, Mamba's ``expand`` ----

FRESH34 = ROOT / "benchmarks/reimpl/fresh34"
IGPT = FRESH34 / "cases/imagegpt_variant_string.py"
MAMBA_CFG = FRESH34 / "configs/mamba_csv_rows/config.json"


def _igpt_config(tmp_path: Path, **over) -> Path:
    raw = json.loads((FRESH34 / "configs/imagegpt_variant_string/config.json").read_text())
    raw.update(over)
    d = tmp_path / "_".join(f"{k}{v}" for k, v in over.items())
    d.mkdir()
    (d / "config.json").write_text(json.dumps(raw))
    return d / "config.json"


def _igpt(cfg_path: Path):
    raw = json.loads(cfg_path.read_text())
    raw = {k: v for k, v in raw.items() if k not in ("architectures", "transformers_version")}
    cfg = transformers.AutoConfig.for_model(**raw)
    return transformers.ImageGPTForCausalImageModeling(cfg).eval()


def _hits(code: Path, cfg: Path, left, right) -> tuple[list, list]:
    hits = findings(code, cfg)
    good = [
        h
        for h in hits
        if isinstance(h["values"], dict)
        and holds(h["values"].get("left"), left)
        and holds(h["values"].get("right"), right)
    ]
    return hits, good


def test_imagegpt_longer_context_is_no_vocabulary(tmp_path):
    """A context of 100 positions beside a palette of 65: torch's ImageGPT looks the ids up
    in the 65-row table (``wte``), the 100-row one is the positions. One finding, the
    context's; no ``vocab`` finding from the larger table (was: 65 vs 100, major)."""
    cfg = _igpt_config(tmp_path, n_positions=100)
    hf = _igpt(cfg)
    assert hf.transformer.wte.num_embeddings == 65
    assert hf.transformer.wpe.num_embeddings == 100
    port = runpy.run_path(str(IGPT))["ImageGPT"]()
    assert port.wte.num_embeddings == 65 and port.wpe.num_embeddings == 64
    hits, good = _hits(IGPT, cfg, 64, 100)
    assert len(hits) == 1 and good, hits


def test_imagegpt_palette_change_is_found(tmp_path):
    """A palette of 129 in the config: torch's token table has 129 rows, the port's 65. The
    port's table plus its 64-wide head hold as many weights as the bare model's 129-row table
    (65 * 64 + 64 * 64 == 129 * 64): no reason to call them one table (was: no finding)."""
    cfg = _igpt_config(tmp_path, vocab_size=129)
    hf = _igpt(cfg)
    assert hf.transformer.wte.num_embeddings == 129
    assert hf.lm_head.out_features == 128
    port = runpy.run_path(str(IGPT))["ImageGPT"]()
    assert port.wte.num_embeddings * 64 + port.head.weight.numel() == 129 * 64
    assert _n(port) != _n(hf)
    hits, good = _hits(IGPT, cfg, 65, 129)
    assert good, hits


TABLES = """\
import torch
import torch.nn as nn


class CharLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.chars = nn.Embedding(40, 32)
        self.wpe = nn.Embedding(256, 32)
        self.out = nn.Linear(32, 40)

    def forward(self, ids):
        t = ids.shape[-1]
        flat = ids.view(-1, t)
        x = self.chars(flat) + self.wpe(torch.arange(t))
        return self.out(x)
"""


def test_code_vocabulary_is_the_table_the_ids_index(tmp_path, capsys):
    """Our own: a character model whose position table (256 rows) outnumbers its characters
    (40), the ids reshaped before the lookup. torch: ids up to 39 run, 40 does not; the graph's
    ``vocabSize`` fact is 40 (was 256, the larger table)."""
    from driftcheck.cli import main

    path = tmp_path / "charlm.py"
    path.write_text(TABLES)
    m = runpy.run_path(str(path))["CharLM"]()
    assert m(torch.tensor([[0, 39, 5]])).shape == (1, 3, 40)
    with pytest.raises(IndexError):
        m(torch.tensor([[40]]))
    capsys.readouterr()
    assert main(["graph", str(path), "--format", "json"]) == 0
    g = json.loads(capsys.readouterr().out)
    assert g["facts"]["vocabSize"]["value"] == 40


def test_mamba_expand_told_as_the_config_states_it(tmp_path):
    """fresh34's ``mamba_csv_rows__expand`` plant (the code's ``expand`` 3, the config's 2):
    torch's Mamba builds ``intermediate_size = expand * hidden_size``; the plant has the
    parameter count of HF's model with ``expand=3``, not of the config's. One finding holding
    3 and 2 (was: ``intermediateSize`` 192 vs 128 only)."""
    code = FRESH34 / "planted/mamba_csv_rows__expand.py"
    raw = json.loads(MAMBA_CFG.read_text())
    assert raw["intermediate_size"] == raw["expand"] * raw["hidden_size"] == 128
    port = runpy.run_path(str(code))["MambaLM"]()
    three = dict(raw, expand=3, intermediate_size=None)
    three = {k: v for k, v in three.items() if v is not None}
    p3 = tmp_path / "three"
    p3.mkdir()
    (p3 / "config.json").write_text(json.dumps(three))
    hf3 = _hf(p3 / "config.json")
    assert hf3.config.intermediate_size == 192
    assert _n(port) == _n(hf3) != _n(_hf(MAMBA_CFG))
    hits, good = _hits(code, MAMBA_CFG, 3, 2)
    assert len(hits) == 1 and good, hits
    clean = runpy.run_path(str(FRESH34 / "cases/mamba_csv_rows.py"))["MambaLM"]()
    assert _n(clean) == _n(_hf(MAMBA_CFG))
    assert findings(FRESH34 / "cases/mamba_csv_rows.py", MAMBA_CFG) == []


@pytest.mark.parametrize("where", ["code", "config"])
def test_mamba_state_size_is_one_finding(tmp_path, where):
    """A state size of 16 against 8 (fresh34's ``__stateSize`` plant, and the config changed
    instead): torch's Mamba with ``state_size=16`` has the plant's parameter count and a
    ``[128, 16]`` ``A_log``. One finding (``model.ssmStateSize``) holding both values, the
    ``x_proj`` width and the forward's ``split`` cuts under it (was: a shape finding and two
    ``narrow`` findings)."""
    raw = json.loads(MAMBA_CFG.read_text())
    p16 = tmp_path / "s16"
    p16.mkdir()
    (p16 / "config.json").write_text(json.dumps(dict(raw, state_size=16)))
    hf16 = _hf(p16 / "config.json")
    assert tuple(hf16.backbone.layers[0].mixer.A_log.shape) == (128, 16)
    if where == "code":
        code, cfg, left, right = FRESH34 / "planted/mamba_csv_rows__stateSize.py", MAMBA_CFG, 16, 8
        port = runpy.run_path(str(code))["MambaLM"]()
        assert _n(port) == _n(hf16) != _n(_hf(MAMBA_CFG))
    else:
        code, cfg, left, right = FRESH34 / "cases/mamba_csv_rows.py", p16 / "config.json", 8, 16
        port = runpy.run_path(str(code))["MambaLM"]()
        assert _n(port) == _n(_hf(MAMBA_CFG)) != _n(hf16)
    assert tuple(port.layers[0].mixer.A_log.shape) == (128, left)
    hits, good = _hits(code, cfg, left, right)
    assert len(hits) == 1 and good, hits
