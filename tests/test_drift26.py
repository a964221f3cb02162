"""Drift between re-implementations and their configs (session 26, issue #17).

``html.parser.HTMLParser`` subclasses fed known text (library/htmlparse.py): the markup is
tokenised by CPython's own ``HTMLParser`` and each handler call is dispatched through the
interpreter to the subclass's overrides. Shown on code written here (not the corpus's): torch
builds the code and transformers' model for the same config and counts both; the comparison
says nothing on the clean pair and one finding holding both values where one size differs; a
subclass that changes the tokeniser, or a text not known, leaves the sizes unknown (no finding,
never a guess).
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
        return runpy.run_path(str(code), run_name="__d26__")[cls]()


def _hf(cfg, auto: str):
    with torch.device("meta"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return getattr(transformers, auto)(cfg)


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


# ------------------------------------------------------------------ a tiny Llama, sizes from S
LLAMA_CFG = dict(
    vocab_size=64, hidden_size=32, intermediate_size=48, num_hidden_layers=2,
    num_attention_heads=4, num_key_value_heads=2, tie_word_embeddings=False,
    architectures=["LlamaForCausalLM"],
)  # fmt: skip
SIZES = dict(vocab=64, width=32, ffn=48, layers=2, heads=4, kv_heads=2)

LLAMA_BODY = """

class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, hd = S["width"], S["width"] // S["heads"]
        self.input_layernorm = Norm(d)
        self.q_proj = nn.Linear(d, S["heads"] * hd, bias=False)
        self.k_proj = nn.Linear(d, S["kv_heads"] * hd, bias=False)
        self.v_proj = nn.Linear(d, S["kv_heads"] * hd, bias=False)
        self.o_proj = nn.Linear(S["heads"] * hd, d, bias=False)
        self.post_attention_layernorm = Norm(d)
        self.gate_proj = nn.Linear(d, S["ffn"], bias=False)
        self.up_proj = nn.Linear(d, S["ffn"], bias=False)
        self.down_proj = nn.Linear(S["ffn"], d, bias=False)

    def forward(self, x):
        b, t, d = x.shape
        hd = d // S["heads"]
        h = self.input_layernorm(x)
        q = self.q_proj(h).view(b, t, -1, hd).transpose(1, 2)
        k = self.k_proj(h).view(b, t, -1, hd).transpose(1, 2)
        v = self.v_proj(h).view(b, t, -1, hd).transpose(1, 2)
        rep = S["heads"] // S["kv_heads"]
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o_proj(a.transpose(1, 2).reshape(b, t, d))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(S["vocab"], S["width"])
        self.layers = nn.ModuleList(Block() for _ in range(S["layers"]))
        self.norm = Norm(S["width"])
        self.lm_head = nn.Linear(S["width"], S["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""

HEAD = "import ast\nfrom html.parser import HTMLParser\n\nimport torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n"

# a table's cells collected by handle_starttag / handle_data / handle_endtag; the card is fed
# in two pieces cut inside a tag (CPython buffers the unfinished tag until the next feed)
CELLS = """
class Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.cells = []
        self._in_td = False

    def handle_starttag(self, tag, attrs):
        self._in_td = tag == "td" and ("class", "v") in attrs or tag == "th"
{extra}
    def handle_endtag(self, tag):
        self._in_td = False

    def handle_data(self, data):
        if self._in_td:
            self.cells.append(data.strip())


P = Cells()
P.feed(CARD[:{cut}])
P.feed(CARD[{cut}:])
P.close()
S = {{k: ast.literal_eval(v) for k, v in zip(P.cells[::2], P.cells[1::2])}}
"""


def _card(sizes: dict) -> str:
    rows = "".join(
        f'<tr><th>{k}</th><td class="v">{v}</td><td class="note">{v * 3}</td></tr>\n'
        for k, v in sizes.items()
    )
    return f'<!DOCTYPE html>\n<!-- sizes -->\n<table class="sizes"><br/>\n{rows}</table>\n'


def _html_source(sizes: dict, extra: str = "", card: str | None = None) -> str:
    card = card if card is not None else repr(_card(sizes))
    return (
        HEAD
        + f"CARD = {card}\n"
        + CELLS.format(extra=extra, cut=len(_card(sizes)) // 2 + 3)
        + LLAMA_BODY
    )


def test_sizes_read_by_an_html_parser_subclass(tmp_path):
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", _html_source(SIZES))
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", _html_source({**SIZES, "ffn": 40}))
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "LlamaForCausalLM"))
    _one(_run(planted, cfg_path), 40, 48)


def test_html_parser_events_match_cpython(tmp_path):
    """The cells the interpreter collects are CPython's, across feeds cut anywhere, with a
    self-closing tag (the base's handle_startendtag calls the subclass's handlers)."""
    from driftcheck.parsers.source.library.machine import Interp
    from driftcheck.parsers.source.loader import Finder, parse_file

    card = _card(SIZES)
    for cut in (1, 17, len(card) // 2 + 3, len(card) - 2):
        src = (
            HEAD
            + f"CARD = {card!r}\n"
            + CELLS.replace("{cut}", str(cut))
            .replace("{extra}", "")
            .replace("{{", "{")
            .replace("}}", "}")
            + "\nEVENTS = P.cells\n"
        )
        f = tmp_path / f"m{cut}.py"
        f.write_text(src)
        want = runpy.run_path(str(f))["EVENTS"]
        ip = Interp(Finder([tmp_path]))
        mod = parse_file(f, f"m{cut}")
        ip.names.add_module(mod)
        assert ip.names.global_lookup(mod, "EVENTS") == want, cut


@pytest.mark.parametrize(
    "extra, card",
    [
        # a class that changes the tokeniser: <td> is CDATA content, cells are other text
        ('    CDATA_CONTENT_ELEMENTS = ("script", "style", "td")\n', None),
        # a handler that switches the tokeniser's mode mid-text
        (
            "    def handle_comment(self, data):\n        self.set_cdata_mode('table')\n",
            None,
        ),
        # a text not known statically
        ("", "__import__('os').environ.get('CARD', '')"),
    ],
    ids=["cdata_override", "mode_switch", "unknown_text"],
)
def test_html_parser_not_followed_is_unknown(tmp_path, extra, card):
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    code = _write(tmp_path, "tiny.py", _html_source(SIZES, extra, card))
    assert _run(code, cfg_path) == []  # sizes unknown: no finding, never a guess


# ------------------------------------------------------------------ position tables as Parameters
# A tiny Whisper whose position tables are plain ``nn.Parameter`` tensors of the top module
# (torch lists them before every sub-module), written here: three tables of one type each side
WHISPER_CFG = dict(
    vocab_size=96, d_model=32, encoder_layers=2, decoder_layers=2, encoder_attention_heads=4,
    decoder_attention_heads=4, encoder_ffn_dim=64, decoder_ffn_dim=64, num_mel_bins=16,
    max_source_positions=16, max_target_positions=32, architectures=["WhisperModel"],
    pad_token_id=0, bos_token_id=1, eos_token_id=2, decoder_start_token_id=1,
)  # fmt: skip
W_SIZES = dict(mels=16, vocab=96, width=32, heads=4, ffn=64, src=16, tgt=32, layers=2)

WHISPER_SRC = """
import torch
import torch.nn.functional as F
from torch import nn

W = {sizes!r}


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        d = W["width"]
        self.wq, self.wk = nn.Linear(d, d), nn.Linear(d, d, bias=False)
        self.wv, self.wo = nn.Linear(d, d), nn.Linear(d, d)

    def forward(self, x, src):
        b, n, d = x.shape
        split = lambda t: t.view(b, -1, W["heads"], d // W["heads"]).transpose(1, 2)
        q, k, v = split(self.wq(x)), split(self.wk(src)), split(self.wv(src))
        a = F.scaled_dot_product_attention(q, k, v)
        return self.wo(a.transpose(1, 2).reshape(b, n, d))


class Residual(nn.Module):
    def __init__(self, cross):
        super().__init__()
        d = W["width"]
        self.norm1, self.att = nn.LayerNorm(d), Attention()
        if cross:
            self.norm2, self.xatt = nn.LayerNorm(d), Attention()
        self.cross = cross
        self.norm3 = nn.LayerNorm(d)
        self.up, self.down = nn.Linear(d, W["ffn"]), nn.Linear(W["ffn"], d)

    def forward(self, x, mem=None):
        h = self.norm1(x)
        x = x + self.att(h, h)
        if self.cross:
            x = x + self.xatt(self.norm2(x), mem)
        return x + self.down(F.gelu(self.up(self.norm3(x))))


class TinyWhisper(nn.Module):
    def __init__(self):
        super().__init__()
        d = W["width"]
        self.src_pos = nn.Parameter(torch.zeros(W["src"], d))
        self.tgt_pos = nn.Parameter(torch.zeros(W["tgt"], d))
        self.stem1 = nn.Conv1d(W["mels"], d, 3, padding=1)
        self.stem2 = nn.Conv1d(d, d, 3, stride=2, padding=1)
        self.encoder = nn.ModuleList(Residual(False) for _ in range(W["layers"]))
        self.enc_norm = nn.LayerNorm(d)
        self.embed = nn.Embedding(W["vocab"], d)
        self.decoder = nn.ModuleList(Residual(True) for _ in range(W["layers"]))
        self.dec_norm = nn.LayerNorm(d)

    def forward(self, mel, ids):
        x = F.gelu(self.stem2(F.gelu(self.stem1(mel)))).transpose(1, 2)
        x = x + self.src_pos[: x.shape[1]]
        for blk in self.encoder:
            x = blk(x)
        mem = self.enc_norm(x)
        y = self.embed(ids) + self.tgt_pos[: ids.shape[1]]
        for blk in self.decoder:
            y = blk(y, mem)
        return self.dec_norm(y)
"""


@pytest.mark.parametrize(
    "change, code_value, config_value",
    [({"tgt": 64}, 64, 32), ({"src": 32}, 32, 16)],
    ids=["target_positions", "source_positions"],
)
def test_position_tables_pair_by_their_values_not_their_order(
    tmp_path, change, code_value, config_value
):
    cfg, cfg_path = _config(tmp_path, "cfg", "WhisperConfig", **WHISPER_CFG)
    code = _write(tmp_path, "tiny.py", WHISPER_SRC.format(sizes=W_SIZES))
    assert _count(_mine(code, "TinyWhisper")) == _count(_hf(cfg, "WhisperModel"))
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", WHISPER_SRC.format(sizes={**W_SIZES, **change}))
    got = _count(_mine(planted, "TinyWhisper"))
    assert got - _count(_hf(cfg, "WhisperModel")) == (code_value - config_value) * 32
    _one(_run(planted, cfg_path), code_value, config_value)


def test_position_table_and_vocabulary_two_plants_two_findings(tmp_path):
    cfg, cfg_path = _config(tmp_path, "cfg", "WhisperConfig", **WHISPER_CFG)
    planted = _write(
        tmp_path, "planted.py", WHISPER_SRC.format(sizes={**W_SIZES, "src": 32, "vocab": 64})
    )
    got = _count(_mine(planted, "TinyWhisper"))
    assert got - _count(_hf(cfg, "WhisperModel")) == (32 - 16 + 64 - 96) * 32
    found = _run(planted, cfg_path)
    assert len(found) == 2, [f.message for f in found]
    pairs = {(f.values["left"], f.values["right"]) for f in found}
    assert pairs == {(32, 16), (64, 96)}, [f.message for f in found]


# ------------------------------------------------------------------ a T5 stack, bias in layer 0
# T5's relative-attention table lives in the first layer's attention only: each side's stack is
# one first layer and n - 1 copies. A row pairing a q/k/v/o projection with an op of another
# type once made the regrouping above raise (KeyError): the stack is a row of mixed types.
T5_CFG = dict(
    vocab_size=96, d_model=32, d_kv=8, d_ff=64, num_layers=2, num_heads=4,
    relative_attention_num_buckets=32, feed_forward_proj="relu",
    architectures=["T5EncoderModel"], tie_word_embeddings=False,
)  # fmt: skip
T5_SRC = (
    "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n"
    + """
D, FF, H, KV, L, V, NB = 32, 64, 4, 8, {layers}, 96, 32


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Attn(nn.Module):
    def __init__(self, bias):
        super().__init__()
        self.q, self.k = nn.Linear(D, H * KV, bias=False), nn.Linear(D, H * KV, bias=False)
        self.v, self.o = nn.Linear(D, H * KV, bias=False), nn.Linear(H * KV, D, bias=False)
        self.rel = nn.Embedding(NB, H) if bias else None

    def forward(self, x, pos):
        b, t, _ = x.shape
        sp = lambda z: z.view(b, t, H, KV).transpose(1, 2)
        s = sp(self.q(x)) @ sp(self.k(x)).transpose(-1, -2)
        if self.rel is not None:
            pos = self.rel(torch.zeros(t, t, dtype=torch.long)).permute(2, 0, 1)[None]
        a = (s + pos).softmax(-1) @ sp(self.v(x))
        return self.o(a.transpose(1, 2).reshape(b, t, H * KV)), pos


class Block(nn.Module):
    def __init__(self, first):
        super().__init__()
        self.ln1, self.att, self.ln2 = Norm(), Attn(first), Norm()
        self.wi, self.wo = nn.Linear(D, FF, bias=False), nn.Linear(FF, D, bias=False)

    def forward(self, x, pos):
        a, pos = self.att(self.ln1(x), pos)
        x = x + a
        return x + self.wo(F.relu(self.wi(self.ln2(x)))), pos


class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(V, D)
        self.blocks = nn.ModuleList(Block(i == 0) for i in range(L))
        self.norm = Norm()

    def forward(self, ids):
        x, pos = self.embed(ids), None
        for blk in self.blocks:
            x, pos = blk(x, pos)
        return self.norm(x)
"""
)


def test_first_layer_different_stack_is_one_layer_count(tmp_path):
    cfg, cfg_path = _config(tmp_path, "cfg", "T5Config", **T5_CFG)
    code = _write(tmp_path, "tiny.py", T5_SRC.format(layers=2))
    assert _count(_mine(code, "Enc")) == _count(_hf(cfg, "T5EncoderModel"))
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", T5_SRC.format(layers=3))
    assert _count(_mine(planted, "Enc")) != _count(_hf(cfg, "T5EncoderModel"))
    f = _one(_run(planted, cfg_path), 3, 2)
    assert f.kind == "layer-count", f.message


# ------------------------------------------------------------------ per-stage MLP ratios (PvT)
PVT_CFG = dict(
    num_channels=3, num_encoder_blocks=2, depths=[1, 1], sequence_reduction_ratios=[2, 1],
    hidden_sizes=[16, 32], patch_sizes=[4, 2], strides=[4, 2], num_attention_heads=[1, 2],
    mlp_ratios=[2, 2], image_size=32,
)  # fmt: skip
PVT_SRC = """
from transformers import PvtConfig, PvtModel

SIZES = {sizes!r}


class Tiny(PvtModel):
    def __init__(self):
        super().__init__(PvtConfig(**SIZES))
"""


def _pvt(tmp_path, **change):
    cfg, cfg_path = _config(tmp_path, "cfg", "PvtConfig", **PVT_CFG, architectures=["PvtModel"])
    code = _write(tmp_path, "tiny.py", PVT_SRC.format(sizes={**PVT_CFG, **change}))
    return cfg, cfg_path, code


@pytest.mark.parametrize("ratios", [[4, 2], [2, 4]], ids=["first_stage", "last_stage"])
def test_per_stage_mlp_ratios_are_one_finding_holding_both_lists(tmp_path, ratios):
    cfg, cfg_path, clean = _pvt(tmp_path)
    assert _count(_mine(clean, "Tiny")) == _count(_hf(cfg, "PvtModel"))
    assert _run(clean, cfg_path) == []
    _, _, planted = _pvt(tmp_path, mlp_ratios=ratios)
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "PvtModel"))
    f = _one(_run(planted, cfg_path), ratios, [2, 2])
    assert f.values["left"] == ratios and f.values["right"] == [2, 2], f.message


def test_per_stage_mlp_ratios_and_depths_two_plants_two_findings(tmp_path):
    cfg, cfg_path, planted = _pvt(tmp_path, mlp_ratios=[4, 2], depths=[1, 2])
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "PvtModel"))
    found = _run(planted, cfg_path)
    assert len(found) == 2, [f.message for f in found]
    got = {(str(f.values["left"]), str(f.values["right"])) for f in found}
    assert got == {("[4, 2]", "[2, 2]"), ("[1, 2]", "[1, 1]")}, [f.message for f in found]


def test_one_ratio_for_every_stage_stays_one_width_finding(tmp_path):
    """Both stages changed alike: no per-stage list is needed; the one finding stays the MLP
    width's (as before the per-stage rule)."""
    cfg, cfg_path, planted = _pvt(tmp_path, mlp_ratios=[4, 4])
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "PvtModel"))
    found = _run(planted, cfg_path)
    assert len(found) == 1, [f.message for f in found]
    assert "stageMlpRatios" not in found[0].message, found[0].message
