"""Voxtral's audio encoder sized by a flat key/value list paired with stride-2 slices."""

import torch
import torch.nn as nn
import torch.nn.functional as F

FLAT = ["mels", 32, "frames", 32, "width", 64, "heads", 4, "layers", 2, "ffn", 128]
HP = dict(zip(FLAT[::2], FLAT[1::2]))


class VoxtralAttention(nn.Module):
    def __init__(self):
        super().__init__()
        d = HP["width"]
        self.q_proj = nn.Linear(d, d)
        self.k_proj = nn.Linear(d, d, bias=False)
        self.v_proj = nn.Linear(d, d)
        self.out_proj = nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            p(x).view(b, t, HP["heads"], -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        return self.out_proj(
            F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, d)
        )


class VoxtralLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d = HP["width"]
        self.attn, self.attn_ln = VoxtralAttention(), nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, HP["ffn"]), nn.GELU(), nn.Linear(HP["ffn"], d))
        self.mlp_ln = nn.LayerNorm(d)

    def forward(self, x):
        x = x + self.attn(self.attn_ln(x))
        return x + self.mlp(self.mlp_ln(x))


class VoxtralEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        d = HP["width"]
        self.conv = nn.ModuleList(
            [nn.Conv1d(HP["mels"], d, 3, padding=1), nn.Conv1d(d, d, 3, stride=2, padding=1)]
        )
        self.positional_embedding = nn.Parameter(torch.zeros(HP["frames"], d))
        self.blocks = nn.ModuleList(VoxtralLayer() for _ in range(HP["layers"]))
        self.ln_post = nn.LayerNorm(d)

    def forward(self, mel):
        x = mel
        for conv in self.conv:
            x = F.gelu(conv(x))
        x = x.transpose(1, 2) + self.positional_embedding[: x.shape[-1]]
        for blk in self.blocks:
            x = blk(x)
        return self.ln_post(x)
