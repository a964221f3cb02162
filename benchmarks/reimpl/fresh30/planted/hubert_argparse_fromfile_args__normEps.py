"""HuBERT, ported into our own repo. The run's options are kept in an arguments file read by
``argparse`` with ``fromfile_prefix_chars="@"`` (one ``--option=value`` per line; the options'
defaults are HuBERT-base's), then passed into a dataclass config whose tuple fields describe the
conv stack (``conv_dim``, ``conv_kernel``, ``conv_stride``, zipped in the constructor).
LayerNorm on every conv layer (the ``"layer"`` extractor norm, conv biases on), stable pre-norm
encoder layers with the encoder norm at the end, and a weight-normed positional conv."""

import argparse
import os
import tempfile
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

ARGS_FILE = """\
--hidden=64
--layers=3
--heads=4
--ffn=160
--pos-kernel=8
--pos-groups=2
"""

parser = argparse.ArgumentParser(fromfile_prefix_chars="@")
parser.add_argument("--hidden", type=int, default=768)
parser.add_argument("--layers", type=int, default=12)
parser.add_argument("--heads", type=int, default=12)
parser.add_argument("--ffn", type=int, default=3072)
parser.add_argument("--pos-kernel", type=int, default=128)
parser.add_argument("--pos-groups", type=int, default=16)
parser.add_argument("--eps", type=float, default=0.1)

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "hubert_tiny.args")
    with open(path, "w") as fh:
        fh.write(ARGS_FILE)
    OPTS = parser.parse_args(["@" + path])


@dataclass
class HubertCfg:
    conv_dim: tuple = (32, 32)
    conv_kernel: tuple = (10, 4)
    conv_stride: tuple = (5, 2)
    hidden: int = 768
    layers: int = 12
    heads: int = 12
    ffn: int = 3072
    pos_kernel: int = 128
    pos_groups: int = 16
    eps: float = 1e-5


C = HubertCfg(**vars(OPTS))


class ConvLN(nn.Module):
    def __init__(self, cin, cout, k, s):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, k, stride=s, bias=True)
        self.layer_norm = nn.LayerNorm(cout, eps=C.eps)

    def forward(self, x):
        x = self.conv(x)
        return F.gelu(self.layer_norm(x.transpose(1, 2)).transpose(1, 2))


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(C.hidden, C.hidden)
        self.k_proj = nn.Linear(C.hidden, C.hidden)
        self.v_proj = nn.Linear(C.hidden, C.hidden)
        self.out_proj = nn.Linear(C.hidden, C.hidden)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            p(x).view(b, t, C.heads, d // C.heads).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class StableLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer_norm = nn.LayerNorm(C.hidden, eps=C.eps)
        self.attention = Attention()
        self.final_layer_norm = nn.LayerNorm(C.hidden, eps=C.eps)
        self.intermediate_dense = nn.Linear(C.hidden, C.ffn)
        self.output_dense = nn.Linear(C.ffn, C.hidden)

    def forward(self, x):
        x = x + self.attention(self.layer_norm(x))
        return x + self.output_dense(F.gelu(self.intermediate_dense(self.final_layer_norm(x))))


class Hubert(nn.Module):
    def __init__(self):
        super().__init__()
        chans = (1,) + C.conv_dim
        self.conv_layers = nn.ModuleList(
            ConvLN(cin, cout, k, s)
            for cin, cout, k, s in zip(chans[:-1], chans[1:], C.conv_kernel, C.conv_stride)
        )
        self.feature_norm = nn.LayerNorm(C.conv_dim[-1], eps=C.eps)
        self.feature_proj = nn.Linear(C.conv_dim[-1], C.hidden)
        self.masked_spec_embed = nn.Parameter(torch.zeros(C.hidden))
        conv = nn.Conv1d(
            C.hidden, C.hidden, C.pos_kernel, padding=C.pos_kernel // 2, groups=C.pos_groups
        )
        self.pos_conv = nn.utils.parametrizations.weight_norm(conv, dim=2)
        self.layers = nn.ModuleList(StableLayer() for _ in range(C.layers))
        self.encoder_norm = nn.LayerNorm(C.hidden, eps=C.eps)

    def forward(self, wav):
        x = wav[:, None]
        for layer in self.conv_layers:
            x = layer(x)
        x = self.feature_proj(self.feature_norm(x.transpose(1, 2)))
        pos = self.pos_conv(x.transpose(1, 2))[:, :, : x.shape[1]]
        x = x + F.gelu(pos).transpose(1, 2)
        for layer in self.layers:
            x = layer(x)
        return self.encoder_norm(x)
