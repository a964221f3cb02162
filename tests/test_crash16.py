"""Forward-crash rules of session 16 against real torch.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given, and ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised. Every rule family (the name's first word) has a crashing model and a clean twin
that differs only in the defect, so a rule that flags everything or nothing fails.
"""

from __future__ import annotations

import json
import os
import runpy

import pytest

from driftcheck.cli import main
from tests.crash_rule_support import (
    blockers,
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

# name -> (source of class Net, input shape, "tokens" or "float")
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


model = registrar(MODELS, kind_first=True)


# ---- F.pad's non-constant modes: reflection pads below the axis size, circular wraps once,
# and only the last 1/2/3 axes of an input with one or two leading axes
_PAD = """
class Net(nn.Module):
    def __init__(self, ch=4, dilations=(1, 2, 4)):
        super().__init__()
        self.dilations = dilations
        self.conv = nn.Conv1d(1, ch, 3)
        self.dil = nn.ModuleList(nn.Conv1d(ch, ch, 3, dilation=d) for d in dilations)

    def forward(self, x):
        h = self.conv(x)
        for d, conv in zip(self.dilations, self.dil):
            h = h + conv(F.pad(h, (d, d), mode="{mode}"))
        return h
"""
# h is the input's length less 2; the last block pads 4 on each side
model("pad_reflect_fits", (2, 1, 7), src=_PAD.format(mode="reflect"))
model("pad_reflect_too_wide", (2, 1, 6), src=_PAD.format(mode="reflect"))
model("pad_replicate_wide", (2, 1, 5), src=_PAD.format(mode="replicate"))
model("pad_circular_once", (2, 1, 6), src=_PAD.format(mode="circular"))
model("pad_circular_twice", (2, 1, 5), src=_PAD.format(mode="circular"))
# a 2-D reflection pad on a 4-D input: torch pads the last two axes of (N, C, H, W) only
_PAD2 = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)

    def forward(self, x):
        return self.conv(F.pad(x, {pad}, mode="reflect"))
"""
model("pad_rank_two_axes", (2, 3, 8, 8), src=_PAD2.format(pad="(1, 1, 1, 1)"))
model("pad_rank_one_axis", (2, 3, 8, 8), src=_PAD2.format(pad="(1, 1)"))

# ---- F.conv with padding="same": only on stride 1 (torch will not pick an output size)
_SAME = """
class Net(nn.Module):
    def __init__(self, cin=3, cout=4, stride={stride}):
        super().__init__()
        self.stride = stride
        self.weight = nn.Parameter(torch.randn(cout, cin, 3, 3) * 0.1)
        self.head = nn.Linear(4 * 8 * 8, 2)

    def forward(self, x):
        y = F.conv2d(x, self.weight, None, stride=self.stride, padding="{pad}")
        return self.head(y.flatten(1))
"""
model("same_stride_one", (2, 3, 8, 8), src=_SAME.format(stride="1", pad="same"))
model("same_stride_pair", (2, 3, 8, 8), src=_SAME.format(stride="(1, 1)", pad="same"))
model("same_strided", (2, 3, 8, 8), src=_SAME.format(stride="(1, 2)", pad="same"))
# "valid" is no padding: a 6x6 map into a Linear sized for 8x8
model("same_valid_shrinks", (2, 3, 8, 8), src=_SAME.format(stride="1", pad="valid"))
# the layer: torch refuses it when it is built
_SAMEMOD = """
class Net(nn.Module):
    def __init__(self, stride={stride}):
        super().__init__()
        self.conv = nn.Conv1d(2, 4, 3, stride=stride, padding="same")

    def forward(self, x):
        return self.conv(F.pad(x, [1, 1], "reflect"))
"""
model("same_layer_stride_one", (2, 2, 6), src=_SAMEMOD.format(stride=1))


# ---- a layer already fed once, called again on a shape-only tensor (a NeRF skip: the input
# encoding comes from a helper module with no graph node, concatenated back in mid-stack)
_SKIP = """
class Encode(nn.Module):
    def __init__(self, n=3):
        super().__init__()
        self.register_buffer("freqs", 2.0 ** torch.arange(n).float())

    def forward(self, x):
        xf = x[..., None] * self.freqs
        return torch.cat([x, xf.sin().flatten(-2), xf.cos().flatten(-2)], dim=-1)


class Net(nn.Module):
    def __init__(self, width=16, skip_in={skip_in}):
        super().__init__()
        self.enc = Encode()
        self.layers = nn.ModuleList([nn.Linear(21, width)])
        for i in range(4):
            self.layers.append(nn.Linear(skip_in if i == 2 else width, width))
        self.out = nn.Linear(width, 1)

    def forward(self, pts):
        x0 = self.enc(pts)
        h = x0
        for i, layer in enumerate(self.layers):
            h = F.relu(layer(h))
            if i == 2:
                h = torch.cat([x0, h], dim=-1)
        return self.out(h)
"""
model("skip_width_right", (5, 3), src=_SKIP.format(skip_in="16 + 21"))
model("skip_width_missing", (5, 3), src=_SKIP.format(skip_in="16"))

# ---- statistics pooling: mean and std over time, concatenated (twice the width)
_STATS = """
class Net(nn.Module):
    def __init__(self, c=6, head_in={head_in}):
        super().__init__()
        self.conv = nn.Conv1d(4, c, 3)
        self.head = nn.Linear(head_in, 2)

    def forward(self, x):
        h = self.conv(x)
        stats = torch.cat([h.mean(-1), {stat}], dim=1)
        return self.head(stats)
"""
model("stats_both", (2, 4, 10), src=_STATS.format(head_in=12, stat="h.std(-1)"))
model("stats_half_width", (2, 4, 10), src=_STATS.format(head_in=6, stat="h.std(-1)"))
model("stats_var_keepdim", (2, 4, 10), src=_STATS.format(head_in=12, stat="h.var(2, True, True)"))
model(
    "stats_std_flattened",
    (2, 4, 10),
    src=_STATS.format(head_in=12, stat="torch.std(h, dim=-1, keepdim=True).flatten(1)"),
)

# ---- nn.Transformer's masks: the target's causal mask must be (T, T)
_TF = """
class Net(nn.Module):
    def __init__(self, d=16, batch_first={bf}):
        super().__init__()
        self.bf = batch_first
        self.emb = nn.Embedding(10, d)
        self.tf = nn.Transformer(d, 2, 1, 1, dim_feedforward=32, dropout=0.0,
                                 batch_first=batch_first)

    def forward(self, src):
        tgt = src[:, :-1]
        s, t = self.emb(src), self.emb(tgt)
        if not self.bf:
            s, t = s.transpose(0, 1), t.transpose(0, 1)
        mask = nn.Transformer.generate_square_subsequent_mask({n})
        return self.tf(s, t, {kw}=mask)
"""
model("tfmask_tgt_len", (2, 6), "tokens", _TF.format(bf=True, n="tgt.shape[1]", kw="tgt_mask"))
model("tfmask_src_len", (2, 6), "tokens", _TF.format(bf=True, n="src.shape[1]", kw="tgt_mask"))
model("tfmask_seq_first", (2, 6), "tokens", _TF.format(bf=False, n="src.size(1)", kw="tgt_mask"))
model("tfmask_src_mask", (2, 6), "tokens", _TF.format(bf=True, n="src.size(1)", kw="src_mask"))
model("tfmask_memory", (2, 6), "tokens", _TF.format(bf=True, n="src.size(1)", kw="memory_mask"))
# an encoder layer with a key padding mask: (batch, length), not (length, batch)
_ENCL = """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.emb = nn.Embedding(10, d)
        self.layer = nn.TransformerEncoderLayer(d, 2, 32, dropout=0.0, batch_first=True)

    def forward(self, ids):
        pad = ids == 0
        return self.layer(self.emb(ids), src_key_padding_mask=pad{t})
"""
model("tfmask_kpm_rows", (2, 6), "tokens", _ENCL.format(t=""))
model("tfmask_kpm_transposed", (2, 6), "tokens", _ENCL.format(t=".t()"))

# the stacks pass their masks to every layer; the mask from the instance's static method
_STACK = """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.emb = nn.Embedding(10, d)
        self.tf = nn.Transformer(d, 2, 1, 1, dim_feedforward=32, dropout=0.0, batch_first=True)
        enc = nn.TransformerEncoderLayer(d, 2, 32, dropout=0.0, batch_first=True)
        dec = nn.TransformerDecoderLayer(d, 2, 32, dropout=0.0, batch_first=True)
        self.enc = nn.TransformerEncoder(enc, 2)
        self.dec = nn.TransformerDecoder(dec, 2)

    def forward(self, ids):
        T = ids.shape[1]
        mem = self.enc(self.emb(ids), mask=self.tf.generate_square_subsequent_mask({n_enc}))
        tgt = self.emb(ids[:, :-2])
        return self.dec(tgt, mem, memory_mask=torch.zeros({mem_mask}))
"""
model("tfstack_masks_fit", (2, 6), "tokens", _STACK.format(n_enc="T", mem_mask="T - 2, T"))
model("tfstack_enc_mask_long", (2, 6), "tokens", _STACK.format(n_enc="T + 1", mem_mask="T - 2, T"))
model("tfstack_memory_mask_square", (2, 6), "tokens", _STACK.format(n_enc="T", mem_mask="T, T"))

# ---- F.scaled_dot_product_attention: the mask broadcasts to (B, H, L, S)
_SDPA = """
class Net(nn.Module):
    def __init__(self, d=16, h=2):
        super().__init__()
        self.h = h
        self.emb = nn.Embedding(10, d)
        self.qkv = nn.Linear(d, 3 * d)

    def forward(self, ids):
        B, T = ids.shape
        keep = ids != 0
        q, k, v = self.qkv(self.emb(ids)).view(B, T, 3, self.h, -1).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=keep{idx})
        return y.transpose(1, 2).reshape(B, T, -1)
"""
model("sdpa_mask_broadcast", (2, 6), "tokens", _SDPA.format(idx="[:, None, None, :]"))
model("sdpa_mask_flat", (2, 6), "tokens", _SDPA.format(idx=""))
model("sdpa_mask_square", (2, 6), "tokens", _SDPA.format(idx="[0].expand(6, 6)"))
# a mask with an axis the scores do not have (torch adds it in place: no widening)
model("sdpa_mask_extra_axis", (2, 6), "tokens", _SDPA.format(idx="[:, None, None, None, :]"))
model(
    "sdpa_mask_batch_sized", (1, 6), "tokens", _SDPA.format(idx="[:1].expand(3, 6)[:, None, None]")
)

# ---- max pooling's indices: MaxUnpool takes those of its own input's stage; output_size
# (an odd map) replaces the size unpooling would give
_UNPOOL = """
class Net(nn.Module):
    def __init__(self, h={h}):
        super().__init__()
        self.a = nn.Conv2d(3, 4, 3, padding=1)
        self.b = nn.Conv2d(4, 4, 3, padding=1)
        self.pool = nn.MaxPool2d(2, return_indices=True)
        self.unpool = nn.MaxUnpool2d(2)
        self.head = nn.Linear(h, 2)

    def forward(self, x):
        x = self.a(x)
        s1 = x.size()
        x, i1 = self.pool(x)
        x = self.b(x)
        s2 = x.size()
        x, i2 = self.pool(x)
        x = self.unpool(x, {first}, output_size=s2)
        x = self.unpool(x, {second}, output_size=s1)
        return self.head(x)
"""
model("unpool_own_stage", (2, 3, 10, 10), src=_UNPOOL.format(h=10, first="i2", second="i1"))
model("unpool_odd_map", (2, 3, 9, 9), src=_UNPOOL.format(h=9, first="i2", second="i1"))
model("unpool_swapped", (2, 3, 10, 10), src=_UNPOOL.format(h=10, first="i1", second="i2"))

# ---- nn.Sequential hands each item's whole result to the next one: a pair is a TypeError
_SEQ = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, 4, 3, padding=1),
            nn.MaxPool2d(2, return_indices={ri}),
            {after}
        )

    def forward(self, x):
        return self.body(x)
"""
model("seqtuple_values", (2, 3, 8, 8), src=_SEQ.format(ri=False, after="nn.Conv2d(4, 4, 1),"))
model("seqtuple_indices", (2, 3, 8, 8), src=_SEQ.format(ri=True, after="nn.Conv2d(4, 4, 1),"))
model("seqtuple_identity", (2, 3, 8, 8), src=_SEQ.format(ri=True, after="nn.Identity(),"))
_SEQRNN = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Embedding(10, 8), nn.GRU(8, 8, batch_first=True){tail})

    def forward(self, ids):
        return self.body(ids)[0]
"""
model("seqtuple_gru_last", (2, 5), "tokens", _SEQRNN.format(tail=""))
model("seqtuple_gru_linear", (2, 5), "tokens", _SEQRNN.format(tail=", nn.Linear(8, 3)"))
# the pair handed on directly: an RNN's (output, h_n), MultiheadAttention's (output, weights)
_PAIR = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(8, 8, batch_first=True)
        self.attn = nn.MultiheadAttention(8, 2, batch_first=True)
        self.fc = nn.Linear(8, 3)

    def forward(self, x):
        h = self.rnn(x){rnn}
        return self.fc(self.attn(h, h, h){attn})
"""
model("pairin_items", (2, 5, 8), src=_PAIR.format(rnn="[0]", attn="[0]"))
model("pairin_rnn_whole", (2, 5, 8), src=_PAIR.format(rnn="", attn="[0]"))
model("pairin_attn_whole", (2, 5, 8), src=_PAIR.format(rnn="[0]", attn=""))
# a subclass whose own forward returns the output alone: not torch's pair
_SUBRNN = """
class OutputOnly(nn.GRU):
    def forward(self, x):
        out, _ = super().forward(x)
        return out


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = OutputOnly(8, 8, batch_first=True)
        self.fc = nn.Linear(8, 3)

    def forward(self, x):
        return self.fc(self.rnn(x))
"""
model("pairin_subclass_output", (2, 5, 8), src=_SUBRNN)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("pad_reflect_too_wide", "same_strided"), tmp_path, capsys
    )


def test_strided_same_layer_is_refused_when_built(tmp_path, capsys):
    """``nn.Conv1d(stride=2, padding="same")`` raises in torch's constructor (the shared
    helper builds the model outside its ``try``): a blocker at the line forward calls it."""
    torch = pytest.importorskip("torch")
    path = tmp_path / "same_layer_strided.py"
    path.write_text(HEAD + _SAMEMOD.format(stride=2))
    with pytest.raises(ValueError, match="strided"):
        runpy.run_path(str(path))["Net"]()(torch.randn(2, 2, 6))
    found = blockers(path, (2, 2, 6), capsys)
    assert [loc["line"] for f in found for loc in f["locations"]] == [12], found


def test_same_findings_without_speed_machinery(tmp_path, capsys, monkeypatch):
    """DRIFTCHECK_SPEED_OFF=all gives the same JSON on these rules' models."""
    for name in ("pad_reflect_too_wide", "same_strided"):
        src, shape, _ = MODELS[name]
        path = tmp_path / f"{name}.py"
        path.write_text(HEAD + src)
        argv = ["check", f"{path}::Net", "--input-shape", ",".join(map(str, shape))]
        outs = []
        for off in (None, "all"):
            if off:
                monkeypatch.setenv("DRIFTCHECK_SPEED_OFF", off)
            main([*argv, "--format", "json"])
            outs.append(json.loads(capsys.readouterr().out)["findings"])
        monkeypatch.delenv("DRIFTCHECK_SPEED_OFF", raising=False)
        assert outs[0] == outs[1], name
    assert "DRIFTCHECK_SPEED_OFF" not in os.environ
