"""A multimodal fusion net that uses less common built-in layers: MultiheadAttention with kdim/vdim and
add_bias_kv, Bilinear, PReLU, RMSNorm, bias-free LayerNorm, affine InstanceNorm1d, non-affine
GroupNorm, EmbeddingBag with per-sample weights, and a bias-free TransformerDecoderLayer."""

import torch.nn as nn


class Fusion(nn.Module):
    def __init__(self, d=64, d_audio=40, d_text=80, n_tags=500, classes=6):
        super().__init__()
        self.tags = nn.EmbeddingBag(n_tags, d, mode="sum", padding_idx=0)
        self.audio_norm = nn.InstanceNorm1d(d_audio, affine=True)
        self.audio_gn = nn.GroupNorm(4, d_audio, affine=False)
        self.cross = nn.MultiheadAttention(
            d, 4, kdim=d_audio, vdim=d_text, add_bias_kv=True, batch_first=True
        )
        self.rms = nn.RMSNorm(d)
        self.ln = nn.LayerNorm(d, bias=False)
        self.bil = nn.Bilinear(d, d, d // 2)
        self.act = nn.PReLU(num_parameters=d // 2)
        self.dec = nn.TransformerDecoderLayer(
            d, 4, dim_feedforward=2 * d, batch_first=True, bias=False
        )
        self.out = nn.Linear(d // 2, classes)


model = Fusion()
