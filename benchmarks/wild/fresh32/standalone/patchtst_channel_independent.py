"""PatchTST (Nie et al.): patches per channel, a shared Transformer encoder, a flatten head sized by the patch count."""

from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class PatchTSTConfig:
    enc_in: int = 7
    seq_len: int = 96
    pred_len: int = 24
    patch_len: int = 16
    stride: int = 8
    padding_patch: str = "end"
    d_model: int = 64
    n_heads: int = 4
    e_layers: int = 2
    d_ff: int = 128
    revin: bool = True
    affine: bool = True


class RevIN(nn.Module):
    def __init__(self, num_features, affine=True):
        super().__init__()
        if affine:
            self.affine_weight = nn.Parameter(torch.ones(num_features))
            self.affine_bias = nn.Parameter(torch.zeros(num_features))


class PatchTST(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.revin = RevIN(c.enc_in, c.affine) if c.revin else None
        patch_num = int((c.seq_len - c.patch_len) / c.stride + 1)
        if c.padding_patch == "end":
            self.padding = nn.ReplicationPad1d((0, c.stride))
            patch_num += 1
        self.W_P = nn.Linear(c.patch_len, c.d_model)
        self.W_pos = nn.Parameter(torch.empty(patch_num, c.d_model).uniform_(-0.02, 0.02))
        layer = nn.TransformerEncoderLayer(
            c.d_model, c.n_heads, c.d_ff, dropout=0.1, batch_first=True, norm_first=False
        )
        self.encoder = nn.TransformerEncoder(layer, c.e_layers, enable_nested_tensor=False)
        self.head = nn.Sequential(
            nn.Flatten(start_dim=-2), nn.Linear(c.d_model * patch_num, c.pred_len)
        )


model = PatchTST(
    PatchTSTConfig(enc_in=3, seq_len=60, pred_len=12, patch_len=12, stride=6, d_model=32, d_ff=64)
)
