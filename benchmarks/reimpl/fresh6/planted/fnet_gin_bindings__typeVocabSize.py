"""FNet (Lee-Thorp et al.): a BERT encoder whose self-attention is replaced by the real part of
a 2-D Fourier transform over sequence and hidden dimensions, so the mixing sublayer has no
weights, only its post-norm. The embedding sum goes through a LayerNorm and a dense
projection. Sizes are gin-style bindings (``FNet.hidden = 64``) parsed line by line, the way
the original JAX code configured its runs."""

import ast

import torch
import torch.nn.functional as F
from torch import nn

BINDINGS = """
# FNet-tiny
FNet.vocab_size = 700
FNet.hidden = 64
FNet.intermediate = 160
FNet.num_layers = 3
FNet.max_positions = 128
FNet.type_vocab = 2
FNet.ln_eps = 1e-12
"""


def parse_bindings(text):
    out = {}
    for line in text.splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        key, value = (part.strip() for part in line.split("=", 1))
        out[key.split(".", 1)[1]] = ast.literal_eval(value)
    return out


G = parse_bindings(BINDINGS)


class MixingLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.mix_norm = nn.LayerNorm(G["hidden"], eps=G["ln_eps"])
        self.ff_in = nn.Linear(G["hidden"], G["intermediate"])
        self.ff_out = nn.Linear(G["intermediate"], G["hidden"])
        self.ff_norm = nn.LayerNorm(G["hidden"], eps=G["ln_eps"])

    def forward(self, x):
        x = self.mix_norm(x + torch.fft.fftn(x, dim=(1, 2)).real)
        return self.ff_norm(x + self.ff_out(F.gelu(self.ff_in(x), approximate="tanh")))


class FNet(nn.Module):
    def __init__(self):
        super().__init__()
        h = G["hidden"]
        self.word = nn.Embedding(G["vocab_size"], h)
        self.position = nn.Embedding(G["max_positions"], h)
        self.token_type = nn.Embedding(G["type_vocab"], h)
        self.embed_norm = nn.LayerNorm(h, eps=G["ln_eps"])
        self.embed_proj = nn.Linear(h, h)
        self.layers = nn.ModuleList(MixingLayer() for _ in range(G["num_layers"]))
        self.pooler = nn.Linear(h, h)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.word(ids) + self.position(pos) + self.token_type(torch.zeros_like(ids))
        x = self.embed_proj(self.embed_norm(x))
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
