"""A tiny CLIP vision tower whose sizes are a ``VisionArguments`` dataclass (defaults: ViT-B/16's)
filled from the command line the way ``HfArgumentParser`` does it: one ``--flag`` per dataclass
field (``dataclasses.fields``; the flag's type is the default's type), ``parse_args`` over the
run's argv, the dataclass built from ``vars(namespace)`` and read back with ``asdict``. Class
embedding, learned positions, ``pre_layrnorm`` before the encoder, quick-GELU MLPs,
``post_layernorm`` on the pooled class token only."""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class VisionArguments:
    image_size: int = field(default=224, metadata={"help": "input resolution"})
    patch_size: int = field(default=16, metadata={"help": "patch side"})
    width: int = 768
    heads: int = 12
    mlp_width: int = 3072
    layers: int = 12
    ln_eps: float = 1e-05


def parse_into(cls, argv: list[str]):
    parser = argparse.ArgumentParser()
    for f in dataclasses.fields(cls):
        parser.add_argument(f"--{f.name}", type=type(f.default), default=f.default)
    return cls(**vars(parser.parse_args(argv)))


ARGV = [
    "--image_size", "32",
    "--patch_size", "8",
    "--width", "32",
    "--heads", "4",
    "--mlp_width", "64",
    "--layers", "2",
    "--ln_eps", "0.1",
]  # fmt: skip
HP = dataclasses.asdict(parse_into(VisionArguments, ARGV))


class Block(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        w = HP["width"]
        self.ln_1 = nn.LayerNorm(w, eps=HP["ln_eps"])
        self.q = nn.Linear(w, w)
        self.k = nn.Linear(w, w)
        self.v = nn.Linear(w, w)
        self.out = nn.Linear(w, w)
        self.ln_2 = nn.LayerNorm(w, eps=HP["ln_eps"])
        self.c_fc = nn.Linear(w, HP["mlp_width"])
        self.c_proj = nn.Linear(HP["mlp_width"], w)

    def forward(self, x):
        b, t, w = x.shape
        n = HP["heads"]
        h = self.ln_1(x)
        q, k, v = (p(h).view(b, t, n, w // n).transpose(1, 2) for p in (self.q, self.k, self.v))
        a = F.scaled_dot_product_attention(q, k, v)
        x = x + self.out(a.transpose(1, 2).reshape(b, t, w))
        m = self.c_fc(self.ln_2(x))
        return x + self.c_proj(m * torch.sigmoid(1.702 * m))


class CLIPVisionPickled(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        w, p = HP["width"], HP["patch_size"]
        self.conv1 = nn.Conv2d(3, w, p, stride=p, bias=False)
        self.class_embedding = nn.Parameter(torch.zeros(w))
        self.positional_embedding = nn.Parameter(torch.zeros((HP["image_size"] // p) ** 2 + 1, w))
        self.ln_pre = nn.LayerNorm(w, eps=HP["ln_eps"])
        self.blocks = nn.ModuleList(Block() for _ in range(HP["layers"]))
        self.ln_post = nn.LayerNorm(w, eps=HP["ln_eps"])

    def forward(self, pixels):
        x = self.conv1(pixels).flatten(2).transpose(1, 2)
        cls = self.class_embedding.expand(x.shape[0], 1, -1)
        x = self.ln_pre(torch.cat([cls, x], 1) + self.positional_embedding)
        for blk in self.blocks:
            x = blk(x)
        return x, self.ln_post(x[:, 0])
