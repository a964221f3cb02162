"""Drift between re-implementations and their configs (session 23, reimplfix23b; issue #17:
fresh20's dev part).

Each rule is proven in torch first (transformers' own model, on the meta device, has the tie or
the stage depths claimed), then statically on a small module written in another style.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.drift_support import config, run, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

FRESH20 = Path(__file__).resolve().parent.parent / "benchmarks" / "reimpl" / "fresh20"

# -- an input table shared by two input tables is no head tie -------------------------------

_SHARED_INPUTS = """
import torch
from torch import nn

D, V = 32, 96


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc_tokens = nn.Embedding(V, D)
        self.dec_tokens = nn.Embedding(V, D)
        self.dec_tokens.weight = self.enc_tokens.weight
        self.enc = nn.Linear(D, D)
        self.dec = nn.Linear(D, D)
        self.head = nn.Linear(D, V, bias=False){tie}

    def forward(self, src, tgt):
        h = self.enc(self.enc_tokens(src))
        y = self.dec(self.dec_tokens(tgt)) + h.mean(1, keepdim=True)
        return self.head(y)
"""


def _tie_read(path: Path) -> tuple[object, object]:
    from driftcheck.graph.match import canonicalise
    from driftcheck.graph.match.derive import derive
    from driftcheck.parsers.source import parse_source

    g = parse_source(str(path), entry="M")
    items, _ = canonicalise(g, g)
    stated = g.facts.get("tieWordEmbeddings")
    return (stated.value if stated else None), derive(items)["tieWordEmbeddings"].value


def test_input_tables_sharing_a_weight_leave_the_head_untied(tmp_path: Path) -> None:
    # torch: Pop2Piano ties its encoder and decoder tables to ``shared`` and keeps ``lm_head``
    # its own, even with ``tie_word_embeddings`` true (modeling_pop2piano.py:766)
    cfg, path = config(tmp_path, "p2p", "Pop2PianoConfig", vocab_size=96, d_model=32, d_kv=8,
                       d_ff=64, num_layers=1, num_decoder_layers=1, num_heads=4)  # fmt: skip
    assert cfg.tie_word_embeddings is True
    with torch.device("meta"):
        hf = transformers.Pop2PianoForConditionalGeneration(cfg)
    assert hf.encoder.embed_tokens.weight is hf.shared.weight
    assert hf.lm_head.weight is not hf.shared.weight
    # the reference read statically off modeling_pop2piano.py states no head tie
    from driftcheck.parsers.hf import config_graph

    _, facts = config_graph(str(path), exact=False, entry=None)
    assert "tieWordEmbeddings" not in facts
    # a user's encoder-decoder written the same way: untied, read off the head
    code = write(tmp_path, "shared.py", _SHARED_INPUTS.format(tie=""))
    assert _tie_read(code) == (None, False)
    # variant: the head takes the table's weight too -> tied (the rule can fail)
    tied = write(tmp_path, "tied.py", _SHARED_INPUTS.format(
        tie="\n        self.head.weight = self.enc_tokens.weight"))  # fmt: skip
    assert _tie_read(tied) == (True, True)


@pytest.mark.skipif(not FRESH20.is_dir(), reason="benchmarks/reimpl/fresh20 absent")
def test_pop2piano_flax_port_against_its_config_is_clean() -> None:
    case = FRESH20 / "cases" / "pop2piano_flax_kernels.py"
    assert run(case, FRESH20 / "configs" / "pop2piano_flax_kernels" / "config.json") == []


# -- a learned table added to a module's output is no residual shortcut ---------------------

_PYRAMID = """
import torch
from torch import nn

WIDTHS, DEPTHS = (16, 32), ({d0}, 2)


class PatchEmbed(nn.Module):
    def __init__(self, c_in, width, n):
        super().__init__()
        self.proj = nn.Conv2d(c_in, width, 2, 2)
        self.pos = nn.Parameter(torch.zeros(1, n, width))

    def forward(self, x):
        return self.proj(x).flatten(2).transpose(1, 2) + self.pos


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.fc = nn.Linear(width, width)

    def forward(self, x):
        return x + self.fc(self.norm(x))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeds = nn.ModuleList()
        self.stages = nn.ModuleList()
        c, n = 3, {n}
        for w, d in zip(WIDTHS, DEPTHS):
            self.embeds.append(PatchEmbed(c, w, n))
            self.stages.append(nn.ModuleList(Block(w) for _ in range(d)))
            c, n = w, n // 4

    def forward(self, x):
        for emb, blocks in zip(self.embeds, self.stages):
            x = emb(x)
            for b in blocks:
                x = b(x)
            s = int(x.shape[1] ** 0.5)
            x = x.transpose(1, 2).reshape(x.shape[0], -1, s, s)
        return x
"""


def _stages(path: Path) -> dict:
    from driftcheck.graph.match.derive import stages
    from driftcheck.parsers.source import parse_source

    return {k: v.value for k, v in stages(parse_source(str(path), entry="M")).items()}


def test_position_table_adds_are_not_residual_blocks(tmp_path: Path) -> None:
    # torch: PvT's stages hold ``depths`` layers each; its patch embeddings (which add a
    # position table) are no layers (modeling_pvt.py:333)
    cfg, path = config(tmp_path, "pvt", "PvtConfig", depths=[1, 2], hidden_sizes=[16, 32],
                       num_encoder_blocks=2, num_attention_heads=[1, 2], mlp_ratios=[2, 2],
                       patch_sizes=[4, 2], strides=[4, 2], sequence_reduction_ratios=[2, 1],
                       image_size=32)  # fmt: skip
    with torch.device("meta"):
        hf = transformers.PvtModel(cfg)
    assert [len(b) for b in hf.encoder.block] == [1, 2]
    from driftcheck.graph.match.derive import stages
    from driftcheck.parsers.hf import config_graph

    g, _ = config_graph(str(path), exact=False, entry=None)
    assert stages(g)["stageDepths"].value == [1, 2]
    # a user's pyramid (patch embedding modules adding their own position table)
    assert _stages(write(tmp_path, "pyr.py", _PYRAMID.format(d0=1, n=64)))["stageDepths"] == [1, 2]
    # variant: one more first-stage block is seen (the rule can fail)
    assert _stages(write(tmp_path, "pyr3.py", _PYRAMID.format(d0=3, n=64)))["stageDepths"] == [3, 2]


@pytest.mark.skipif(not FRESH20.is_dir(), reason="benchmarks/reimpl/fresh20 absent")
def test_pyramid_splits_pair_within_one_width() -> None:
    # PvT's stages flatten into one level; a head split of stage 2 (width 32) is not paired
    # with one of stage 1 (width 16) where the reference's stage-2 split is unread
    case = FRESH20 / "cases" / "pvt_frozen_stage_records.py"
    assert run(case, FRESH20 / "configs" / "pvt_frozen_stage_records" / "config.json") == []


# -- several class tokens in one Parameter beside the position table --------------------------

_REGISTERS = """
import torch
from torch import nn

D, PATCH, IMAGE, TOKENS = 32, 4, {image}, 4


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = nn.Parameter(torch.zeros(1, TOKENS, D))
        self.pos = nn.Parameter(torch.zeros(1, TOKENS + (IMAGE // PATCH) ** 2, D))
        self.patch = nn.Conv2d(3, D, PATCH, PATCH)
        self.layers = nn.ModuleList(nn.Linear(D, D) for _ in range(2))

    def forward(self, x):
        x = self.patch(x).flatten(2).transpose(1, 2)
        x = torch.cat([self.tokens.expand(x.shape[0], -1, -1), x], 1) + self.pos
        for layer in self.layers:
            x = x + layer(x)
        return x
"""


def _image(path: Path) -> object:
    from driftcheck.graph.match import canonicalise
    from driftcheck.graph.match.derive import derive
    from driftcheck.parsers.source import parse_source

    g = parse_source(str(path), entry="M")
    items, _ = canonicalise(g, g)
    got = derive(items).get("imageSize")
    return got.value if got else None


def test_class_tokens_in_one_parameter_leave_the_image_size_readable(tmp_path: Path) -> None:
    # torch: Pixio's position table holds a row per patch and one per class token, the
    # class tokens one [1, n_cls_tokens, D] Parameter (modeling_pixio.py)
    cfg, path = config(tmp_path, "pixio", "PixioConfig", hidden_size=32, num_hidden_layers=2,
                       num_attention_heads=4, intermediate_size=64, image_size=32,
                       patch_size=4, n_cls_tokens=8)  # fmt: skip
    with torch.device("meta"):
        hf = transformers.AutoModel.from_config(cfg)
    shapes = {tuple(p.shape) for p in hf.parameters() if p.dim() == 3 and p.shape[0] == 1}
    assert shapes == {(1, 8, 32), (1, 8 + (32 // 4) ** 2, 32)}
    from driftcheck.graph.match import canonicalise
    from driftcheck.graph.match.derive import derive
    from driftcheck.parsers.hf import config_graph

    g, _ = config_graph(str(path), exact=False, entry=None)
    items, _ = canonicalise(g, g)
    assert derive(items)["imageSize"].value == 32
    # a user's register tokens, one Parameter of 4 rows: image 16 (4 x 4 patches of 4)
    assert _image(write(tmp_path, "reg.py", _REGISTERS.format(image=16))) == 16
    assert _image(write(tmp_path, "reg2.py", _REGISTERS.format(image=24))) == 24


def test_a_pyramids_first_position_table_is_the_image_grid(tmp_path: Path) -> None:
    # torch: PvT keeps one position table per stage, the first of (image / patch)^2 rows, the
    # class token only in the last stage (modeling_pvt.py:76)
    cfg, path = config(tmp_path, "pvt", "PvtConfig", depths=[1, 1], hidden_sizes=[16, 32],
                       num_encoder_blocks=2, num_attention_heads=[1, 2], mlp_ratios=[2, 2],
                       patch_sizes=[4, 2], strides=[4, 2], sequence_reduction_ratios=[2, 1],
                       image_size=64)  # fmt: skip
    with torch.device("meta"):
        hf = transformers.PvtModel(cfg)
    tables = [tuple(e.position_embeddings.shape) for e in hf.encoder.patch_embeddings]
    assert tables == [(1, (64 // 4) ** 2, 16), (1, (64 // 4 // 2) ** 2 + 1, 32)]
    from driftcheck.graph.match import canonicalise
    from driftcheck.graph.match.derive import derive
    from driftcheck.parsers.hf import config_graph

    g, _ = config_graph(str(path), exact=False, entry=None)
    items, _ = canonicalise(g, g)
    assert derive(items)["imageSize"].value == 64
    # a user's pyramid: 8 x 8 patches of 2 in the first stage is a 16-pixel image
    assert _image(write(tmp_path, "pyr.py", _PYRAMID.format(d0=1, n=64))) == 16
    assert _image(write(tmp_path, "pyr2.py", _PYRAMID.format(d0=1, n=144))) == 24
