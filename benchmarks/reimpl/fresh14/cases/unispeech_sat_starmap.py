"""UniSpeech-SAT's encoder (wav2vec2-style conv feature encoder with a GroupNorm on the first
conv, a weight-normed grouped position conv, post-norm layers): the conv stack is made by
``itertools.starmap`` over (in, out, kernel, stride) rows."""

import itertools

import torch
import torch.nn.functional as F
from torch import nn

CONV_ROWS = [(1, 32, 10, 5), (32, 32, 3, 2)]
HIDDEN = 64
HEADS = 4
FFN = 128
LAYERS = 2
POS_KERNEL = 16
POS_GROUPS = 4


def conv(cin, cout, k, s):
    return nn.Conv1d(cin, cout, k, stride=s, bias=False)


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj, self.k_proj, self.v_proj, self.out_proj = (
            nn.Linear(HIDDEN, HIDDEN) for _ in range(4)
        )
        self.layer_norm = nn.LayerNorm(HIDDEN)
        self.intermediate_dense = nn.Linear(HIDDEN, FFN)
        self.output_dense = nn.Linear(FFN, HIDDEN)
        self.final_layer_norm = nn.LayerNorm(HIDDEN)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, HEADS, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        o = F.scaled_dot_product_attention(q, k, v)
        x = self.layer_norm(x + self.out_proj(o.transpose(1, 2).reshape(b, t, -1)))
        return self.final_layer_norm(x + self.output_dense(F.gelu(self.intermediate_dense(x))))


class UniSpeechSat(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList(itertools.starmap(conv, CONV_ROWS))
        self.first_norm = nn.GroupNorm(CONV_ROWS[0][1], CONV_ROWS[0][1])
        last = CONV_ROWS[-1][1]
        self.proj_norm = nn.LayerNorm(last)
        self.projection = nn.Linear(last, HIDDEN)
        pos = nn.Conv1d(HIDDEN, HIDDEN, POS_KERNEL, padding=POS_KERNEL // 2, groups=POS_GROUPS)
        self.pos_conv = nn.utils.parametrizations.weight_norm(pos, name="weight", dim=2)
        self.encoder_norm = nn.LayerNorm(HIDDEN)
        self.layers = nn.ModuleList(EncoderLayer() for _ in range(LAYERS))
        self.masked_spec_embed = nn.Parameter(torch.zeros(HIDDEN))

    def forward(self, wav):
        x = wav[:, None]
        for i, c in enumerate(self.convs):
            x = c(x)
            x = F.gelu(self.first_norm(x) if i == 0 else x)
        x = self.projection(self.proj_norm(x.transpose(1, 2)))
        p = self.pos_conv(x.transpose(1, 2))[..., : x.shape[1]]
        x = self.encoder_norm(x + F.gelu(p).transpose(1, 2))
        for layer in self.layers:
            x = layer(x)
        return x
