"""UniSpeech (Wang et al., 2021), the encoder without its quantiser: a wav2vec-2.0-style strided
conv feature encoder (GroupNorm on the first conv only, no conv biases), a LayerNorm and
projection of the features, a grouped positional conv with weight normalisation
(``torch.nn.utils.parametrizations.weight_norm`` over the kernel axis), then post-norm
transformer layers; a learned mask embedding for SpecAugment. Sizes are a pydantic model."""

import pydantic
import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.utils.parametrizations import weight_norm


class AudioSizes(pydantic.BaseModel):
    conv_dim: tuple[int, ...] = (32, 32, 32)
    conv_kernel: tuple[int, ...] = (10, 3, 3)
    conv_stride: tuple[int, ...] = (5, 2, 2)
    hidden: int = 64
    layers: int = 2
    heads: int = 4
    ffn: int = 192
    pos_kernel: int = 16
    pos_groups: int = 4
    eps: float = 1e-5


S = AudioSizes()


class FeatureEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        chans = (1, *S.conv_dim)
        self.convs = nn.ModuleList(
            nn.Conv1d(chans[i], chans[i + 1], k, s, bias=False)
            for i, (k, s) in enumerate(zip(S.conv_kernel, S.conv_stride))
        )
        self.first_norm = nn.GroupNorm(S.conv_dim[0], S.conv_dim[0])

    def forward(self, wav):
        x = wav[:, None]
        for i, conv in enumerate(self.convs):
            x = conv(x)
            x = F.gelu(self.first_norm(x) if i == 0 else x)
        return x.transpose(1, 2)


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d = S.hidden
        self.q_proj, self.k_proj = nn.Linear(d, d), nn.Linear(d, d)
        self.v_proj, self.out_proj = nn.Linear(d, d), nn.Linear(d, d)
        self.attn_norm = nn.LayerNorm(d, eps=S.eps)
        self.ff_in = nn.Linear(d, S.ffn)
        self.ff_out = nn.Linear(S.ffn, d)
        self.ff_norm = nn.LayerNorm(d, eps=S.eps)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            p(x).view(b, t, S.heads, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, d)
        x = self.attn_norm(x + self.out_proj(a))
        return self.ff_norm(x + self.ff_out(F.gelu(self.ff_in(x))))


class UniSpeech(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = FeatureEncoder()
        self.feature_norm = nn.LayerNorm(S.conv_dim[-1], eps=S.eps)
        self.feature_proj = nn.Linear(S.conv_dim[-1], S.hidden)
        self.mask_embedding = nn.Parameter(torch.rand(S.hidden))
        conv = nn.Conv1d(
            S.hidden, S.hidden, S.pos_kernel, padding=S.pos_kernel // 2, groups=S.pos_groups
        )
        self.pos_conv = weight_norm(conv, name="weight", dim=2)
        self.encoder_norm = nn.LayerNorm(S.hidden, eps=S.eps)
        self.layers = nn.ModuleList(EncoderLayer() for _ in range(S.layers))

    def forward(self, wav):
        x = self.feature_proj(self.feature_norm(self.features(wav)))
        pos = self.pos_conv(x.transpose(1, 2))
        if S.pos_kernel % 2 == 0:
            pos = pos[..., :-1]
        x = self.encoder_norm(x + F.gelu(pos).transpose(1, 2))
        for layer in self.layers:
            x = layer(x)
        return x
