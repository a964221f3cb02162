"""GPT-2 as an ``nn.Sequential`` over an ``OrderedDict`` (embeddings, blocks, final norm), the
way our distillation code slices models; sizes in module-level constants."""

import math
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F

N_VOCAB = 640
N_CTX = 128
N_EMBD = 64
N_HEAD = 4
N_LAYER = 2
N_INNER = 4 * N_EMBD


class Embed(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte, self.wpe = nn.Embedding(N_VOCAB, N_EMBD), nn.Embedding(N_CTX, N_EMBD)

    def forward(self, ids):
        return self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1, self.ln_2 = nn.LayerNorm(N_EMBD), nn.LayerNorm(N_EMBD)
        self.c_attn, self.c_proj = nn.Linear(N_EMBD, 3 * N_EMBD), nn.Linear(N_EMBD, N_EMBD)
        self.c_fc, self.c_out = nn.Linear(N_EMBD, N_INNER), nn.Linear(N_INNER, N_EMBD)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(d, -1)
        q, k, v = (z.view(b, t, N_HEAD, -1).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(
            q, k, v, is_causal=True, scale=1 / math.sqrt(d // N_HEAD)
        )
        x = x + self.c_proj(y.transpose(1, 2).reshape(b, t, d))
        return x + self.c_out(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


class GPT2(nn.Sequential):
    def __init__(self):
        parts = [("embed", Embed())]
        parts += [(f"h{i}", Block()) for i in range(N_LAYER)]
        parts += [("ln_f", nn.LayerNorm(N_EMBD))]
        super().__init__(OrderedDict(parts))
