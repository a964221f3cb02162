"""wav2vec 2.0 (base layout, post-norm), ported into our own repo. The sizes of every run we
trained are one JSON object per line of a ``runs.jsonl`` log; the model takes the record whose
``run`` matches with ``next()`` over ``map(json.loads, ...)``. A 1-D conv feature encoder given
as ``(channels, kernel, stride)`` tuples (GroupNorm on the first conv only, no conv biases), a
feature projection, a grouped positional convolution under ``weight_norm`` (dim 2) with the
extra frame cut, post-norm Transformer layers, and the learned mask embedding Parameter."""

import json

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import weight_norm

RUNS_JSONL = """\
{"run": "w2v2-base-ls960", "conv": [[512, 10, 5], [512, 3, 2], [512, 3, 2], [512, 3, 2], [512, 3, 2], [512, 2, 2], [512, 2, 2]], "hidden": 768, "layers": 12, "heads": 12, "ffn": 3072, "pos_kernel": 128, "pos_groups": 16, "eps": 1e-5}
{"run": "w2v2-tiny-ci", "conv": [[32, 10, 5], [32, 3, 2], [32, 3, 2]], "hidden": 64, "layers": 2, "heads": 8, "ffn": 128, "pos_kernel": 16, "pos_groups": 4, "eps": 1e-5}
{"run": "w2v2-tiny-ci-wide", "conv": [[64, 10, 5], [64, 3, 2]], "hidden": 128, "layers": 4, "heads": 8, "ffn": 512, "pos_kernel": 32, "pos_groups": 8, "eps": 1e-5}
"""
RUN_NAME = "w2v2-tiny-ci"

RECORD = next(r for r in map(json.loads, RUNS_JSONL.splitlines()) if r["run"] == RUN_NAME)
CONV_LAYERS = [tuple(layer) for layer in RECORD["conv"]]
HIDDEN = RECORD["hidden"]
LAYERS = RECORD["layers"]
HEADS = RECORD["heads"]
FFN = RECORD["ffn"]
POS_KERNEL = RECORD["pos_kernel"]
POS_GROUPS = RECORD["pos_groups"]
EPS = RECORD["eps"]


class FeatureEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList()
        cin = 1
        for cout, k, s in CONV_LAYERS:
            self.convs.append(nn.Conv1d(cin, cout, k, stride=s, bias=False))
            cin = cout
        self.group_norm = nn.GroupNorm(CONV_LAYERS[0][0], CONV_LAYERS[0][0], eps=EPS)

    def forward(self, wav):
        x = wav[:, None]
        for i, conv in enumerate(self.convs):
            x = conv(x)
            if i == 0:
                x = self.group_norm(x)
            x = F.gelu(x)
        return x.transpose(1, 2)


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(HIDDEN, HEADS, batch_first=True)
        self.norm1 = nn.LayerNorm(HIDDEN, eps=EPS)
        self.ff_in = nn.Linear(HIDDEN, FFN)
        self.ff_out = nn.Linear(FFN, HIDDEN)
        self.norm2 = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x):
        x = self.norm1(x + self.attn(x, x, x, need_weights=False)[0])
        return self.norm2(x + self.ff_out(F.gelu(self.ff_in(x))))


class Wav2Vec2(nn.Module):
    def __init__(self):
        super().__init__()
        self.feature_encoder = FeatureEncoder()
        self.proj_norm = nn.LayerNorm(CONV_LAYERS[-1][0], eps=EPS)
        self.proj = nn.Linear(CONV_LAYERS[-1][0], HIDDEN)
        self.mask_emb = nn.Parameter(torch.zeros(HIDDEN))
        self.pos_conv = weight_norm(
            nn.Conv1d(HIDDEN, HIDDEN, POS_KERNEL, padding=POS_KERNEL // 2, groups=POS_GROUPS),
            name="weight",
            dim=2,
        )
        self.enc_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.layers = nn.ModuleList(EncoderLayer() for _ in range(LAYERS))

    def forward(self, wav):
        x = self.proj(self.proj_norm(self.feature_encoder(wav)))
        pos = self.pos_conv(x.transpose(1, 2))
        if POS_KERNEL % 2 == 0:
            pos = pos[:, :, :-1]
        x = self.enc_norm(x + F.gelu(pos).transpose(1, 2))
        for layer in self.layers:
            x = layer(x)
        return x
