"""CLIP's vision tower with separate q/k/v."""

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

@dataclass
class ModelArgs:
    hidden_size: int = 64
    num_layers: int = 2
    num_heads: int = 4
    mlp_dim: int = 256
    eps: float = 0.0001
    image_size: int = 32
    patch_size: int = 8
    channels: int = 3



class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.query = nn.Linear(dim, dim)
        self.key = nn.Linear(dim, dim)
        self.value = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, dim)

    def split(self, x):
        b, n, _ = x.shape
        return x.view(b, n, self.heads, self.head_dim).transpose(1, 2)

    def forward(self, x):
        q, k, v = self.split(self.query(x)), self.split(self.key(x)), self.split(self.value(x))
        scores = q @ k.transpose(-2, -1) / self.head_dim**0.5
        ctx = scores.softmax(dim=-1) @ v
        b, h, n, d = ctx.shape
        return self.out(ctx.transpose(1, 2).reshape(b, n, h * d))


class Layer(nn.Module):
    def __init__(self, dim, heads, mlp_dim, eps):
        super().__init__()
        self.attention = SelfAttention(dim, heads)
        self.norm1 = nn.LayerNorm(dim, eps=eps)
        self.fc1 = nn.Linear(dim, mlp_dim)
        self.fc2 = nn.Linear(mlp_dim, dim)
        self.norm2 = nn.LayerNorm(dim, eps=eps)

    def mlp(self, x):
        return self.fc2(self.fc1(x) * torch.sigmoid(1.702 * self.fc1(x)))

    def forward(self, x):
        x = x + self.attention(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class VisionTransformer(nn.Module):
    def __init__(self, args: ModelArgs = ModelArgs()):
        super().__init__()
        num_patches = (args.image_size // args.patch_size) ** 2
        self.patch_embedding = nn.Conv2d(args.channels, args.hidden_size, kernel_size=args.patch_size, stride=args.patch_size, bias=False)
        self.class_embedding = nn.Parameter(torch.randn(args.hidden_size))
        self.position_embedding = nn.Embedding(num_patches + 1, args.hidden_size)
        self.pre_norm = nn.LayerNorm(args.hidden_size, eps=args.eps)
        self.layers = nn.ModuleList([Layer(args.hidden_size, args.num_heads, args.mlp_dim, args.eps) for _ in range(args.num_layers)])
        self.post_norm = nn.LayerNorm(args.hidden_size, eps=args.eps)

    def forward(self, pixels):
        x = self.patch_embedding(pixels).flatten(2).transpose(1, 2)
        cls = self.class_embedding.expand(x.shape[0], 1, -1)
        x = torch.cat([cls, x], dim=1)
        x = x + self.position_embedding(torch.arange(x.shape[1], device=x.device))
        x = self.pre_norm(x)
        for layer in self.layers:
            x = layer(x)
        return self.post_norm(x[:, 0])
