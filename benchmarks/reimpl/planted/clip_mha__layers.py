"""CLIP's vision tower on nn.MultiheadAttention."""

import torch
import torch.nn as nn
import torch.nn.functional as F

HIDDEN_SIZE = 64
NUM_LAYERS = 3
NUM_HEADS = 4
MLP_DIM = 256
EPS = 1e-05
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
        return self.fc2(self.fc1(x) * torch.sigmoid(1.702 * self.fc1(x)))

    def forward(self, x):
        x = x + self.attention(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class VisionTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        num_patches = (IMAGE_SIZE // PATCH_SIZE) ** 2
        self.patch_embedding = nn.Conv2d(CHANNELS, HIDDEN_SIZE, kernel_size=(PATCH_SIZE, PATCH_SIZE), stride=(PATCH_SIZE, PATCH_SIZE), bias=False)
        self.class_embedding = nn.Parameter(torch.randn(HIDDEN_SIZE))
        self.position_embedding = nn.Embedding(num_patches + 1, HIDDEN_SIZE)
        self.pre_norm = nn.LayerNorm(HIDDEN_SIZE, eps=EPS)
        self.layers = nn.ModuleList([Layer(HIDDEN_SIZE, NUM_HEADS, MLP_DIM, EPS) for _ in range(NUM_LAYERS)])
        self.post_norm = nn.LayerNorm(HIDDEN_SIZE, eps=EPS)

    def forward(self, pixels):
        x = self.patch_embedding(pixels).flatten(2).transpose(1, 2)
        cls = self.class_embedding.expand(x.shape[0], 1, -1)
        x = torch.cat([cls, x], dim=1)
        x = x + self.position_embedding(torch.arange(x.shape[1], device=x.device))
        x = self.pre_norm(x)
        for layer in self.layers:
            x = layer(x)
        return self.post_norm(x[:, 0])
