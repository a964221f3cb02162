"""A tiny Qwen2 in Meta's reference style whose sizes make a round trip through the disk, as the
training and evaluation scripts pass them: a ``ModelArgs`` dataclass (defaults: the 7B release's
sizes) saved as ``params.json`` into a ``tempfile.TemporaryDirectory`` with ``pathlib`` and read
back with ``ModelArgs.load``. Tensor-parallel layers (``ColumnParallelLinear`` /
``RowParallelLinear``) that run here on one process, world size 1. Biased q/k/v, grouped
key/value heads, rotary positions, SwiGLU, RMSNorm, untied output."""

from __future__ import annotations

import json
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn


@dataclass
class ModelArgs:
    dim: int = 3584
    n_layers: int = 28
    n_heads: int = 28
    n_kv_heads: int = 4
    vocab_size: int = 152064
    hidden_dim: int = 18944
    norm_eps: float = 1e-06
    rope_theta: float = 1000000.0
    max_batch_size: int = 32
    max_seq_len: int = 32768

    def save(self, directory: str) -> Path:
        path = Path(directory) / "params.json"
        path.write_text(json.dumps(asdict(self), indent=2))
        return path

    @classmethod
    def load(cls, path: Path) -> ModelArgs:
        return cls(**json.loads(path.read_text()))


TRAIN_ARGS = ModelArgs(
    dim=64,
    n_layers=3,
    n_heads=4,
    n_kv_heads=2,
    vocab_size=96,
    hidden_dim=128,
    norm_eps=1e-06,
    rope_theta=10000.0,
    max_batch_size=4,
    max_seq_len=128,
)
with tempfile.TemporaryDirectory() as ckpt_dir:
    ARGS = ModelArgs.load(TRAIN_ARGS.save(ckpt_dir))


def world_size() -> int:
    return dist.get_world_size() if dist.is_available() and dist.is_initialized() else 1


class ColumnParallelLinear(nn.Linear):
    """This rank's rows of a ``[out, in]`` weight (the output is left split)."""

    def __init__(self, in_features: int, out_features: int, bias: bool = False) -> None:
        super().__init__(in_features, out_features // world_size(), bias=bias)


class RowParallelLinear(nn.Linear):
    """This rank's columns of a ``[out, in]`` weight (the partial sums are all-reduced)."""

    def __init__(self, in_features: int, out_features: int, bias: bool = False) -> None:
        super().__init__(in_features // world_size(), out_features, bias=bias)

    def forward(self, x):
        y = super().forward(x)
        if world_size() > 1:
            dist.all_reduce(y)
        return y


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float) -> None:
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))


def rotate(x, theta: float):
    t, d = x.shape[-2], x.shape[-1]
    inv = 1.0 / (theta ** (torch.arange(0, d, 2).float() / d))
    ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
    half = d // 2
    return x * ang.cos() + torch.cat([-x[..., half:], x[..., :half]], -1) * ang.sin()


class Attention(nn.Module):
    def __init__(self, args: ModelArgs) -> None:
        super().__init__()
        self.n_local_heads = args.n_heads // world_size()
        self.n_local_kv_heads = args.n_kv_heads // world_size()
        self.head_dim = args.dim // args.n_heads
        self.theta = args.rope_theta
        self.wq = ColumnParallelLinear(args.dim, args.n_heads * self.head_dim, bias=True)
        self.wk = ColumnParallelLinear(args.dim, args.n_kv_heads * self.head_dim, bias=True)
        self.wv = ColumnParallelLinear(args.dim, args.n_kv_heads * self.head_dim, bias=True)
        self.wo = RowParallelLinear(args.n_heads * self.head_dim, args.dim)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.wq(x).view(b, t, self.n_local_heads, self.head_dim).transpose(1, 2)
        k = self.wk(x).view(b, t, self.n_local_kv_heads, self.head_dim).transpose(1, 2)
        v = self.wv(x).view(b, t, self.n_local_kv_heads, self.head_dim).transpose(1, 2)
        q, k = rotate(q, self.theta), rotate(k, self.theta)
        rep = self.n_local_heads // self.n_local_kv_heads
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))


class FeedForward(nn.Module):
    def __init__(self, args: ModelArgs) -> None:
        super().__init__()
        self.w1 = ColumnParallelLinear(args.dim, args.hidden_dim)
        self.w3 = ColumnParallelLinear(args.dim, args.hidden_dim)
        self.w2 = RowParallelLinear(args.hidden_dim, args.dim)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class TransformerBlock(nn.Module):
    def __init__(self, args: ModelArgs) -> None:
        super().__init__()
        self.attention_norm = RMSNorm(args.dim, args.norm_eps)
        self.attention = Attention(args)
        self.ffn_norm = RMSNorm(args.dim, args.norm_eps)
        self.feed_forward = FeedForward(args)

    def forward(self, x):
        x = x + self.attention(self.attention_norm(x))
        return x + self.feed_forward(self.ffn_norm(x))


class Transformer(nn.Module):
    def __init__(self, args: ModelArgs = ARGS) -> None:
        super().__init__()
        self.tok_embeddings = nn.Embedding(args.vocab_size, args.dim)
        self.layers = nn.ModuleList(TransformerBlock(args) for _ in range(args.n_layers))
        self.norm = RMSNorm(args.dim, args.norm_eps)
        self.output = ColumnParallelLinear(args.dim, args.vocab_size)

    def forward(self, ids):
        x = self.tok_embeddings(ids)
        for layer in self.layers:
            x = layer(x)
        return self.output(self.norm(x))
