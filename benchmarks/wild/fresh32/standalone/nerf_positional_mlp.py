"""NeRF's MLP (Mildenhall et al.): embedder sizes from frequency counts, a skip at layer 4, view-dependent branch."""

import torch
import torch.nn as nn


class Embedder:
    def __init__(self, input_dims, multires, include_input=True, log_sampling=True):
        self.out_dim = 0
        self.fns = []
        if include_input:
            self.fns.append(lambda x: x)
            self.out_dim += input_dims
        freqs = (
            2.0 ** torch.linspace(0.0, multires - 1, multires)
            if log_sampling
            else torch.linspace(1.0, 2.0 ** (multires - 1), multires)
        )
        for f in freqs:
            for p in (torch.sin, torch.cos):
                self.fns.append(lambda x, p=p, f=f: p(x * f))
                self.out_dim += input_dims


class NeRF(nn.Module):
    def __init__(
        self, D=8, W=256, input_ch=3, input_ch_views=3, output_ch=4, skips=(4,), use_viewdirs=False
    ):
        super().__init__()
        self.skips = skips
        self.pts_linears = nn.ModuleList(
            [nn.Linear(input_ch, W)]
            + [
                nn.Linear(W, W) if i not in skips else nn.Linear(W + input_ch, W)
                for i in range(D - 1)
            ]
        )
        self.views_linears = nn.ModuleList([nn.Linear(input_ch_views + W, W // 2)])
        if use_viewdirs:
            self.feature_linear = nn.Linear(W, W)
            self.alpha_linear = nn.Linear(W, 1)
            self.rgb_linear = nn.Linear(W // 2, 3)
        else:
            self.output_linear = nn.Linear(W, output_ch)


pts = Embedder(3, multires=6)
views = Embedder(3, multires=2, include_input=False)
model = nn.ModuleDict(
    {
        "coarse": NeRF(
            D=4,
            W=64,
            input_ch=pts.out_dim,
            input_ch_views=views.out_dim,
            skips=(2,),
            use_viewdirs=True,
        ),
        "fine": NeRF(D=6, W=32, input_ch=pts.out_dim, input_ch_views=views.out_dim, output_ch=5),
    }
)
