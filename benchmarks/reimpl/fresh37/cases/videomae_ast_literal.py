"""VideoMAE encoder (fine-tuning side) for a clip classifier. The backbone spec is pasted from
the experiment sheet as a Python literal and read with ast.literal_eval."""

import ast
import math

import torch
from torch import nn

SPEC = ast.literal_eval(
    """{
    'clip_len': 4,
    'crop': 32,
    'patch': 8,
    'tube': 2,
    'embed_dim': 64,
    'depth': 2,
    'num_heads': 4,
    'mlp_dim': 128,
    'ln_eps': 1e-12,
}"""
)


def sincos_table(n, d):
    pos = torch.arange(n, dtype=torch.float64)[:, None]
    j = torch.arange(d)
    rate = torch.pow(10000.0, (2 * (j // 2)).double() / d)
    table = pos / rate
    table[:, 0::2] = table[:, 0::2].sin()
    table[:, 1::2] = table[:, 1::2].cos()
    return table.float()[None]


class TubeAttention(nn.Module):
    def __init__(self):
        super().__init__()
        d = SPEC["embed_dim"]
        self.in_proj = nn.Parameter(torch.randn(3 * d, d) * 0.02)
        self.q_bias = nn.Parameter(torch.zeros(d))
        self.v_bias = nn.Parameter(torch.zeros(d))
        self.out = nn.Linear(d, d)

    def forward(self, x):
        b, n, d = x.shape
        h = SPEC["num_heads"]
        bias = torch.cat([self.q_bias, torch.zeros_like(self.q_bias), self.v_bias])
        qkv = nn.functional.linear(x, self.in_proj, bias).view(b, n, 3, h, d // h)
        q, k, v = qkv.permute(2, 0, 3, 1, 4)
        a = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(d // h), dim=-1)
        return self.out((a @ v).transpose(1, 2).reshape(b, n, d))


class EncoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        d = SPEC["embed_dim"]
        self.norm_a = nn.LayerNorm(d, eps=SPEC["ln_eps"])
        self.attn = TubeAttention()
        self.norm_b = nn.LayerNorm(d, eps=SPEC["ln_eps"])
        self.fc1 = nn.Linear(d, SPEC["mlp_dim"])
        self.fc2 = nn.Linear(SPEC["mlp_dim"], d)

    def forward(self, x):
        x = x + self.attn(self.norm_a(x))
        return x + self.fc2(nn.functional.gelu(self.fc1(self.norm_b(x))))


class VideoEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        d, p, t = SPEC["embed_dim"], SPEC["patch"], SPEC["tube"]
        self.to_tokens = nn.Conv3d(3, d, kernel_size=(t, p, p), stride=(t, p, p))
        count = (SPEC["clip_len"] // t) * (SPEC["crop"] // p) ** 2
        self.register_buffer("pos", sincos_table(count, d), persistent=False)
        self.blocks = nn.ModuleList(EncoderBlock() for _ in range(SPEC["depth"]))
        self.norm = nn.LayerNorm(d, eps=SPEC["ln_eps"])

    def forward(self, video):
        # video: [batch, frames, channels, height, width]
        x = self.to_tokens(video.transpose(1, 2)).flatten(2).transpose(1, 2)
        x = x + self.pos.to(x.dtype)
        for blk in self.blocks:
            x = blk(x)
        return self.norm(x)
