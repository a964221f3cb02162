"""DeiT in the timm manner: blocks take norm_layer and act_layer as functools.partial
factories, the MLP width is int(dim * mlp_ratio), a conv patch embedding, class and
distillation tokens, a pooler on the class token."""

from functools import partial

import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self, dim, num_heads, qkv_bias=True):
        super().__init__()
        self.num_heads = num_heads
        self.scale = (dim // num_heads) ** -0.5
        self.q = nn.Linear(dim, dim, bias=qkv_bias)
        self.k = nn.Linear(dim, dim, bias=qkv_bias)
        self.v = nn.Linear(dim, dim, bias=qkv_bias)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, c = x.shape
        q, k, v = (m(x).reshape(b, n, self.num_heads, -1).transpose(1, 2) for m in (self.q, self.k, self.v))
        a = ((q @ k.transpose(-2, -1)) * self.scale).softmax(dim=-1)
        return self.proj((a @ v).transpose(1, 2).reshape(b, n, c))


class Mlp(nn.Module):
    def __init__(self, in_features, hidden_features, act_layer=nn.GELU):
        super().__init__()
        self.fc1 = nn.Linear(in_features, hidden_features)
        self.act = act_layer()
        self.fc2 = nn.Linear(hidden_features, in_features)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


class Block(nn.Module):
    def __init__(self, dim, num_heads, mlp_ratio, norm_layer=nn.LayerNorm, act_layer=nn.GELU):
        super().__init__()
        self.norm1 = norm_layer(dim)
        self.attn = Attention(dim, num_heads)
        self.norm2 = norm_layer(dim)
        self.mlp = Mlp(dim, int(dim * mlp_ratio), act_layer=act_layer)

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class DistilledVisionTransformer(nn.Module):
    def __init__(
        self,
        img_size=32,
        patch=8,
        in_chans=3,
        embed_dim=64,
        depth=2,
        num_heads=4,
        mlp_ratio=4.0,
        norm_layer=partial(nn.LayerNorm, eps=1e-12),
    ):
        super().__init__()
        num_patches = (img_size // patch) ** 2
        self.patch_embed = nn.Conv2d(in_chans, embed_dim, kernel_size=patch, stride=patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.dist_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, num_patches + 2, embed_dim))
        self.blocks = nn.Sequential(
            *[Block(embed_dim, num_heads, mlp_ratio, norm_layer=norm_layer) for _ in range(depth)]
        )
        self.norm = norm_layer(embed_dim)
        self.pre_logits = nn.Sequential(nn.Linear(embed_dim, embed_dim), nn.Tanh())

    def forward(self, img):
        x = self.patch_embed(img).flatten(2).transpose(1, 2)
        b = x.shape[0]
        x = torch.cat([self.cls_token.expand(b, -1, -1), self.dist_token.expand(b, -1, -1), x], 1)
        x = self.norm(self.blocks(x + self.pos_embed))
        return x, self.pre_logits(x[:, 0])
