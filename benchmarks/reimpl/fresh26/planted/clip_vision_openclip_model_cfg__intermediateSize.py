"""A tiny CLIP vision tower in open_clip's plain style: the model config is a pasted JSON file
(``model_configs/*.json``, read with ``json.loads``) whose ``vision_cfg`` fills a
``CLIPVisionCfg`` dataclass with ViT-B/16's defaults; the heads are ``width // head_width`` and
the MLP width ``int(width * mlp_ratio)``, as open_clip derives them. Class embedding, learned
positions, ``pre_layrnorm`` before the encoder, quick-GELU MLPs, ``post_layernorm`` on the pooled
class token only."""

from __future__ import annotations

import json
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

MODEL_CONFIG_JSON = """{
  "embed_dim": 16,
  "quick_gelu": true,
  "vision_cfg": {
    "image_size": 32,
    "layers": 2,
    "width": 32,
    "head_width": 8,
    "mlp_ratio": 4.0,
    "patch_size": 8,
    "ln_eps": 1e-05
  }
}"""


@dataclass
class CLIPVisionCfg:
    layers: int = 12
    width: int = 768
    head_width: int = 64
    mlp_ratio: float = 4.0
    patch_size: int = 16
    image_size: int = 224
    ln_eps: float = 1e-5


model_cfg = json.loads(MODEL_CONFIG_JSON)
vision_cfg = CLIPVisionCfg(**model_cfg["vision_cfg"])
HP = dict(
    image_size=vision_cfg.image_size,
    patch_size=vision_cfg.patch_size,
    width=vision_cfg.width,
    heads=vision_cfg.width // vision_cfg.head_width,
    mlp_width=int(vision_cfg.width * vision_cfg.mlp_ratio),
    layers=vision_cfg.layers,
    ln_eps=vision_cfg.ln_eps,
)


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
