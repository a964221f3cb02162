"""AIMv2's vision tower (RMSNorm, SwiGLU, attention-pooling head): one comma-separated row of a
sweep sheet, converted with `map(int, ...)`."""

import torch
import torch.nn.functional as F
from torch import nn

ROW = "32,8,64,4,128,3"  # image,patch,width,heads,mlp,depth: one row of our sweep sheet
IMAGE, PATCH, D, H, F_DIM, L = map(int, ROW.split(","))
EPS = 1e-5


class RMSNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj, self.k_proj = nn.Linear(D, D, bias=False), nn.Linear(D, D, bias=False)
        self.v_proj, self.out_proj = nn.Linear(D, D, bias=False), nn.Linear(D, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, H, D // H).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out_proj(y.transpose(1, 2).reshape(b, t, D))


class SwiGLU(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(D, F_DIM, bias=False)
        self.up_proj = nn.Linear(D, F_DIM, bias=False)
        self.down_proj = nn.Linear(F_DIM, D, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention, self.ffn = Attention(), SwiGLU()
        self.rms_norm1, self.rms_norm2 = RMSNorm(D), RMSNorm(D)

    def forward(self, x):
        x = x + self.attention(self.rms_norm1(x))
        return x + self.ffn(self.rms_norm2(x))


class Embeddings(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, D, PATCH, stride=PATCH)
        self.rms_norm = RMSNorm(D)
        self.position_embedding = nn.Embedding((IMAGE // PATCH) ** 2, D)

    def forward(self, pixels):
        x = self.rms_norm(self.patch_embed(pixels).flatten(2).transpose(1, 2))
        return x + self.position_embedding.weight


class AttentionPoolingHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.cls_token = nn.Parameter(torch.zeros(1, 1, D))
        self.k_proj = nn.Linear(D, D, bias=False)
        self.v_proj = nn.Linear(D, D, bias=False)
        self.output_proj = nn.Linear(D, D)

    def forward(self, x):
        b, t, _ = x.shape
        k = self.k_proj(x).view(b, t, H, D // H).transpose(1, 2)
        v = self.v_proj(x).view(b, t, H, D // H).transpose(1, 2)
        q = self.cls_token.expand(b, -1, -1).view(b, 1, H, D // H).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, 1, D)
        return self.output_proj(y.mean(1))


class Aimv2Vision(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = Embeddings()
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.rms_norm = RMSNorm(D)
        self.head = AttentionPoolingHead()

    def forward(self, pixels):
        x = self.embeddings(pixels)
        for layer in self.layers:
            x = layer(x)
        x = self.rms_norm(x)
        return x, self.head(x)
