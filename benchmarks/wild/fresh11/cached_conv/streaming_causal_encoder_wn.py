"""A RAVE-style streaming encoder: cached_conv switched to cached mode before building, causal
padding from cc.get_padding, every conv weight-normalized with the old weight_norm hook."""

import cached_conv as cc
import torch.nn as nn
from torch.nn.utils import weight_norm

cc.use_cached_conv(True)


def normalization(module: nn.Module, mode: str = "weight_norm"):
    if mode == "identity":
        return module
    elif mode == "weight_norm":
        return weight_norm(module)
    raise ValueError(mode)


class Encoder(nn.Module):
    def __init__(self, data_size=1, capacity=8, latent_size=16, ratios=(4, 4, 2), n_out=2):
        super().__init__()
        net = [
            normalization(
                cc.Conv1d(data_size, capacity, 7, padding=cc.get_padding(7, mode="causal"))
            )
        ]
        mult = 1
        for r in ratios:
            in_dim, out_dim = mult * capacity, mult * 2 * capacity
            net.append(nn.BatchNorm1d(in_dim))
            net.append(nn.LeakyReLU(0.2))
            net.append(
                normalization(
                    cc.Conv1d(
                        in_dim,
                        out_dim,
                        2 * r + 1,
                        padding=cc.get_padding(2 * r + 1, r, mode="causal"),
                        stride=r,
                        cumulative_delay=net[-3].cumulative_delay,
                    )
                )
            )
            mult *= 2
        net.append(nn.LeakyReLU(0.2))
        net.append(
            cc.Conv1d(
                out_dim,
                latent_size * n_out,
                5,
                padding=cc.get_padding(5, mode="causal"),
                groups=n_out,
                cumulative_delay=net[-2].cumulative_delay,
            )
        )
        self.net = cc.CachedSequential(*net)

    def forward(self, x):
        return self.net(x)


model = Encoder(data_size=1, capacity=8, latent_size=16, ratios=(4, 4, 2))
