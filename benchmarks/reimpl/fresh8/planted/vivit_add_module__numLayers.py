"""A video ViT with tubelet embedding (a 3-D conv over time x height x width). The encoder is
assembled with ``add_module`` in a loop under names "block0", "block1", ... and walked back
with ``getattr``, as older research code does."""

import torch
import torch.nn as nn

FRAMES, IMAGE, TUBELET, PATCH = 4, 32, 2, 8
DIM, DEPTH, HEADS, MLP = 64, 3, 4, 160
EPS = 1e-6


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = nn.LayerNorm(DIM, eps=EPS)
        self.attn = nn.MultiheadAttention(DIM, HEADS, batch_first=True)
        self.norm2 = nn.LayerNorm(DIM, eps=EPS)
        self.fc1 = nn.Linear(DIM, MLP)
        self.fc2 = nn.Linear(MLP, DIM)

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.fc2(nn.functional.gelu(self.fc1(self.norm2(x))))


class ViViT(nn.Module):
    def __init__(self):
        super().__init__()
        n = (FRAMES // TUBELET) * (IMAGE // PATCH) ** 2
        self.tubelet = nn.Conv3d(3, DIM, (TUBELET, PATCH, PATCH), stride=(TUBELET, PATCH, PATCH))
        self.cls_token = nn.Parameter(torch.zeros(1, 1, DIM))
        self.pos_embed = nn.Parameter(torch.zeros(1, n + 1, DIM))
        for i in range(DEPTH):
            self.add_module(f"block{i}", Block())
        self.norm = nn.LayerNorm(DIM, eps=EPS)
        self.pool = nn.Linear(DIM, DIM)

    def forward(self, video):
        # video: [batch, frames, channels, height, width]
        x = self.tubelet(video.permute(0, 2, 1, 3, 4)).flatten(2).transpose(1, 2)
        x = torch.cat((self.cls_token.expand(x.shape[0], -1, -1), x), 1) + self.pos_embed
        for i in range(DEPTH):
            x = getattr(self, f"block{i}")(x)
        x = self.norm(x)
        return x, torch.tanh(self.pool(x[:, 0]))
