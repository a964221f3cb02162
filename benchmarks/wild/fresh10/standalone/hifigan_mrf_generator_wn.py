"""HiFi-GAN V1-style generator: transposed-conv upsampling and multi-receptive-field resblocks,
weight norm applied with the (older) torch.nn.utils.weight_norm hook through .apply()."""

from torch import nn
from torch.nn.utils import weight_norm

h = {
    "upsample_rates": [8, 8, 2, 2],
    "upsample_kernel_sizes": [16, 16, 4, 4],
    "upsample_initial_channel": 128,
    "resblock_kernel_sizes": [3, 7, 11],
    "resblock_dilation_sizes": [[1, 3, 5], [1, 3, 5], [1, 3, 5]],
}


def get_padding(k, d=1):
    return (k * d - d) // 2


class ResBlock1(nn.Module):
    def __init__(self, ch, k, dilation):
        super().__init__()
        self.convs1 = nn.ModuleList(
            weight_norm(nn.Conv1d(ch, ch, k, 1, dilation=d, padding=get_padding(k, d)))
            for d in dilation
        )
        self.convs2 = nn.ModuleList(
            weight_norm(nn.Conv1d(ch, ch, k, 1, padding=get_padding(k))) for _ in dilation
        )


class Generator(nn.Module):
    def __init__(self, h):
        super().__init__()
        c0 = h["upsample_initial_channel"]
        self.conv_pre = weight_norm(nn.Conv1d(80, c0, 7, 1, padding=3))
        self.ups = nn.ModuleList()
        for i, (u, k) in enumerate(zip(h["upsample_rates"], h["upsample_kernel_sizes"])):
            self.ups.append(
                weight_norm(
                    nn.ConvTranspose1d(c0 // 2**i, c0 // 2 ** (i + 1), k, u, padding=(k - u) // 2)
                )
            )
        self.resblocks = nn.ModuleList()
        for i in range(len(self.ups)):
            ch = c0 // 2 ** (i + 1)
            for k, d in zip(h["resblock_kernel_sizes"], h["resblock_dilation_sizes"]):
                self.resblocks.append(ResBlock1(ch, k, d))
        self.conv_post = weight_norm(nn.Conv1d(ch, 1, 7, 1, padding=3))


model = Generator(h)
