"""GPT-Neo, ported into our own repo. Every run is one ``[[runs]]`` entry of a TOML array of
tables (GPT-Neo 1.3B's first), read with ``tomllib``; the run takes the entry whose ``name``
matches, the MLP width falling back to four times the width and the epsilon to 1e-5 when the
entry gives none. Attention classes chosen through a string registry filled by a decorator
(``@register("global")``, ``@register("local")``), the layer pattern expanded from
``[[["global", "local"], n]]`` like the original config, unscaled attention scores, learned
absolute positions, and the head tied by assigning the embedding's Parameter."""

import math

import tomllib
import torch
import torch.nn as nn

ATTENTION = {}


def register(name):
    def wrap(cls):
        ATTENTION[name] = cls
        return cls

    return wrap


RUNS_TOML = """
[[runs]]
name = "neo-1.3B"
vocab_size = 50257
max_position_embeddings = 2048
hidden_size = 2048
num_heads = 16
layer_pairs = 12
window_size = 256

[[runs]]
name = "neo-tiny"
vocab_size = 768
max_position_embeddings = 256
hidden_size = 96
num_heads = 4
layer_pairs = 1
window_size = 32
"""

RUN = next(r for r in tomllib.loads(RUNS_TOML)["runs"] if r["name"] == "neo-tiny")
HPARAMS = dict(
    vocab_size=RUN["vocab_size"],
    max_position_embeddings=RUN["max_position_embeddings"],
    hidden_size=RUN["hidden_size"],
    num_heads=RUN["num_heads"],
    attention_types=[[["global", "local"], RUN["layer_pairs"]]],
    window_size=RUN["window_size"],
    intermediate_size=RUN.get("intermediate_size", 4 * RUN["hidden_size"]),
    layer_norm_epsilon=RUN.get("layer_norm_epsilon", 1e-5),
)


def expand_layers(attention_types):
    out = []
    for kinds, repeat in attention_types:
        for _ in range(repeat):
            out.extend(kinds)
    return out


def gelu_new(x):
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x.pow(3))))


class _Attention(nn.Module):
    def __init__(self, hp):
        super().__init__()
        d = hp["hidden_size"]
        self.h = hp["num_heads"]
        self.k_proj = nn.Linear(d, d, bias=False)
        self.v_proj = nn.Linear(d, d, bias=False)
        self.q_proj = nn.Linear(d, d, bias=False)
        self.out_proj = nn.Linear(d, d)

    def allowed(self, t):
        return torch.ones(t, t, dtype=torch.bool).tril()

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            p(x).view(b, t, self.h, d // self.h).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        s = q @ k.transpose(-1, -2)  # GPT-Neo does not scale the scores
        s = s.masked_fill(~self.allowed(t), torch.finfo(s.dtype).min)
        y = s.softmax(-1) @ v
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


@register("global")
class GlobalAttention(_Attention):
    pass


@register("local")
class LocalAttention(_Attention):
    def __init__(self, hp):
        super().__init__(hp)
        self.window = hp["window_size"]

    def allowed(self, t):
        i = torch.arange(t)
        return super().allowed(t) & (i[:, None] - i[None, :] < self.window)


class Block(nn.Module):
    def __init__(self, hp, kind):
        super().__init__()
        d = hp["hidden_size"]
        self.ln_1 = nn.LayerNorm(d, eps=hp["layer_norm_epsilon"])
        self.attn = ATTENTION[kind](hp)
        self.ln_2 = nn.LayerNorm(d, eps=hp["layer_norm_epsilon"])
        self.c_fc = nn.Linear(d, hp["intermediate_size"])
        self.c_proj = nn.Linear(hp["intermediate_size"], d)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.c_proj(gelu_new(self.c_fc(self.ln_2(x))))


class GPTNeo(nn.Module):
    def __init__(self, hp=HPARAMS):
        super().__init__()
        d = hp["hidden_size"]
        self.wte = nn.Embedding(hp["vocab_size"], d)
        self.wpe = nn.Embedding(hp["max_position_embeddings"], d)
        self.h = nn.ModuleList(Block(hp, k) for k in expand_layers(hp["attention_types"]))
        self.ln_f = nn.LayerNorm(d, eps=hp["layer_norm_epsilon"])
        self.lm_head = nn.Linear(d, hp["vocab_size"], bias=False)
        self.lm_head.weight = self.wte.weight

    def forward(self, idx):
        x = self.wte(idx) + self.wpe(torch.arange(idx.shape[1]))
        for block in self.h:
            x = block(x)
        return self.lm_head(self.ln_f(x))
