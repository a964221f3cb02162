"""A wav2vec 2.0 Conformer encoder in fairseq's idiom: the convolutional feature extractor is a
string (``conv_feature_layers``) evaluated into (dim, kernel, stride) triples, the rest a
defaults dict merged with overrides (``DEFAULTS | overrides``); macaron half-step FFNs and
rotary positions on the attention input."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

DEFAULTS = {
    "conv_feature_layers": "[(16, 10, 5)] + [(16, 3, 2)]",
    "encoder_embed_dim": 32,
    "encoder_layers": 2,
    "encoder_attention_heads": 4,
    "encoder_ffn_embed_dim": 64,
    "conv_pos": 8,
    "conv_pos_groups": 4,
    "depthwise_conv_kernel_size": 3,
    "rotary_base": 100,
    "layer_norm_eps": 1e-5,
}


class FeatureExtractor(nn.Module):
    def __init__(self, spec):
        super().__init__()
        self.convs = nn.ModuleList()
        c_in = 1
        for dim, k, stride in spec:
            self.convs.append(nn.Conv1d(c_in, dim, k, stride, bias=False))
            c_in = dim
        self.group_norm = nn.GroupNorm(spec[0][0], spec[0][0], affine=True)

    def forward(self, wav):
        x = wav[:, None]
        for i, conv in enumerate(self.convs):
            x = conv(x)
            x = F.gelu(self.group_norm(x) if i == 0 else x)
        return x.transpose(1, 2)


def rotate(x, base):
    b, t, h, d = x.shape
    inv = 1.0 / (base ** (torch.arange(0, d, 2).float() / d))
    ang = torch.arange(t).float()[:, None] * inv
    ang = torch.cat([ang, ang], -1)[None, :, None, :]
    half = torch.cat([-x[..., d // 2 :], x[..., : d // 2]], -1)
    return x * ang.cos() + half * ang.sin()


class ConformerLayer(nn.Module):
    def __init__(self, a):
        super().__init__()
        d, f, eps = a["encoder_embed_dim"], a["encoder_ffn_embed_dim"], a["layer_norm_eps"]
        self.heads, self.base = a["encoder_attention_heads"], a["rotary_base"]
        self.ffn1 = nn.ModuleDict(
            {"norm": nn.LayerNorm(d, eps=eps), "w1": nn.Linear(d, f), "w2": nn.Linear(f, d)}
        )
        self.attn_norm = nn.LayerNorm(d, eps=eps)
        self.q_proj, self.k_proj = nn.Linear(d, d), nn.Linear(d, d)
        self.v_proj, self.out_proj = nn.Linear(d, d), nn.Linear(d, d)
        k = a["depthwise_conv_kernel_size"]
        self.conv_norm = nn.LayerNorm(d)
        self.pw1 = nn.Conv1d(d, 2 * d, 1, bias=False)
        self.dw = nn.Conv1d(d, d, k, padding=(k - 1) // 2, groups=d, bias=False)
        self.bn = nn.BatchNorm1d(d)
        self.pw2 = nn.Conv1d(d, d, 1, bias=False)
        self.ffn2 = nn.ModuleDict(
            {"norm": nn.LayerNorm(d, eps=eps), "w1": nn.Linear(d, f), "w2": nn.Linear(f, d)}
        )
        self.final_norm = nn.LayerNorm(d, eps=eps)

    @staticmethod
    def ffn(m, x):
        return m["w2"](F.gelu(m["w1"](m["norm"](x))))

    def forward(self, x):
        b, t, d = x.shape
        h = self.heads
        x = x + 0.5 * self.ffn(self.ffn1, x)
        y = self.attn_norm(x)
        qk = rotate(y.view(b, t, h, d // h), self.base).reshape(b, t, d)
        q = self.q_proj(qk).view(b, t, h, -1).transpose(1, 2)
        k = self.k_proj(qk).view(b, t, h, -1).transpose(1, 2)
        v = self.v_proj(y).view(b, t, h, -1).transpose(1, 2)
        att = (q @ k.transpose(-1, -2) / math.sqrt(d // h)).softmax(-1)
        x = x + self.out_proj((att @ v).transpose(1, 2).reshape(b, t, d))
        c = self.pw1(self.conv_norm(x).transpose(1, 2))
        c = self.pw2(F.gelu(self.bn(self.dw(F.glu(c, dim=1)))))
        x = x + c.transpose(1, 2)
        x = x + 0.5 * self.ffn(self.ffn2, x)
        return self.final_norm(x)


class Wav2Vec2Conformer(nn.Module):
    def __init__(self, overrides=None):
        super().__init__()
        a = DEFAULTS | (overrides or {})
        spec = eval(a["conv_feature_layers"])
        d, c = a["encoder_embed_dim"], spec[-1][0]
        self.feature_extractor = FeatureExtractor(spec)
        self.layer_norm = nn.LayerNorm(c, eps=a["layer_norm_eps"])
        self.post_extract_proj = nn.Linear(c, d)
        self.mask_emb = nn.Parameter(torch.empty(d).uniform_())
        # fairseq's convolutional positions: loaded from the checkpoint, unused with rotary ones
        self.pos_conv = nn.utils.parametrizations.weight_norm(
            nn.Conv1d(d, d, a["conv_pos"], padding=a["conv_pos"] // 2, groups=a["conv_pos_groups"]),
            dim=2,
        )
        self.layers = nn.ModuleList(ConformerLayer(a) for _ in range(a["encoder_layers"]))
        self.encoder_norm = nn.LayerNorm(d, eps=a["layer_norm_eps"])

    def forward(self, wav):
        x = self.post_extract_proj(self.layer_norm(self.feature_extractor(wav)))
        for layer in self.layers:
            x = layer(x)
        return self.encoder_norm(x)
