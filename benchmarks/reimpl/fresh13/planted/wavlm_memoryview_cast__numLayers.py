"""WavLM base-style encoder (gated relative position bias); the sizes come packed as
unsigned shorts in our on-device config blob, read through a memoryview cast."""

import torch
from torch import nn

BLOB = bytes.fromhex("40000300040080002000100004002000")
WIDTH, LAYERS, HEADS, FFN, BUCKETS, POS_K, POS_G, CONV_C = memoryview(BLOB).cast("H").tolist()
CONV = ((CONV_C, 10, 5), (CONV_C, 3, 2))  # (channels, kernel, stride)
MAX_DIST = 800


class FeatureEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList()
        c_in = 1
        for c, k, s in CONV:
            self.convs.append(nn.Conv1d(c_in, c, k, s, bias=False))
            c_in = c
        self.group_norm = nn.GroupNorm(CONV[0][0], CONV[0][0])

    def forward(self, wav):
        x = wav[:, None]
        for i, conv in enumerate(self.convs):
            x = conv(x)
            if i == 0:
                x = self.group_norm(x)
            x = nn.functional.gelu(x)
        return x.transpose(1, 2)


class GatedRelAttention(nn.Module):
    def __init__(self, with_table):
        super().__init__()
        self.q, self.k = nn.Linear(WIDTH, WIDTH), nn.Linear(WIDTH, WIDTH)
        self.v, self.o = nn.Linear(WIDTH, WIDTH), nn.Linear(WIDTH, WIDTH)
        self.gru_const = nn.Parameter(torch.ones(1, HEADS, 1, 1))
        self.gru_linear = nn.Linear(WIDTH // HEADS, 8)
        self.table = nn.Embedding(BUCKETS, HEADS) if with_table else None

    def bias(self, t):
        rel = torch.arange(t)[None] - torch.arange(t)[:, None]
        half = BUCKETS // 2
        bucket = (rel > 0).long() * half + rel.abs().clamp(max=half - 1)
        return self.table(bucket).permute(2, 0, 1)[None]

    def forward(self, x, pos_bias):
        b, t, _ = x.shape
        hd = WIDTH // HEADS
        q = self.q(x).view(b, t, HEADS, hd).transpose(1, 2)
        k = self.k(x).view(b, t, HEADS, hd).transpose(1, 2)
        v = self.v(x).view(b, t, HEADS, hd).transpose(1, 2)
        if self.table is not None:
            pos_bias = self.bias(t)
        g = torch.sigmoid(self.gru_linear(q).view(b, HEADS, t, 2, 4).sum(-1))
        ga, gb = g.chunk(2, -1)
        gate = ga * (gb * self.gru_const - 1.0) + 2.0
        s = (q @ k.transpose(-1, -2)) * hd**-0.5 + gate * pos_bias
        return self.o((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, WIDTH)), pos_bias


class EncoderLayer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.attn = GatedRelAttention(with_table=i == 0)
        self.ln1, self.ln2 = nn.LayerNorm(WIDTH), nn.LayerNorm(WIDTH)
        self.ff_in, self.ff_out = nn.Linear(WIDTH, FFN), nn.Linear(FFN, WIDTH)

    def forward(self, x, pos_bias):
        a, pos_bias = self.attn(x, pos_bias)
        x = self.ln1(x + a)
        x = self.ln2(x + self.ff_out(nn.functional.gelu(self.ff_in(x))))
        return x, pos_bias


class WavLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = FeatureEncoder()
        self.proj_norm = nn.LayerNorm(CONV[-1][0])
        self.proj = nn.Linear(CONV[-1][0], WIDTH)
        self.mask_emb = nn.Parameter(torch.zeros(WIDTH))
        self.pos_conv = nn.utils.parametrizations.weight_norm(
            nn.Conv1d(WIDTH, WIDTH, POS_K, padding=POS_K // 2, groups=POS_G), dim=2
        )
        self.enc_norm = nn.LayerNorm(WIDTH)
        self.layers = nn.ModuleList(EncoderLayer(i) for i in range(LAYERS))

    def forward(self, wav):
        x = self.proj(self.proj_norm(self.features(wav)))
        p = self.pos_conv(x.transpose(1, 2))[..., : x.shape[1]]
        x = self.enc_norm(x + nn.functional.gelu(p).transpose(1, 2))
        pos_bias = None
        for layer in self.layers:
            x, pos_bias = layer(x, pos_bias)
        return x
