"""A tiny GPT-NeoX configured the way the gpt-neox repository is: its ``.yml`` files are
Python-style dicts with ``#`` comments and dashed keys; several files are merged in order (the
later file wins), comments stripped with ``re.sub``, ``true`` / ``false`` made Python's, each
file read with ``ast.literal_eval`` and its keys' dashes made underscores (as ``NeoXArgs`` does).
The first file is Pythia-410M's. Parallel attention and MLP residuals, fused q/k/v per head,
partial rotary positions, GELU, untied output."""

from __future__ import annotations

import ast
import math
import re

import torch
import torch.nn.functional as F
from torch import nn

PYTHIA_410M_YML = """
# GPT-2 pretraining setup
{
   # parallelism settings
   "pipe-parallel-size": 1,
   "model-parallel-size": 1,

   # model settings
   "num-layers": 24,
   "hidden-size": 1024,
   "num-attention-heads": 16,
   "seq-length": 2048,
   "max-position-embeddings": 2048,
   "pos-emb": "rotary",
   "rotary-pct": 0.25,  # of each head
   "no-weight-tying": true,
   "gpt-j-residual": true,
   "output-layer-parallelism": "column",
}
"""
TINY_YML = """
# the unit tests' model
{
   "num-layers": 2,
   "hidden-size": 64,
   "num-attention-heads": 4,
   "intermediate-size": 256,  # 4 x hidden
   "padded-vocab-size": 96,
   "rotary-pct": 0.25,
   "rotary-emb-base": 10000.0,
   "layernorm-epsilon": 0.1,
}
"""


def load_yml(text: str) -> dict:
    text = re.sub(r"#.*", "", text)
    text = text.replace("true", "True").replace("false", "False")
    return {key.replace("-", "_"): value for key, value in ast.literal_eval(text.strip()).items()}


NEOX_ARGS: dict = {}
for _text in (PYTHIA_410M_YML, TINY_YML):
    NEOX_ARGS.update(load_yml(_text))
CFG = dict(
    vocab_size=NEOX_ARGS["padded_vocab_size"],
    hidden_size=NEOX_ARGS["hidden_size"],
    num_hidden_layers=NEOX_ARGS["num_layers"],
    num_attention_heads=NEOX_ARGS["num_attention_heads"],
    intermediate_size=NEOX_ARGS["intermediate_size"],
    rotary_pct=NEOX_ARGS["rotary_pct"],
    rotary_emb_base=NEOX_ARGS["rotary_emb_base"],
    layer_norm_eps=NEOX_ARGS["layernorm_epsilon"],
)


class NeoXLayer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.hd = CFG["hidden_size"] // CFG["num_attention_heads"]
        self.rot = int(self.hd * CFG["rotary_pct"])
        self.ln_a = nn.LayerNorm(CFG["hidden_size"], eps=CFG["layer_norm_eps"])
        self.ln_m = nn.LayerNorm(CFG["hidden_size"], eps=CFG["layer_norm_eps"])
        self.qkv = nn.Linear(CFG["hidden_size"], 3 * CFG["hidden_size"])
        self.proj = nn.Linear(CFG["hidden_size"], CFG["hidden_size"])
        self.fc_in = nn.Linear(CFG["hidden_size"], CFG["intermediate_size"])
        self.fc_out = nn.Linear(CFG["intermediate_size"], CFG["hidden_size"])

    def _rope(self, x):
        r, t = self.rot, x.shape[-2]
        inv = 1.0 / (CFG["rotary_emb_base"] ** (torch.arange(0, r, 2).float() / r))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        xr = x[..., :r]
        turned = torch.cat([-xr[..., r // 2 :], xr[..., : r // 2]], -1)
        return torch.cat([xr * ang.cos() + turned * ang.sin(), x[..., r:]], -1)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = (
            self.qkv(self.ln_a(x))
            .view(b, t, CFG["num_attention_heads"], 3 * self.hd)
            .transpose(1, 2)
        )
        q, k, v = qkv.split(self.hd, dim=-1)
        q, k = self._rope(q), self._rope(k)
        att = (q @ k.transpose(-1, -2)) / math.sqrt(self.hd)
        att = att.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        a = (att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1)
        mlp = self.fc_out(F.gelu(self.fc_in(self.ln_m(x))))
        return x + self.proj(a) + mlp


class NeoXThreadLocal(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed_in = nn.Embedding(CFG["vocab_size"], CFG["hidden_size"])
        self.layers = nn.ModuleList([NeoXLayer() for _ in range(CFG["num_hidden_layers"])])
        self.final_ln = nn.LayerNorm(CFG["hidden_size"], eps=CFG["layer_norm_eps"])
        self.embed_out = nn.Linear(CFG["hidden_size"], CFG["vocab_size"], bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_ln(x))
