"""GPT-Neo, ported into our own repo. GPT-Neo 1.3B's hyper-parameters are the starting dict and
the run's overrides are applied one by one with the walrus operator (``if (v := ...) is not
None``), the MLP width falling back to four times the width when the run gives none.
Attention classes chosen through a string registry filled by a decorator
(``@register("global")``, ``@register("local")``), the layer pattern expanded from
``[[["global", "local"], n]]`` like the original config, unscaled attention scores, learned
absolute positions, and the head tied by assigning the embedding's Parameter."""

import math

import torch
import torch.nn as nn

ATTENTION = {}


def register(name):
    def wrap(cls):
        ATTENTION[name] = cls
        return cls

    return wrap


HPARAMS = dict(
    vocab_size=50257,
    max_position_embeddings=2048,
    hidden_size=2048,
    num_heads=16,
    attention_types=[[["global", "local"], 12]],
    window_size=256,
    intermediate_size=None,
    layer_norm_epsilon=1e-5,
)

OVERRIDES = {
    "vocab": 768,
    "positions": 256,
    "hidden": 96,
    "heads": 4,
    "pairs": 1,
    "window": 32,
}

if (v := OVERRIDES.get("vocab")) is not None:
    HPARAMS["vocab_size"] = v
if (p := OVERRIDES.get("positions")) is not None:
    HPARAMS["max_position_embeddings"] = p
if (d := OVERRIDES.get("hidden")) is not None:
    HPARAMS["hidden_size"] = d
if (h := OVERRIDES.get("heads")) is not None:
    HPARAMS["num_heads"] = h
if (n := OVERRIDES.get("pairs")) is not None:
    HPARAMS["attention_types"] = [[["global", "local"], n]]
if (w := OVERRIDES.get("window")) is not None:
    HPARAMS["window_size"] = w
if (f := OVERRIDES.get("ffn")) is None:
    f = 4 * HPARAMS["hidden_size"]
HPARAMS["intermediate_size"] = f


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
