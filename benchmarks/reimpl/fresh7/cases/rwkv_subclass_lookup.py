"""RWKV-4: time-mixing (token shift with learned mix ratios, the WKV recurrence with a learned
per-channel decay and a bonus for the current token) and channel-mixing (squared ReLU key,
sigmoid receptance) blocks, an extra LayerNorm on the embeddings in the first block, an untied
head. The two mixer kinds are found at build time by walking ``Mixer.__subclasses__()`` for
the one whose ``kind`` matches, a plugin pattern some repositories use."""

import torch
import torch.nn.functional as F
from torch import nn

N_EMBD = 64
N_LAYER = 2
VOCAB_SIZE = 576
DIM_ATT = 64
DIM_FFN = 192
LN_EPS = 1e-5


class Mixer(nn.Module):
    kind = None

    @classmethod
    def by_kind(cls, kind):
        return next(sub for sub in cls.__subclasses__() if sub.kind == kind)


def shift(x):
    return F.pad(x, (0, 0, 1, -1))


class TimeMix(Mixer):
    kind = "time"

    def __init__(self):
        super().__init__()
        self.time_decay = nn.Parameter(torch.zeros(DIM_ATT))
        self.time_first = nn.Parameter(torch.zeros(DIM_ATT))
        self.time_mix_key = nn.Parameter(torch.full((1, 1, N_EMBD), 0.5))
        self.time_mix_value = nn.Parameter(torch.full((1, 1, N_EMBD), 0.5))
        self.time_mix_receptance = nn.Parameter(torch.full((1, 1, N_EMBD), 0.5))
        self.key = nn.Linear(N_EMBD, DIM_ATT, bias=False)
        self.value = nn.Linear(N_EMBD, DIM_ATT, bias=False)
        self.receptance = nn.Linear(N_EMBD, DIM_ATT, bias=False)
        self.output = nn.Linear(DIM_ATT, N_EMBD, bias=False)

    def forward(self, x):
        xx = shift(x)
        k = self.key(x * self.time_mix_key + xx * (1 - self.time_mix_key))
        v = self.value(x * self.time_mix_value + xx * (1 - self.time_mix_value))
        r = torch.sigmoid(
            self.receptance(x * self.time_mix_receptance + xx * (1 - self.time_mix_receptance))
        )
        w = -torch.exp(self.time_decay)
        num = torch.zeros_like(k[:, 0])
        den = torch.zeros_like(k[:, 0])
        big = torch.full_like(k[:, 0], -1e38)
        outs = []
        for t in range(x.shape[1]):
            kt, vt = k[:, t], v[:, t]
            m = torch.maximum(big, self.time_first + kt)
            a, b = torch.exp(big - m), torch.exp(self.time_first + kt - m)
            outs.append((a * num + b * vt) / (a * den + b))
            m2 = torch.maximum(big + w, kt)
            a2, b2 = torch.exp(big + w - m2), torch.exp(kt - m2)
            num, den, big = a2 * num + b2 * vt, a2 * den + b2, m2
        return self.output(r * torch.stack(outs, 1))


class ChannelMix(Mixer):
    kind = "channel"

    def __init__(self):
        super().__init__()
        self.time_mix_key = nn.Parameter(torch.full((1, 1, N_EMBD), 0.5))
        self.time_mix_receptance = nn.Parameter(torch.full((1, 1, N_EMBD), 0.5))
        self.key = nn.Linear(N_EMBD, DIM_FFN, bias=False)
        self.receptance = nn.Linear(N_EMBD, N_EMBD, bias=False)
        self.value = nn.Linear(DIM_FFN, N_EMBD, bias=False)

    def forward(self, x):
        xx = shift(x)
        k = torch.square(torch.relu(self.key(x * self.time_mix_key + xx * (1 - self.time_mix_key))))
        r = torch.sigmoid(
            self.receptance(x * self.time_mix_receptance + xx * (1 - self.time_mix_receptance))
        )
        return r * self.value(k)


class RwkvBlock(nn.Module):
    def __init__(self, layer_id):
        super().__init__()
        if layer_id == 0:
            self.pre_ln = nn.LayerNorm(N_EMBD, eps=LN_EPS)
        self.ln1 = nn.LayerNorm(N_EMBD, eps=LN_EPS)
        self.ln2 = nn.LayerNorm(N_EMBD, eps=LN_EPS)
        self.attention = Mixer.by_kind("time")()
        self.feed_forward = Mixer.by_kind("channel")()

    def forward(self, x):
        if hasattr(self, "pre_ln"):
            x = self.pre_ln(x)
        x = x + self.attention(self.ln1(x))
        return x + self.feed_forward(self.ln2(x))


class RWKV(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB_SIZE, N_EMBD)
        self.blocks = nn.ModuleList(RwkvBlock(i) for i in range(N_LAYER))
        self.ln_out = nn.LayerNorm(N_EMBD, eps=LN_EPS)
        self.head = nn.Linear(N_EMBD, VOCAB_SIZE, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for block in self.blocks:
            x = block(x)
        return self.head(self.ln_out(x))
