"""Dilated residual stacks whose skip path is delay-aligned with cc.AlignBranches (cached mode):
the residual layer's branches are the conv net and an Identity with an explicit zero delay."""

import cached_conv as cc
import torch.nn as nn

cc.use_cached_conv(True)


class Residual(nn.Module):
    def __init__(self, module, cumulative_delay=0):
        super().__init__()
        additional_delay = module.cumulative_delay
        self.aligned = cc.AlignBranches(module, nn.Identity(), delays=[additional_delay, 0])
        self.cumulative_delay = additional_delay + cumulative_delay

    def forward(self, x):
        x_net, x_res = self.aligned(x)
        return x_net + x_res


class ResidualStack(nn.Module):
    def __init__(self, dim, kernel_size, dilations=(1, 3, 9), cumulative_delay=0):
        super().__init__()
        net = []
        for d in dilations:
            net.append(
                Residual(
                    cc.CachedSequential(
                        nn.LeakyReLU(0.2),
                        cc.Conv1d(
                            dim,
                            dim,
                            kernel_size,
                            dilation=d,
                            padding=cc.get_padding(kernel_size, dilation=d),
                        ),
                        nn.LeakyReLU(0.2),
                        cc.Conv1d(dim, dim, 1),
                    ),
                    cumulative_delay=net[-1].cumulative_delay if net else 0,
                )
            )
        self.net = cc.CachedSequential(*net)
        self.cumulative_delay = self.net.cumulative_delay + cumulative_delay

    def forward(self, x):
        return self.net(x)


model = nn.Sequential(
    cc.Conv1d(2, 32, 3, padding=cc.get_padding(3)),
    ResidualStack(32, 3, dilations=(1, 3, 9)),
    ResidualStack(32, 5, dilations=(1, 2)),
    cc.Conv1d(32, 2, 1),
)
