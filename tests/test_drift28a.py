"""Drift between re-implementations and their configs (session 28, issue #17).

Shown on code written here (not the corpus's): torch builds the code and transformers' model
for the same config and counts both; the comparison says nothing on the clean pair and one
finding holding both values where one size differs.
"""

from __future__ import annotations

import runpy
from collections import Counter

import pytest

from tests.drift_support import config as _config
from tests.drift_support import count as _count
from tests.drift_support import hf_model as _hf
from tests.drift_support import mine as _mine
from tests.drift_support import one_sided as _one
from tests.drift_support import run as _run
from tests.drift_support import write as _write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


# ------------------------------------- an encoder-decoder whose first layers hold the bias
# T5 as users write it: the first layer of each stack owns the bucketed relative-position
# table and the rest reuse its bias, so no two layers of a stack are alike until the second.
# The stacks are a ``ModuleList`` or, in a Flax port's names, a ``ModuleDict`` keyed
# ``layer_0``, ``layer_1``...
T5_MINE = """
import math

import torch
import torch.nn as nn

VOCAB, D, HEADS, DKV, FF = 64, 32, 4, 8, 64
ENC, DEC, BUCKETS, FAR = 2, 2, 32, 128


def stack(layers):
    return nn.ModuleList(layers)


def buckets(rel, both):
    n, out = BUCKETS, torch.zeros_like(rel)
    if both:
        n //= 2
        out = out + (rel > 0).long() * n
        rel = rel.abs()
    else:
        rel = -torch.clamp(rel, max=0)
    near = n // 2
    far = near + (torch.log(rel.float() / near) / math.log(FAR / near) * (n - near)).long()
    return out + torch.where(rel < near, rel, torch.clamp(far, max=n - 1))


class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.gain = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.gain * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Attn(nn.Module):
    def __init__(self, table, causal):
        super().__init__()
        self.wq = nn.Linear(D, HEADS * DKV, bias=False)
        self.wk = nn.Linear(D, HEADS * DKV, bias=False)
        self.wv = nn.Linear(D, HEADS * DKV, bias=False)
        self.wo = nn.Linear(HEADS * DKV, D, bias=False)
        self.causal = causal
        if table:
            self.table = nn.Embedding(BUCKETS, HEADS)

    def bias(self, t):
        rel = torch.arange(t)[None, :] - torch.arange(t)[:, None]
        return self.table(buckets(rel, not self.causal)).permute(2, 0, 1)[None]

    def forward(self, x, mem, bias):
        b, t, _ = x.shape
        s = mem.shape[1]
        q = self.wq(x).view(b, t, HEADS, DKV).transpose(1, 2)
        k = self.wk(mem).view(b, s, HEADS, DKV).transpose(1, 2)
        v = self.wv(mem).view(b, s, HEADS, DKV).transpose(1, 2)
        a = (q @ k.transpose(-1, -2) + bias).softmax(-1) @ v
        return self.wo(a.transpose(1, 2).reshape(b, t, HEADS * DKV))


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = Scale()
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        return x + self.down(torch.relu(self.up(self.norm(x))))


class Enc(nn.Module):
    def __init__(self, first):
        super().__init__()
        self.norm = Scale()
        self.attn = Attn(first, causal=False)
        self.mlp = Mlp()

    def forward(self, x, bias):
        h = self.norm(x)
        return self.mlp(x + self.attn(h, h, bias))


class Dec(nn.Module):
    def __init__(self, first):
        super().__init__()
        self.norm = Scale()
        self.attn = Attn(first, causal=True)
        self.cross_norm = Scale()
        self.cross = Attn(False, causal=False)
        self.mlp = Mlp()

    def forward(self, y, mem, bias):
        h = self.norm(y)
        y = y + self.attn(h, h, bias)
        y = y + self.cross(self.cross_norm(y), mem, 0.0)
        return self.mlp(y)


class Seq2Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D)
        self.encoder = stack(Enc(i == 0) for i in range(ENC))
        self.enc_final = Scale()
        self.decoder = stack(Dec(i == 0) for i in range(DEC))
        self.dec_final = Scale()

    def forward(self, src, tgt):
        layers = list(self.encoder.values()) if isinstance(self.encoder, nn.ModuleDict) else list(self.encoder)
        x = self.embed(src)
        bias = layers[0].attn.bias(src.shape[1])
        for layer in layers:
            x = layer(x, bias)
        mem = self.enc_final(x)
        layers = list(self.decoder.values()) if isinstance(self.decoder, nn.ModuleDict) else list(self.decoder)
        y = self.embed(tgt)
        bias = layers[0].attn.bias(tgt.shape[1])
        for layer in layers:
            y = layer(y, mem, bias)
        return (self.dec_final(y) * D**-0.5) @ self.embed.weight.T
"""

T5_CFG = dict(
    vocab_size=64,
    d_model=32,
    d_kv=8,
    num_heads=4,
    d_ff=64,
    num_layers=2,
    num_decoder_layers=2,
    relative_attention_num_buckets=32,
    relative_attention_max_distance=128,
    feed_forward_proj="relu",
    tie_word_embeddings=True,
    architectures=["T5ForConditionalGeneration"],
)

FLAX_STACK = """def stack(layers):
    return nn.ModuleDict({f"layer_{i}": layer for i, layer in enumerate(layers)})"""


def _t5(tmp_path, source=T5_MINE, **sizes):
    line = "ENC, DEC, BUCKETS, FAR = 2, 2, 32, 128"
    new = {"ENC": 2, "DEC": 2, "BUCKETS": 32, "FAR": 128, **sizes}
    assert line in source
    source = source.replace(
        line, "ENC, DEC, BUCKETS, FAR = {ENC}, {DEC}, {BUCKETS}, {FAR}".format(**new)
    )
    return _write(tmp_path, "seq2seq.py", source)


def _flax(source=T5_MINE):
    old = "def stack(layers):\n    return nn.ModuleList(layers)"
    assert old in source
    return source.replace(old, FLAX_STACK)


def _shapes(model) -> Counter:
    """Every parameter's shape, tied ones once (``named_parameters`` dedupes them)."""
    return Counter(tuple(p.shape) for _, p in model.named_parameters())


@pytest.mark.parametrize("flax", [False, True])
def test_t5_mine_counts_equal_transformers_and_is_clean(tmp_path, flax):
    code = _t5(tmp_path, _flax() if flax else T5_MINE)
    cfg, path = _config(tmp_path, "cfg", "T5Config", **T5_CFG)
    mine, hf = _mine(code, "Seq2Seq"), _hf(cfg, "T5ForConditionalGeneration")
    assert _count(mine) == _count(hf)
    assert _shapes(mine) == _shapes(hf)
    real = runpy.run_path(str(code), run_name="__seq2seq__")["Seq2Seq"]()  # runs on CPU
    out = real(torch.randint(0, 64, (1, 5)), torch.randint(0, 64, (1, 3)))
    assert out.shape == (1, 3, 64)
    assert _run(code, path) == []


def test_one_decoder_layer_against_two_is_one_count_finding(tmp_path):
    code = _t5(tmp_path, DEC=1)
    cfg, path = _config(tmp_path, "cfg", "T5Config", **T5_CFG)
    # torch: the code's decoder holds one layer (with the table), the config's two
    assert len(_mine(code, "Seq2Seq").decoder) == 1
    assert len(_hf(cfg, "T5ForConditionalGeneration").decoder.block) == 2
    f = _one(_run(code, path), 1, 2)
    assert f.kind == "layer-count"


def test_flax_numbered_dict_stack_depth_is_one_count_finding(tmp_path):
    code = _t5(tmp_path, _flax(), ENC=3)
    cfg, path = _config(tmp_path, "cfg", "T5Config", **T5_CFG)
    mine = _mine(code, "Seq2Seq")
    assert list(mine.encoder) == ["layer_0", "layer_1", "layer_2"]
    assert len(_hf(cfg, "T5ForConditionalGeneration").encoder.block) == 2
    f = _one(_run(code, path), 3, 2)
    assert f.kind == "layer-count"


def test_flax_one_layer_decoder_dict_is_one_count_finding(tmp_path):
    code = _t5(tmp_path, _flax(), DEC=1)
    cfg, path = _config(tmp_path, "cfg", "T5Config", **T5_CFG)
    assert list(_mine(code, "Seq2Seq").decoder) == ["layer_0"]
    _one(_run(code, path), 1, 2)


def test_relative_buckets_swap_is_one_finding(tmp_path):
    code = _t5(tmp_path, BUCKETS=16)
    cfg, path = _config(tmp_path, "cfg", "T5Config", **T5_CFG)
    mine, hf = _mine(code, "Seq2Seq"), _hf(cfg, "T5ForConditionalGeneration")
    # torch: the two models' weights differ in the two bias tables alone, 16 rows against 32
    only_mine, only_hf = _shapes(mine) - _shapes(hf), _shapes(hf) - _shapes(mine)
    assert only_mine == Counter({(16, 4): 2}) and only_hf == Counter({(32, 4): 2})
    _one(_run(code, path), 16, 32)


# ------------------------------------------------ a windowed hierarchy with heads per stage
# Swin as users write it (timm's fused ``qkv`` reshaped to ``(B, N, 3, heads, -1)``): each
# stage has its own head count, and one changed stage is a change of the list, said once.
SWIN_MINE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

IMG, PATCH, WIDTH, DEPTHS, HEADS, WIN, RATIO = 32, 2, 16, (2, 2), (2, 4), 4, 4


class WinAttn(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.bias_table = nn.Parameter(torch.zeros((2 * WIN - 1) ** 2, heads))
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        r = torch.arange(WIN)
        yy, xx = torch.meshgrid(r, r, indexing="ij")
        c = torch.stack([yy.flatten(), xx.flatten()])
        d = (c[:, :, None] - c[:, None, :]).permute(1, 2, 0) + WIN - 1
        self.register_buffer("pos", d[..., 0] * (2 * WIN - 1) + d[..., 1], persistent=False)

    def forward(self, x):
        b, n, c = x.shape
        q, k, v = self.qkv(x).reshape(b, n, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        s = q @ k.transpose(-2, -1) * (c // self.heads) ** -0.5
        s = s + self.bias_table[self.pos.reshape(-1)].reshape(n, n, -1).permute(2, 0, 1)
        return self.out((s.softmax(-1) @ v).transpose(1, 2).reshape(b, n, c))


class Block(nn.Module):
    def __init__(self, dim, heads, side):
        super().__init__()
        self.side = side
        self.ln1 = nn.LayerNorm(dim, eps=1e-5)
        self.attn = WinAttn(dim, heads)
        self.ln2 = nn.LayerNorm(dim, eps=1e-5)
        self.fc1 = nn.Linear(dim, RATIO * dim)
        self.fc2 = nn.Linear(RATIO * dim, dim)

    def forward(self, x):
        b, n, c = x.shape
        g = self.side // WIN
        h = self.ln1(x).view(b, g, WIN, g, WIN, c).permute(0, 1, 3, 2, 4, 5)
        h = self.attn(h.reshape(-1, WIN * WIN, c))
        h = h.view(b, g, g, WIN, WIN, c).permute(0, 1, 3, 2, 4, 5).reshape(b, n, c)
        x = x + h
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


class Merge(nn.Module):
    def __init__(self, dim, side):
        super().__init__()
        self.side = side
        self.ln = nn.LayerNorm(4 * dim, eps=1e-5)
        self.down = nn.Linear(4 * dim, 2 * dim, bias=False)

    def forward(self, x):
        b, _, c = x.shape
        x = x.view(b, self.side, self.side, c)
        x = torch.cat([x[:, 0::2, 0::2], x[:, 1::2, 0::2], x[:, 0::2, 1::2], x[:, 1::2, 1::2]], -1)
        return self.down(self.ln(x.view(b, -1, 4 * c)))


class Hier(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, WIDTH, PATCH, stride=PATCH)
        self.stem_ln = nn.LayerNorm(WIDTH, eps=1e-5)
        side, dim = IMG // PATCH, WIDTH
        self.stages = nn.ModuleList()
        for i, (depth, heads) in enumerate(zip(DEPTHS, HEADS)):
            stage = nn.Sequential(*[Block(dim, heads, side) for _ in range(depth)])
            if i + 1 < len(DEPTHS):
                stage.append(Merge(dim, side))
                side, dim = side // 2, dim * 2
            self.stages.append(stage)
        self.final = nn.LayerNorm(dim, eps=1e-5)

    def forward(self, pixels):
        x = self.stem_ln(self.stem(pixels).flatten(2).transpose(1, 2))
        for stage in self.stages:
            x = stage(x)
        x = self.final(x)
        return x, x.mean(1)
"""

SWIN_CFG = dict(
    image_size=32,
    patch_size=2,
    embed_dim=16,
    depths=[2, 2],
    num_heads=[2, 4],
    window_size=4,
    mlp_ratio=4.0,
    layer_norm_eps=1e-5,
    architectures=["SwinModel"],
)


def _stage_heads(model) -> list:
    return [stage[0].attn.heads for stage in model.stages]


def test_swin_mine_counts_equal_transformers_and_is_clean(tmp_path):
    code = _write(tmp_path, "hier.py", SWIN_MINE)
    cfg, path = _config(tmp_path, "cfg", "SwinConfig", **SWIN_CFG)
    mine, hf = _mine(code, "Hier"), _hf(cfg, "SwinModel")
    assert _count(mine) == _count(hf)  # (a fused qkv against q, k, v: the shapes differ)
    real = runpy.run_path(str(code), run_name="__hier__")["Hier"]()  # runs on CPU
    assert real(torch.randn(1, 3, 32, 32))[0].shape == (1, 64, 32)
    assert _run(code, path) == []


def test_per_stage_heads_are_one_finding_holding_both_lists(tmp_path):
    code = _write(
        tmp_path, "hier.py", SWIN_MINE.replace("(2, 2), (2, 4), 4, 4", "(2, 2), (2, 8), 4, 4")
    )
    cfg, path = _config(tmp_path, "cfg", "SwinConfig", **SWIN_CFG)
    # torch: the code's stages hold 2 and 8 heads (their bias tables 2 and 8 wide), the
    # config's 2 and 4
    mine, hf = _mine(code, "Hier"), _hf(cfg, "SwinModel")
    assert _stage_heads(mine) == [2, 8]
    hf_tables = [
        s.blocks[0].attention.relative_position_bias.relative_position_bias_table.shape[1]
        for s in hf.encoder.layers
    ]
    assert hf_tables == [2, 4]
    _one(_run(code, path), [2, 8], [2, 4])


def test_uniform_stage_mlp_ratio_is_one_finding(tmp_path):
    code = _write(
        tmp_path, "hier.py", SWIN_MINE.replace("(2, 2), (2, 4), 4, 4", "(2, 2), (2, 4), 4, 2")
    )
    cfg, path = _config(tmp_path, "cfg", "SwinConfig", **SWIN_CFG)
    # torch: the code's MLPs are twice as wide as each stage, the config's four times
    mine, hf = _mine(code, "Hier"), _hf(cfg, "SwinModel")
    assert [s[0].fc1.out_features for s in mine.stages] == [32, 64]
    assert [s.blocks[0].mlp.fc1.out_features for s in hf.encoder.layers] == [64, 128]
    _one(_run(code, path), [2, 2], [4, 4])


def test_embed_width_is_one_finding_with_the_stem_under_it(tmp_path):
    code = _write(
        tmp_path, "hier.py", SWIN_MINE.replace("= 32, 2, 16, (2, 2)", "= 32, 2, 24, (2, 2)")
    )
    cfg, path = _config(tmp_path, "cfg", "SwinConfig", **SWIN_CFG)
    # torch: the code's stem and stages are 24 and 48 wide, the config's 16 and 32
    mine, hf = _mine(code, "Hier"), _hf(cfg, "SwinModel")
    assert mine.stem.out_channels == 24 and mine.final.normalized_shape == (48,)
    assert hf.embeddings.patch_embeddings.projection.out_channels == 16
    _one(_run(code, path), [24, 48], [16, 32])


def test_window_size_is_one_finding_told_in_windows(tmp_path):
    code = _write(
        tmp_path, "hier.py", SWIN_MINE.replace("(2, 2), (2, 4), 4, 4", "(2, 2), (2, 4), 8, 4")
    )
    cfg, path = _config(tmp_path, "cfg", "SwinConfig", **SWIN_CFG)
    # torch: the code's windows are 8 x 8 (bias tables of 15 ** 2 rows), the config's 4 x 4
    mine, hf = _mine(code, "Hier"), _hf(cfg, "SwinModel")
    assert mine.stages[0][0].attn.bias_table.shape[0] == 225
    attn = hf.encoder.layers[0].blocks[0].attention
    assert attn.relative_position_bias.relative_position_bias_table.shape[0] == 49
    real = runpy.run_path(str(code), run_name="__hier__")["Hier"]()
    assert real(torch.randn(1, 3, 32, 32))[0].shape == (1, 64, 32)
    _one(_run(code, path), 8, 4)


# ------------------------------------------- a final norm's eps beside fixed block epsilons
# ConvNeXt as users write it: every norm inside the network fixed at 1e-6 (as transformers'
# own), the final norm built with the config's ``layer_norm_eps``. The code's final norm with
# another eps is that value against the config's, though both sides' block norms agree.
CONVNEXT_MINE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

DIMS, DEPTHS, PATCH, FINAL_EPS = (16, 32), (2, 2), 4, 1e-12


class ChanNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.bias = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, x.shape[-1:], self.weight, self.bias, 1e-6)
        return x.permute(0, 3, 1, 2)


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dw = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.up = nn.Linear(dim, 4 * dim)
        self.down = nn.Linear(4 * dim, dim)
        self.scale = nn.Parameter(torch.full((dim,), 1e-6))

    def forward(self, x):
        h = self.dw(x).permute(0, 2, 3, 1)
        h = self.scale * self.down(F.gelu(self.up(self.norm(h))))
        return x + h.permute(0, 3, 1, 2)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, DIMS[0], PATCH, stride=PATCH), ChanNorm(DIMS[0]))
        self.stages = nn.ModuleList()
        for i, (dim, depth) in enumerate(zip(DIMS, DEPTHS)):
            parts = []
            if i > 0:
                parts += [ChanNorm(DIMS[i - 1]), nn.Conv2d(DIMS[i - 1], dim, 2, stride=2)]
            parts += [Block(dim) for _ in range(depth)]
            self.stages.append(nn.Sequential(*parts))
        self.final = nn.LayerNorm(DIMS[-1], eps=FINAL_EPS)

    def forward(self, pixels):
        x = self.stem(pixels)
        for stage in self.stages:
            x = stage(x)
        return self.final(x.mean((-2, -1)))
"""

CONVNEXT_CFG = dict(
    num_stages=2,
    hidden_sizes=[16, 32],
    depths=[2, 2],
    patch_size=4,
    image_size=32,
    layer_norm_eps=1e-12,
    architectures=["ConvNextModel"],
)


def test_convnext_mine_counts_equal_transformers_and_is_clean(tmp_path):
    code = _write(tmp_path, "net.py", CONVNEXT_MINE)
    cfg, path = _config(tmp_path, "cfg", "ConvNextConfig", **CONVNEXT_CFG)
    mine, hf = _mine(code, "Net"), _hf(cfg, "ConvNextModel")
    assert _count(mine) == _count(hf)
    real = runpy.run_path(str(code), run_name="__net__")["Net"]()
    assert real(torch.randn(1, 3, 32, 32)).shape == (1, 32)
    assert _run(code, path) == []


def test_final_norm_eps_beside_fixed_block_eps_is_one_finding(tmp_path):
    code = _write(
        tmp_path,
        "net.py",
        CONVNEXT_MINE.replace(
            "PATCH, FINAL_EPS = (16, 32), (2, 2), 4, 1e-12",
            "PATCH, FINAL_EPS = (16, 32), (2, 2), 4, 0.1",
        ),
    )
    cfg, path = _config(tmp_path, "cfg", "ConvNextConfig", **CONVNEXT_CFG)
    # torch: the final norms' eps differ (0.1 against 1e-12), every other norm's is 1e-6
    mine, hf = _mine(code, "Net"), _hf(cfg, "ConvNextModel")
    assert mine.final.eps == 0.1 and hf.layernorm.eps == 1e-12
    assert {m.eps for m in hf.encoder.modules() if hasattr(m, "eps")} == {1e-6}
    _one(_run(code, path), 0.1, 1e-12)
