"""A tiny Gemma 2 in the plain style of a training script: an ``argparse`` parser with one flag per
size, its defaults set from the 2B release's preset with ``parser.set_defaults(**preset)``, and the
launcher's command line read with ``parse_known_args`` (flags meant for the data loader pass
through unread). Gemma 2: embeddings scaled by sqrt(width), RMSNorm with ``(1 + w)``, four norms
per layer, attention scaled by ``query_pre_attn_scalar`` and soft-capped, sliding-window attention
on even layers, GELU-tanh gated MLP, tied output head and final logit soft-capping."""

from __future__ import annotations

import argparse
import math

import torch
import torch.nn.functional as F
from torch import nn

PRESETS = {
    "gemma-2-2b": {
        "vocab": 256000,
        "width": 2304,
        "ffn": 9216,
        "layers": 26,
        "heads": 8,
        "kv_heads": 4,
        "head_dim": 256,
        "query_scalar": 256,
        "window": 4096,
        "eps": 1e-06,
        "rope_base": 10000.0,
        "attn_cap": 50.0,
        "final_cap": 30.0,
    },
}

parser = argparse.ArgumentParser("train_gemma2")
for _name in ("vocab", "width", "ffn", "layers", "heads", "kv_heads", "head_dim", "query_scalar"):
    parser.add_argument(f"--{_name}", type=int)
parser.add_argument("--window", type=int)
for _name in ("eps", "rope_base", "attn_cap", "final_cap"):
    parser.add_argument(f"--{_name}", type=float)
parser.add_argument("--lr", type=float, default=3e-4)
parser.set_defaults(**PRESETS["gemma-2-2b"])

# the launcher's command line: the data loader's flags are passed on to its own parser
RUN_ARGV = [
    "--vocab=128",
    "--width=64",
    "--ffn=128",
    "--layers=2",
    "--heads=8",
    "--kv_heads=2",
    "--head_dim=16",
    "--query_scalar=24",
    "--window=8",
    "--eps=1e-06",
    "--rope_base=10000.0",
    "--num_workers=4",
    "--data_dir=/data/tiny_shakespeare",
]
args, loader_argv = parser.parse_known_args(RUN_ARGV)
HP = vars(args)


class GemmaNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + HP["eps"])
        return x * (1.0 + self.weight)


class Attention(nn.Module):
    def __init__(self, index: int) -> None:
        super().__init__()
        self.h, self.kv, self.hd = HP["heads"], HP["kv_heads"], HP["head_dim"]
        self.sliding = index % 2 == 0
        w = HP["width"]
        self.q_proj = nn.Linear(w, self.h * self.hd, bias=False)
        self.k_proj = nn.Linear(w, self.kv * self.hd, bias=False)
        self.v_proj = nn.Linear(w, self.kv * self.hd, bias=False)
        self.o_proj = nn.Linear(self.h * self.hd, w, bias=False)

    @staticmethod
    def rope(x):
        t, d = x.shape[-2], x.shape[-1]
        inv = 1.0 / (HP["rope_base"] ** (torch.arange(0, d, 2).float() / d))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        return x * ang.cos() + torch.cat([-x[..., d // 2 :], x[..., : d // 2]], -1) * ang.sin()

    def forward(self, x):
        b, t, _ = x.shape
        q = self.rope(self.q_proj(x).view(b, t, self.h, self.hd).transpose(1, 2))
        k = self.rope(self.k_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2))
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        k = k.repeat_interleave(self.h // self.kv, 1)
        v = v.repeat_interleave(self.h // self.kv, 1)
        s = q @ k.transpose(-1, -2) / math.sqrt(HP["query_scalar"])
        s = torch.tanh(s / HP["attn_cap"]) * HP["attn_cap"]
        i = torch.arange(t)
        keep = i[:, None] >= i[None, :]
        if self.sliding:
            keep = keep & (i[:, None] - i[None, :] < HP["window"])
        p = s.masked_fill(~keep, float("-inf")).softmax(-1)
        return self.o_proj((p @ v).transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, index: int) -> None:
        super().__init__()
        w, f = HP["width"], HP["ffn"]
        self.norm_in = GemmaNorm(w)
        self.attn = Attention(index)
        self.norm_post_attn = GemmaNorm(w)
        self.norm_pre_ffn = GemmaNorm(w)
        self.gate = nn.Linear(w, f, bias=False)
        self.up = nn.Linear(w, f, bias=False)
        self.down = nn.Linear(f, w, bias=False)
        self.norm_post_ffn = GemmaNorm(w)

    def forward(self, x):
        x = x + self.norm_post_attn(self.attn(self.norm_in(x)))
        h = self.norm_pre_ffn(x)
        h = self.down(F.gelu(self.gate(h), approximate="tanh") * self.up(h))
        return x + self.norm_post_ffn(h)


class Gemma2FromRunTable(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed = nn.Embedding(HP["vocab"], HP["width"])
        self.blocks = nn.ModuleList(Block(i) for i in range(HP["layers"]))
        self.norm = GemmaNorm(HP["width"])

    def forward(self, ids):
        x = self.embed(ids) * torch.tensor(HP["width"] ** 0.5)
        for blk in self.blocks:
            x = blk(x)
        logits = self.norm(x) @ self.embed.weight.T
        return torch.tanh(logits / HP["final_cap"]) * HP["final_cap"]
