"""ViT on nn.MultiheadAttention with a [N+1, D] position table."""

import torch
import torch.nn as nn
import torch.nn.functional as F

HIDDEN_SIZE = 64
NUM_LAYERS = 3
NUM_HEADS = 4
MLP_DIM = 256
EPS = 1e-12
IMAGE_SIZE = 32
PATCH_SIZE = 8
CHANNELS = 3



class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x):
        return self.attn(x, x, x, need_weights=False)[0]


class Layer(nn.Module):
    def __init__(self, dim, heads, mlp_dim, eps):
        super().__init__()
        self.attention = SelfAttention(dim, heads)
        self.norm1 = nn.LayerNorm(dim, eps=eps)
        self.fc1 = nn.Linear(dim, mlp_dim)
        self.fc2 = nn.Linear(mlp_dim, dim)
        self.norm2 = nn.LayerNorm(dim, eps=eps)

    def mlp(self, x):
        return self.fc2(F.gelu(self.fc1(x)))

    def forward(self, x):
        x = x + self.attention(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class ViT(nn.Module):
    def __init__(self):
        super().__init__()
        num_patches = (IMAGE_SIZE // PATCH_SIZE) ** 2
        self.patch_embed = nn.Conv2d(CHANNELS, HIDDEN_SIZE, kernel_size=PATCH_SIZE, stride=PATCH_SIZE)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, HIDDEN_SIZE))
        self.pos_embed = nn.Parameter(torch.zeros(num_patches + 1, HIDDEN_SIZE))
        self.blocks = nn.ModuleList([Layer(HIDDEN_SIZE, NUM_HEADS, MLP_DIM, EPS) for _ in range(NUM_LAYERS)])
        self.norm = nn.LayerNorm(HIDDEN_SIZE, eps=EPS)
        self.pooler = nn.Linear(HIDDEN_SIZE, HIDDEN_SIZE)

    def forward(self, pixels):
        x = self.patch_embed(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1)
        x = x + self.pos_embed
        for blk in self.blocks:
            x = blk(x)
        x = self.norm(x)
        return torch.tanh(self.pooler(x[:, 0]))
