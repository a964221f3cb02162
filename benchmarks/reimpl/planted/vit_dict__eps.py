"""ViT configured by a dict."""

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "hidden_size": 64,
    "num_layers": 2,
    "num_heads": 4,
    "mlp_dim": 256,
    "eps": 1e-11,
    "image_size": 32,
    "patch_size": 8,
    "channels": 3,
}



class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        x = F.scaled_dot_product_attention(q, k, v)
        return self.proj(x.transpose(1, 2).reshape(B, N, C))


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
        num_patches = (CONFIG["image_size"] // CONFIG["patch_size"]) ** 2
        self.patch_embed = nn.Conv2d(CONFIG["channels"], CONFIG["hidden_size"], kernel_size=(CONFIG["patch_size"], CONFIG["patch_size"]), stride=(CONFIG["patch_size"], CONFIG["patch_size"]))
        self.cls_token = nn.Parameter(torch.zeros(1, 1, CONFIG["hidden_size"]))
        self.pos_embed = nn.Parameter(torch.zeros(num_patches + 1, CONFIG["hidden_size"]))
        self.blocks = nn.ModuleList([Layer(CONFIG["hidden_size"], CONFIG["num_heads"], CONFIG["mlp_dim"], CONFIG["eps"]) for _ in range(CONFIG["num_layers"])])
        self.norm = nn.LayerNorm(CONFIG["hidden_size"], eps=CONFIG["eps"])
        self.pooler = nn.Linear(CONFIG["hidden_size"], CONFIG["hidden_size"])

    def forward(self, pixels):
        x = self.patch_embed(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1)
        x = x + self.pos_embed
        for blk in self.blocks:
            x = blk(x)
        x = self.norm(x)
        return torch.tanh(self.pooler(x[:, 0]))
