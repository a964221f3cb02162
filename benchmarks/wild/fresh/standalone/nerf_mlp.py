"""NeRF's MLP: positional encodings, a skip concatenation at layer 4, view-dependent colour head (fresh batch, benchmarks/wild/fresh)."""

import torch
import torch.nn as nn


class Embedder:
    def __init__(self, input_dims=3, multires=10, include_input=True):
        self.out_dim = (input_dims if include_input else 0) + input_dims * 2 * multires


class NeRF(nn.Module):
    def __init__(self, D=8, W=256, input_ch=3, input_ch_views=3, output_ch=4, skips=(4,), use_viewdirs=False):
        super().__init__()
        self.D, self.W = D, W
        self.skips = list(skips)
        self.use_viewdirs = use_viewdirs
        self.pts_linears = nn.ModuleList(
            [nn.Linear(input_ch, W)]
            + [nn.Linear(W, W) if i not in self.skips else nn.Linear(W + input_ch, W) for i in range(D - 1)]
        )
        self.views_linears = nn.ModuleList([nn.Linear(input_ch_views + W, W // 2)])
        if use_viewdirs:
            self.feature_linear = nn.Linear(W, W)
            self.alpha_linear = nn.Linear(W, 1)
            self.rgb_linear = nn.Linear(W // 2, 3)
        else:
            self.output_linear = nn.Linear(W, output_ch)

    def forward(self, x):
        pts, views = torch.split(x, [self.pts_linears[0].in_features, self.views_linears[0].in_features - self.W], -1)
        return pts, views


embed_fn = Embedder(3, multires=10)
embeddirs_fn = Embedder(3, multires=4)
model = NeRF(D=8, W=128, input_ch=embed_fn.out_dim, input_ch_views=embeddirs_fn.out_dim, output_ch=5,
             skips=[4], use_viewdirs=True)
