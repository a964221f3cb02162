"""Audio Spectrogram Transformer (Gong et al., 2021): log-mel frames cut into overlapping 16x16
patches (frequency and time strides smaller than the patch), a cls and a distillation token,
learned positions, a DeiT-style pre-norm encoder, a final LayerNorm; the pooled output is the
mean of the two token outputs (no weights). Presets are merged with the dict union operator:
``BASE | AUDIOSET | TINY``."""

import torch
import torch.nn.functional as F
from torch import nn

BASE = {"width": 768, "depth": 12, "heads": 12, "mlp": 3072, "patch": 16, "eps": 1e-12}
AUDIOSET = {"mel_bins": 128, "frames": 1024, "f_stride": 10, "t_stride": 10}
TINY = {"width": 64, "depth": 2, "heads": 4, "mlp": 192, "mel_bins": 64, "frames": 128}
H = BASE | AUDIOSET | TINY


def grid():
    f = (H["mel_bins"] - H["patch"]) // H["f_stride"] + 1
    t = (H["frames"] - H["patch"]) // H["t_stride"] + 1
    return f * t


class EncoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        w = H["width"]
        self.ln_1 = nn.LayerNorm(w, eps=H["eps"])
        self.q, self.k, self.v = nn.Linear(w, w), nn.Linear(w, w), nn.Linear(w, w)
        self.o = nn.Linear(w, w)
        self.ln_2 = nn.LayerNorm(w, eps=H["eps"])
        self.fc_1 = nn.Linear(w, H["mlp"])
        self.fc_2 = nn.Linear(H["mlp"], w)

    def forward(self, x):
        b, n, w = x.shape
        h = self.ln_1(x)
        q, k, v = (
            lin(h).view(b, n, H["heads"], -1).transpose(1, 2) for lin in (self.q, self.k, self.v)
        )
        x = x + self.o(F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, n, w))
        return x + self.fc_2(F.gelu(self.fc_1(self.ln_2(x))))


class AST(nn.Module):
    def __init__(self):
        super().__init__()
        w = H["width"]
        self.patches = nn.Conv2d(1, w, H["patch"], stride=(H["f_stride"], H["t_stride"]))
        self.cls = nn.Parameter(torch.zeros(1, 1, w))
        self.dist = nn.Parameter(torch.zeros(1, 1, w))
        self.pos = nn.Parameter(torch.zeros(1, grid() + 2, w))
        self.blocks = nn.ModuleList(EncoderBlock() for _ in range(H["depth"]))
        self.norm = nn.LayerNorm(w, eps=H["eps"])

    def forward(self, spec):
        x = self.patches(spec[:, None].transpose(2, 3)).flatten(2).transpose(1, 2)
        b = x.shape[0]
        x = torch.cat([self.cls.expand(b, -1, -1), self.dist.expand(b, -1, -1), x], 1) + self.pos
        for blk in self.blocks:
            x = blk(x)
        x = self.norm(x)
        return x, (x[:, 0] + x[:, 1]) / 2
