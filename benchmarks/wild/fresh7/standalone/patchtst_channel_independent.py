"""PatchTST (channel-independent): patches of 16 with stride 8, learned positions, flatten head."""

import torch
import torch.nn as nn

seq_len, pred_len, patch_len, stride = 336, 96, 16, 8
n_vars, d_model, n_heads, layers = 21, 128, 16, 3
num_patches = (seq_len - patch_len) // stride + 2  # one extra from end padding


class RevIN(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.affine_weight = nn.Parameter(torch.ones(n))
        self.affine_bias = nn.Parameter(torch.zeros(n))


class PatchTST(nn.Module):
    def __init__(self):
        super().__init__()
        self.revin = RevIN(n_vars)
        self.W_P = nn.Linear(patch_len, d_model)
        self.W_pos = nn.Parameter(torch.empty(num_patches, d_model).uniform_(-0.02, 0.02))
        layer = nn.TransformerEncoderLayer(d_model, n_heads, 256, dropout=0.2, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
        self.head = nn.Sequential(
            nn.Flatten(start_dim=-2), nn.Linear(d_model * num_patches, pred_len)
        )


model = PatchTST()
