"""A BigVGAN-style anti-aliased multi-periodicity (AMP) generator for a small vocoder."""

import torch
from alias_free_torch import Activation1d
from torch import nn
from torch.nn.utils.parametrizations import weight_norm


class Snake(nn.Module):
    """x + 1/alpha * sin^2(alpha * x), one alpha per channel."""

    def __init__(self, channels, alpha=1.0):
        super().__init__()
        self.alpha = nn.Parameter(torch.ones(channels) * alpha)

    def forward(self, x):
        a = self.alpha[None, :, None]
        return x + (1.0 / (a + 1e-9)) * torch.sin(a * x) ** 2


class AMPBlock(nn.Module):
    def __init__(self, channels, kernel_size=3, dilations=(1, 3, 5)):
        super().__init__()
        self.convs1 = nn.ModuleList(
            weight_norm(
                nn.Conv1d(
                    channels, channels, kernel_size, dilation=d, padding=d * (kernel_size - 1) // 2
                )
            )
            for d in dilations
        )
        self.convs2 = nn.ModuleList(
            weight_norm(nn.Conv1d(channels, channels, kernel_size, padding=(kernel_size - 1) // 2))
            for _ in dilations
        )
        self.acts = nn.ModuleList(
            Activation1d(activation=Snake(channels)) for _ in range(2 * len(dilations))
        )

    def forward(self, x):
        for i, (c1, c2) in enumerate(zip(self.convs1, self.convs2)):
            x = x + c2(self.acts[2 * i + 1](c1(self.acts[2 * i](x))))
        return x


class TinyBigVGAN(nn.Module):
    def __init__(self, n_mels=20, base=32, up_rates=(4, 4), up_kernels=(8, 8)):
        super().__init__()
        self.pre = weight_norm(nn.Conv1d(n_mels, base, 7, padding=3))
        self.ups = nn.ModuleList()
        self.blocks = nn.ModuleList()
        ch = base
        for r, k in zip(up_rates, up_kernels):
            self.ups.append(
                weight_norm(nn.ConvTranspose1d(ch, ch // 2, k, stride=r, padding=(k - r) // 2))
            )
            ch //= 2
            self.blocks.append(AMPBlock(ch, kernel_size=3, dilations=(1, 3)))
        self.post_act = Activation1d(activation=Snake(ch))
        self.post = weight_norm(nn.Conv1d(ch, 1, 7, padding=3, bias=False))

    def forward(self, mel):
        x = self.pre(mel)
        for up, block in zip(self.ups, self.blocks):
            x = block(up(x))
        return torch.tanh(self.post(self.post_act(x)))


model = TinyBigVGAN(n_mels=20, base=32, up_rates=(4, 4), up_kernels=(8, 8))
