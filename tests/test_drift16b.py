"""Drift between re-implementations and their configs (session 16, issue #17): which stack is
the model's layers, half-layers and zipped sublayer lists, sizes that follow a kernel. Each
equivalence is proven in torch first (the same parameter count as transformers' model of
the config, the same output where weights map one to one) on code written here; then the
comparison says nothing on the clean pair and one finding holding both values on a planted
one. Corpus files used are development cases of ``benchmarks/reimpl/fresh6`` and ``fresh5``
(none held out: sha256(name) % 5 != 0, checked below).
"""

from __future__ import annotations

import hashlib
import json
import textwrap
from pathlib import Path

import pytest

from driftcheck.drift import drift, load_sides
from driftcheck.parsers.source import parse_source
from driftcheck.speed import Speed
from tests.conftest import ROOT

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from benchmarks.reimpl.make import code_params, hf_params, load_module, top_class  # noqa: E402

FRESH = ROOT / "benchmarks" / "reimpl"
CASES = (
    ("fresh6", "unispeech_pydantic"),
    ("fresh5", "bert_generation_match"),
    ("fresh5", "rembert_fraction_sizes"),
    ("fresh6", "videomae_userdict"),
    ("fresh5", "data2vec_audio_post_init"),
    ("fresh6", "gemma3_letter_schedule"),
)


def _run(code, cfg) -> list:
    fs = drift(load_sides(str(code), str(cfg)), str(code), str(cfg))
    return [f for f in fs if f.severity.rank >= 1]


def _holds(value, want) -> bool:
    if isinstance(value, (list, tuple)):
        return any(_holds(v, want) for v in value)
    return value == want


def _plant(corpus: str, name: str) -> tuple:
    m = json.loads((FRESH / corpus / "manifest.json").read_text())
    p = next(p for p in m["planted"] if p["name"] == name)
    return FRESH / corpus / p["code"], FRESH / corpus / p["config"], p


def _one_holding(corpus: str, plant: str) -> None:
    code, cfg, p = _plant(corpus, plant)
    found = _run(code, cfg)
    assert len(found) == 1, [f.message for f in found]
    values = found[0].values
    assert _holds(values["left"], p["right"]) and _holds(values["right"], p["left"]), values


def _clean(corpus: str, name: str) -> None:
    code = FRESH / corpus / "cases" / f"{name}.py"
    cfg = FRESH / corpus / "configs" / name / "config.json"
    assert code_params(code) == hf_params(cfg)
    assert _run(code, cfg) == []


def _write(tmp: Path, name: str, src: str) -> Path:
    p = tmp / name
    p.write_text(textwrap.dedent(src))
    return p


def _config(tmp: Path, cls: str, **kw) -> Path:
    cfg = getattr(transformers, cls)(**kw)
    d = tmp / f"cfg_{cls}"
    cfg.save_pretrained(d)
    return d / "config.json"


def _meta_params(model) -> int:
    return sum(p.numel() for p in model.parameters())


def _own(path: Path, **kw):
    with torch.device("meta"):
        return top_class(load_module(path))(**kw)


def test_cases_are_development_cases():
    for _, name in CASES:
        assert int(hashlib.sha256(name.encode()).hexdigest(), 16) % 5 != 0, name


# ------------------------------------------------------- the stack a layer-count key built
AUDIO = """
    import torch
    from torch import nn


    class ConvLayer(nn.Module):
        def __init__(self, config, i):
            super().__init__()
            self.conv = nn.Conv1d(1 if i == 0 else 8, 8, 3, 2)

        def forward(self, x):
            return torch.relu(self.conv(x))


    class Layer(nn.Module):
        def __init__(self, config):
            super().__init__()
            self.fc = nn.Linear(config.hidden_size, config.hidden_size)

        def forward(self, x):
            return x + self.fc(x)


    class Audio(nn.Module):
        def __init__(self, config):
            super().__init__()
            self.convs = nn.ModuleList(
                ConvLayer(config, i) for i in range(config.num_feat_extract_layers)
            )
            self.proj = nn.Linear(8, config.hidden_size)
            self.layers = nn.ModuleList(Layer(config) for _ in range(config.num_hidden_layers))

        def forward(self, x):
            for c in self.convs:
                x = c(x)
            x = self.proj(x.transpose(1, 2))
            for layer in self.layers:
                x = layer(x)
            return x
    """


def test_layer_count_is_the_stack_the_layer_key_built(tmp_path):
    # three conv blocks beside two transformer layers: the config's layer count is the two
    from types import SimpleNamespace

    path = _write(tmp_path, "audio.py", AUDIO)
    cfg = {"num_feat_extract_layers": 3, "num_hidden_layers": 2, "hidden_size": 16}
    m = _own(path, config=SimpleNamespace(**cfg))
    assert len(m.layers) == cfg["num_hidden_layers"] and len(m.convs) == 3
    g = parse_source(path, config=cfg)
    assert g.facts["numLayers"].value == 2
    assert g.facts["numLayers"].loc.key == "num_hidden_layers"
    assert g.params_total() == _meta_params(m)
    # nothing names the layers: the longest stack stays the layer count, as before
    plain = {"num_feat_extract_layers": 3, "num_hidden_layers": 3, "hidden_size": 16}
    assert parse_source(path, config=plain).facts["numLayers"].value == 3


def test_a_stack_named_layers_beside_a_longer_unnamed_one(tmp_path):
    # code of the user's own, sizes as constants: 5 positional conv blocks and 2 layers
    src = AUDIO.replace("range(config.num_feat_extract_layers)", "range(5)").replace(
        "range(config.num_hidden_layers)", "range(2)"
    )
    path = _write(tmp_path, "audio_const.py", src.replace("self.convs", "self.pos_convs"))
    from types import SimpleNamespace

    m = _own(path, config=SimpleNamespace(hidden_size=16))
    assert len(m.layers) == 2 and len(m.pos_convs) == 5
    g = parse_source(path, config={"hidden_size": 16})
    assert g.facts["numLayers"].value == 2
    assert g.params_total() == _meta_params(m)
    _clean("fresh5", "data2vec_audio_post_init")
    _one_holding("fresh5", "data2vec_audio_post_init__numLayers")


def test_unispeech_layers_beside_conv_layers():
    # transformers' UniSpeech: 3 feature-conv blocks and 2 encoder layers; the config's 2
    cfg = FRESH / "fresh6" / "configs" / "unispeech_pydantic" / "config.json"
    hf = transformers.AutoConfig.from_pretrained(cfg.parent)
    with torch.device("meta"):
        m = transformers.UniSpeechModel(hf)
    assert len(m.encoder.layers) == hf.num_hidden_layers == 2
    assert len(m.feature_extractor.conv_layers) == 3
    _clean("fresh6", "unispeech_pydantic")
    _one_holding("fresh6", "unispeech_pydantic__numConvPosEmbeddingGroups")
    _one_holding("fresh6", "unispeech_pydantic__intermediateSize")
    _one_holding("fresh6", "unispeech_pydantic__numConvPosEmbeddings")


# ------------------------------------------------------------------------ half-layers
HALVES = """
    import torch
    from torch import nn

    D, H, F, N = 32, 4, 48, {n}


    class Attn(nn.Module):
        def __init__(self):
            super().__init__()
            self.q, self.k, self.v, self.o = (nn.Linear(D, D) for _ in range(4))
            self.norm = nn.LayerNorm(D)

        def forward(self, x):
            b, t, _ = x.shape
            q, k, v = (p(x).view(b, t, H, -1).transpose(1, 2) for p in (self.q, self.k, self.v))
            a = torch.softmax(q @ k.transpose(-1, -2) / (D // H) ** 0.5, -1) @ v
            return self.norm(x + self.o(a.transpose(1, 2).reshape(b, t, D)))


    class FFN(nn.Module):
        def __init__(self):
            super().__init__()
            self.up, self.down = nn.Linear(D, F), nn.Linear(F, D)
            self.norm = nn.LayerNorm(D)

        def forward(self, x):
            return self.norm(x + self.down(torch.nn.functional.gelu(self.up(x))))


    class Mixer(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(D, D)

        def forward(self, x):
            return x + self.fc(x)


    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.words = nn.Embedding(100, D)
            self.stack = nn.Sequential(*[m() for _ in range(N) for m in {kinds}])

        def forward(self, ids):
            return self.stack(self.words(ids))
    """


def test_half_layers_in_a_period_count_one_layer_per_period(tmp_path):
    # BertGeneration's layer is attention + feed-forward: [Attn, FFN] * 2 has its parameters
    path = _write(tmp_path, "halves.py", HALVES.format(n=2, kinds="(Attn, FFN)"))
    m = _own(path)
    hf = transformers.BertGenerationConfig(
        vocab_size=100,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=48,
        max_position_embeddings=8,
    )
    with torch.device("meta"):
        ref = transformers.BertGenerationEncoder(hf)
    table = 8 * 32 + 2 * 32  # transformers' position table and embedding LayerNorm
    assert _meta_params(m) == _meta_params(ref) - table
    assert parse_source(path, entry="Encoder").facts["numLayers"].value == 2
    # a hybrid period repeats a class (two mixers per attention): each item is a layer
    hybrid = _write(tmp_path, "hybrid.py", HALVES.format(n=2, kinds="(Mixer, Mixer, Attn)"))
    assert len(_own(hybrid).stack) == 6
    assert parse_source(hybrid, entry="Encoder").facts["numLayers"].value == 6


def test_bert_generation_halves():
    _clean("fresh5", "bert_generation_match")
    _one_holding("fresh5", "bert_generation_match__numLayers")


# ------------------------------------------------------------------ zipped sublayer lists
ZIPPED = """
    import torch
    from torch import nn

    D, F, H, L = 32, 48, 4, {layers}


    class Attn(nn.Module):
        def __init__(self):
            super().__init__()
            self.query, self.key, self.value = nn.Linear(D, D), nn.Linear(D, D), nn.Linear(D, D)
            self.dense = nn.Linear(D, D)
            self.LayerNorm = nn.LayerNorm(D, eps=1e-12)

        def forward(self, x):
            b, t, _ = x.shape
            q, k, v = (
                p(x).view(b, t, H, -1).transpose(1, 2) for p in (self.query, self.key, self.value)
            )
            a = torch.softmax(q @ k.transpose(-1, -2) / (D // H) ** 0.5, -1) @ v
            return self.LayerNorm(x + self.dense(a.transpose(1, 2).reshape(b, t, D)))


    class FFN(nn.Module):
        def __init__(self):
            super().__init__()
            self.intermediate, self.output = nn.Linear(D, F), nn.Linear(F, D)
            self.LayerNorm = nn.LayerNorm(D, eps=1e-12)

        def forward(self, x):
            return self.LayerNorm(x + self.output(torch.nn.functional.gelu(self.intermediate(x))))


    class Bert(nn.Module):
        def __init__(self):
            super().__init__()
            self.word_embeddings = nn.Embedding(100, D, padding_idx=0)
            self.position_embeddings = nn.Embedding(16, D)
            self.token_type_embeddings = nn.Embedding(2, D)
            self.norm = nn.LayerNorm(D, eps=1e-12)
            self.attn = nn.ModuleList(Attn() for _ in range(L))
            self.ffn = nn.ModuleList(FFN() for _ in range(L))
            self.pooler = nn.Linear(D, D)

        def forward(self, ids):
            pos = torch.arange(ids.shape[1])[None]
            x = self.word_embeddings(ids) + self.position_embeddings(pos)
            x = self.norm(x + self.token_type_embeddings(torch.zeros_like(ids)))
            for a, f in zip(self.attn, self.ffn):
                x = f(a(x))
            return x, torch.tanh(self.pooler(x[:, 0]))
    """


def _bert_cfg(tmp_path) -> Path:
    return _config(
        tmp_path,
        "BertConfig",
        vocab_size=100,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=48,
        max_position_embeddings=16,
        architectures=["BertModel"],
    )


def test_zipped_sublayer_lists_are_the_layers(tmp_path):
    code = _write(tmp_path, "zipped.py", ZIPPED.format(layers=2))
    cfg = _bert_cfg(tmp_path)
    hf = transformers.AutoConfig.from_pretrained(cfg.parent)
    with torch.device("meta"):
        ref = transformers.BertModel(hf)
    own = _own(code)
    assert _meta_params(own) == _meta_params(ref)
    # the weights map one to one: the same output (attention and FFN run in step, as zip runs)
    ref = transformers.BertModel(hf).eval()
    own = top_class(load_module(code))().eval()
    sd = ref.state_dict()
    mine = {
        "word_embeddings.weight": "embeddings.word_embeddings.weight",
        "position_embeddings.weight": "embeddings.position_embeddings.weight",
        "token_type_embeddings.weight": "embeddings.token_type_embeddings.weight",
        "norm.weight": "embeddings.LayerNorm.weight",
        "norm.bias": "embeddings.LayerNorm.bias",
        "pooler.weight": "pooler.dense.weight",
        "pooler.bias": "pooler.dense.bias",
    }
    for i in range(2):
        for a, b in (
            ("query", "attention.self.query"),
            ("key", "attention.self.key"),
            ("value", "attention.self.value"),
            ("dense", "attention.output.dense"),
            ("LayerNorm", "attention.output.LayerNorm"),
        ):
            for w in ("weight", "bias"):
                mine[f"attn.{i}.{a}.{w}"] = f"encoder.layer.{i}.{b}.{w}"
        for a, b in (
            ("intermediate", "intermediate.dense"),
            ("output", "output.dense"),
            ("LayerNorm", "output.LayerNorm"),
        ):
            for w in ("weight", "bias"):
                mine[f"ffn.{i}.{a}.{w}"] = f"encoder.layer.{i}.{b}.{w}"
    own.load_state_dict({k: sd[v] for k, v in mine.items()})
    ids = torch.randint(1, 100, (2, 7))
    with torch.no_grad():
        want = ref(ids)
        got = own(ids)
    assert (want.last_hidden_state - got[0]).abs().max() < 1e-5
    assert (want.pooler_output - got[1]).abs().max() < 1e-5
    assert _run(code, cfg) == []
    three = _write(tmp_path, "zipped3.py", ZIPPED.format(layers=3))
    found = _run(three, cfg)
    assert len(found) == 1, [f.message for f in found]
    assert (found[0].values["left"], found[0].values["right"]) == (3, 2)


def test_rembert_zipped_lists():
    _clean("fresh5", "rembert_fraction_sizes")
    _one_holding("fresh5", "rembert_fraction_sizes__numLayers")
    _one_holding("fresh5", "rembert_fraction_sizes__intermediateSize")


# ------------------------------------------------------------ sizes that follow a kernel
def test_weight_norm_magnitude_and_patch_stride_follow_the_kernel():
    # weight_norm over the kernel axis keeps a [1, 1, kernel] magnitude: it moves with it
    from torch.nn.utils.parametrizations import weight_norm

    for k in (16, 32):
        conv = weight_norm(torch.nn.Conv1d(8, 8, k, padding=k // 2, groups=2), name="weight", dim=2)
        assert tuple(conv.parametrizations.weight.original0.shape) == (1, 1, k)
    # a patch embedding strides by its kernel: (T/2) x (H/p) x (W/p) patches, none overlap
    for p in (8, 16):
        emb = torch.nn.Conv3d(3, 4, (2, p, p), stride=(2, p, p))
        out = emb(torch.zeros(1, 3, 4, 32, 32))
        assert out.shape[2:] == (2, 32 // p, 32 // p)
    _clean("fresh6", "videomae_userdict")
    _one_holding("fresh6", "videomae_userdict__patchSize")


# ------------------------------------------------- copies of a layer with settings of their own
SCHEDULE = """
    import torch
    from torch import nn

    D, H, HD = 32, 2, 16
    LOCAL_BASE, GLOBAL_BASE = 10000.0, {global_base}


    def rotate(x, base):
        t, d = x.shape[-2], x.shape[-1]
        inv = base ** (-torch.arange(0, d, 2).float() / d)
        ang = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat([ang.cos(), ang.cos()], -1), torch.cat([ang.sin(), ang.sin()], -1)
        return x * cos + torch.cat([-x[..., d // 2 :], x[..., : d // 2]], -1) * sin


    class Layer(nn.Module):
        def __init__(self, kind):
            super().__init__()
            self.local = kind == "L"
            self.q = nn.Linear(D, H * HD, bias=False)
            self.k = nn.Linear(D, H * HD, bias=False)
            self.v = nn.Linear(D, H * HD, bias=False)
            self.o = nn.Linear(H * HD, D, bias=False)

        def forward(self, x):
            b, t, _ = x.shape
            base = LOCAL_BASE if self.local else GLOBAL_BASE
            q = rotate(self.q(x).view(b, t, H, HD).transpose(1, 2), base)
            k = rotate(self.k(x).view(b, t, H, HD).transpose(1, 2), base)
            v = self.v(x).view(b, t, H, HD).transpose(1, 2)
            a = torch.softmax(q @ k.transpose(-1, -2) / HD**0.5, -1) @ v
            return x + self.o(a.transpose(1, 2).reshape(b, t, -1))


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Embedding(50, D)
            self.layers = nn.ModuleList(Layer(k) for k in "LLG")

        def forward(self, ids):
            x = self.embed(ids)
            for layer in self.layers:
                x = layer(x)
            return x
    """


def test_a_copy_with_its_own_setting_has_its_values_read(tmp_path):
    # the global layer really computes with its own base: changing it changes the output
    a = _write(tmp_path, "sched_a.py", SCHEDULE.format(global_base="1000000.0"))
    b = _write(tmp_path, "sched_b.py", SCHEDULE.format(global_base="500000.0"))
    ma, mb = top_class(load_module(a))(), top_class(load_module(b))()
    mb.load_state_dict(ma.state_dict())
    ids = torch.randint(0, 50, (1, 40))
    with torch.no_grad():
        assert (ma(ids) - mb(ids)).abs().max() > 1e-4
    assert [m.local for m in ma.layers] == [True, True, False]
    for path, want in ((a, {10000, 1000000}), (b, {10000, 500000})):
        g = parse_source(path)
        assert {u.value for u in g.uses if u.key == "ropeTheta"} == want
        assert g.params_total() == _meta_params(ma)
        # the same graph with the speed machinery off
        off = parse_source(path, speed=Speed.all_off())
        assert off.model_dump() == g.model_dump()


def test_gemma3_global_base():
    _clean("fresh6", "gemma3_letter_schedule")
    _one_holding("fresh6", "gemma3_letter_schedule__ropeTheta")
    _one_holding("fresh6", "gemma3_letter_schedule__slidingWindow")
