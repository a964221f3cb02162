"""A VQGAN + MaskGIT research-repo file: encoder / decoder with residual and attention blocks, an EMA
vector quantizer (codebook in buffers, no gradient) next to a learnable-codebook quantizer, a
PatchGAN discriminator with spectral norm, and a bidirectional transformer over code indices whose
output layer is tied to its token embedding. The global model is the full training system."""

import math
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class VQConfig:
    in_channels: int = 3
    ch: int = 32
    ch_mult: tuple = (1, 2, 2)
    num_res_blocks: int = 1
    attn_resolutions: tuple = (8,)
    resolution: int = 32
    z_channels: int = 16
    n_embed: int = 128
    ema: bool = True
    disc_layers: int = 2
    disc_ch: int = 16


@dataclass
class MaskGITConfig:
    dim: int = 64
    depth: int = 2
    heads: int = 4
    ff_mult: int = 4
    seq_len: int = 64
    extra_tokens: dict = field(default_factory=lambda: {"mask": 1, "class_offset": 10})


def Normalize(c):
    return nn.GroupNorm(num_groups=8, num_channels=c, eps=1e-6, affine=True)


class ResnetBlock(nn.Module):
    def __init__(self, in_channels, out_channels=None, dropout=0.0):
        super().__init__()
        out_channels = in_channels if out_channels is None else out_channels
        self.norm1 = Normalize(in_channels)
        self.conv1 = nn.Conv2d(in_channels, out_channels, 3, 1, 1)
        self.norm2 = Normalize(out_channels)
        self.dropout = nn.Dropout(dropout)
        self.conv2 = nn.Conv2d(out_channels, out_channels, 3, 1, 1)
        if in_channels != out_channels:
            self.nin_shortcut = nn.Conv2d(in_channels, out_channels, 1)

    def forward(self, x):
        h = self.conv1(F.silu(self.norm1(x)))
        h = self.conv2(self.dropout(F.silu(self.norm2(h))))
        if hasattr(self, "nin_shortcut"):
            x = self.nin_shortcut(x)
        return x + h


class AttnBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.norm = Normalize(c)
        self.q, self.k, self.v = (nn.Conv2d(c, c, 1) for _ in range(3))
        self.proj_out = nn.Conv2d(c, c, 1)

    def forward(self, x):
        h = self.norm(x)
        b, c, hh, ww = h.shape
        q = self.q(h).flatten(2).transpose(1, 2)
        k = self.k(h).flatten(2)
        w = torch.softmax(q @ k / math.sqrt(c), -1)
        v = self.v(h).flatten(2)
        return x + self.proj_out((v @ w.transpose(1, 2)).view(b, c, hh, ww))


class Downsample(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, 2, 0)

    def forward(self, x):
        return self.conv(F.pad(x, (0, 1, 0, 1)))


class Upsample(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, 1, 1)

    def forward(self, x):
        return self.conv(F.interpolate(x, scale_factor=2.0, mode="nearest"))


class Encoder(nn.Module):
    def __init__(self, cfg: VQConfig):
        super().__init__()
        self.conv_in = nn.Conv2d(cfg.in_channels, cfg.ch, 3, 1, 1)
        curr_res = cfg.resolution
        in_ch_mult = (1,) + tuple(cfg.ch_mult)
        self.down = nn.ModuleList()
        for i_level, mult in enumerate(cfg.ch_mult):
            block, attn = nn.ModuleList(), nn.ModuleList()
            block_in, block_out = cfg.ch * in_ch_mult[i_level], cfg.ch * mult
            for _ in range(cfg.num_res_blocks):
                block.append(ResnetBlock(block_in, block_out))
                block_in = block_out
                if curr_res in cfg.attn_resolutions:
                    attn.append(AttnBlock(block_in))
            down = nn.Module()
            down.block, down.attn = block, attn
            if i_level != len(cfg.ch_mult) - 1:
                down.downsample = Downsample(block_in)
                curr_res //= 2
            self.down.append(down)
        self.mid = nn.Sequential(ResnetBlock(block_in), AttnBlock(block_in), ResnetBlock(block_in))
        self.norm_out = Normalize(block_in)
        self.conv_out = nn.Conv2d(block_in, cfg.z_channels, 3, 1, 1)


class Decoder(nn.Module):
    def __init__(self, cfg: VQConfig):
        super().__init__()
        block_in = cfg.ch * cfg.ch_mult[-1]
        curr_res = cfg.resolution // 2 ** (len(cfg.ch_mult) - 1)
        self.conv_in = nn.Conv2d(cfg.z_channels, block_in, 3, 1, 1)
        self.mid = nn.Sequential(ResnetBlock(block_in), AttnBlock(block_in), ResnetBlock(block_in))
        self.up = nn.ModuleList()
        for i_level in reversed(range(len(cfg.ch_mult))):
            block, attn = nn.ModuleList(), nn.ModuleList()
            block_out = cfg.ch * cfg.ch_mult[i_level]
            for _ in range(cfg.num_res_blocks + 1):
                block.append(ResnetBlock(block_in, block_out))
                block_in = block_out
                if curr_res in cfg.attn_resolutions:
                    attn.append(AttnBlock(block_in))
            up = nn.Module()
            up.block, up.attn = block, attn
            if i_level != 0:
                up.upsample = Upsample(block_in)
                curr_res *= 2
            self.up.insert(0, up)
        self.norm_out = Normalize(block_in)
        self.conv_out = nn.Conv2d(block_in, cfg.in_channels, 3, 1, 1)


class EMAVectorQuantizer(nn.Module):
    def __init__(self, n_embed, dim, decay=0.99, eps=1e-5):
        super().__init__()
        self.decay, self.eps = decay, eps
        embed = torch.randn(n_embed, dim)
        self.register_buffer("embed", embed)
        self.register_buffer("cluster_size", torch.zeros(n_embed))
        self.register_buffer("embed_avg", embed.clone())


class VectorQuantizer(nn.Module):
    def __init__(self, n_embed, dim, beta=0.25):
        super().__init__()
        self.beta = beta
        self.embedding = nn.Embedding(n_embed, dim)
        self.embedding.weight.data.uniform_(-1.0 / n_embed, 1.0 / n_embed)


class NLayerDiscriminator(nn.Module):
    def __init__(self, input_nc=3, ndf=16, n_layers=2):
        super().__init__()
        sn = nn.utils.spectral_norm
        seq = [sn(nn.Conv2d(input_nc, ndf, 4, 2, 1)), nn.LeakyReLU(0.2, True)]
        nf_mult = 1
        for n in range(1, n_layers + 1):
            nf_prev, nf_mult = nf_mult, min(2**n, 8)
            stride = 2 if n < n_layers else 1
            seq += [
                sn(nn.Conv2d(ndf * nf_prev, ndf * nf_mult, 4, stride, 1, bias=False)),
                nn.BatchNorm2d(ndf * nf_mult),
                nn.LeakyReLU(0.2, True),
            ]
        seq += [nn.Conv2d(ndf * nf_mult, 1, 4, 1, 1)]
        self.main = nn.Sequential(*seq)


class VQGAN(nn.Module):
    def __init__(self, cfg: VQConfig):
        super().__init__()
        self.encoder = Encoder(cfg)
        self.decoder = Decoder(cfg)
        self.quant_conv = nn.Conv2d(cfg.z_channels, cfg.z_channels, 1)
        self.post_quant_conv = nn.Conv2d(cfg.z_channels, cfg.z_channels, 1)
        self.quantize = (
            EMAVectorQuantizer(cfg.n_embed, cfg.z_channels)
            if cfg.ema
            else VectorQuantizer(cfg.n_embed, cfg.z_channels)
        )
        self.discriminator = NLayerDiscriminator(cfg.in_channels, cfg.disc_ch, cfg.disc_layers)


class BidirectionalTransformer(nn.Module):
    def __init__(self, cfg: MaskGITConfig, num_codes):
        super().__init__()
        n_tokens = num_codes + sum(cfg.extra_tokens.values())
        self.tok_emb = nn.Embedding(n_tokens, cfg.dim)
        self.pos_emb = nn.Parameter(torch.zeros(1, cfg.seq_len, cfg.dim))
        layer = nn.TransformerEncoderLayer(
            cfg.dim,
            cfg.heads,
            cfg.dim * cfg.ff_mult,
            activation="gelu",
            batch_first=True,
            norm_first=True,
        )
        self.blocks = nn.TransformerEncoder(layer, cfg.depth, enable_nested_tensor=False)
        self.ln = nn.LayerNorm(cfg.dim)
        self.to_logits = nn.Linear(cfg.dim, n_tokens)
        self.to_logits.weight = self.tok_emb.weight


class MaskGITSystem(nn.Module):
    def __init__(self, vq_cfg: VQConfig, tf_cfg: MaskGITConfig):
        super().__init__()
        self.vqgan = VQGAN(vq_cfg)
        for p in self.vqgan.parameters():
            p.requires_grad = False
        self.transformer = BidirectionalTransformer(tf_cfg, vq_cfg.n_embed)


model = MaskGITSystem(VQConfig(), MaskGITConfig(seq_len=64))
