"""UnivNet-c16 generator: location-variable convolution blocks whose kernels come from a kernel
predictor network (residual convs then kernel / bias convs sized by the LVC layer count), weight
norm on the convs (weight_g / weight_v parameters)."""

import torch.nn as nn
from torch.nn.utils import weight_norm


class KernelPredictor(nn.Module):
    def __init__(
        self,
        cond_channels,
        conv_in,
        conv_out,
        conv_layers,
        conv_kernel_size=3,
        hidden=64,
        kpnet_kernel=3,
    ):
        super().__init__()
        k_ch = conv_in * conv_out * conv_kernel_size * conv_layers
        b_ch = conv_out * conv_layers
        p = (kpnet_kernel - 1) // 2
        self.input_conv = nn.Sequential(
            weight_norm(nn.Conv1d(cond_channels, hidden, 5, padding=2)), nn.LeakyReLU(0.1)
        )
        self.residual_convs = nn.ModuleList(
            nn.Sequential(
                nn.Dropout(0.0),
                weight_norm(nn.Conv1d(hidden, hidden, kpnet_kernel, padding=p)),
                nn.LeakyReLU(0.1),
                weight_norm(nn.Conv1d(hidden, hidden, kpnet_kernel, padding=p)),
                nn.LeakyReLU(0.1),
            )
            for _ in range(3)
        )
        self.kernel_conv = weight_norm(nn.Conv1d(hidden, k_ch, kpnet_kernel, padding=p))
        self.bias_conv = weight_norm(nn.Conv1d(hidden, b_ch, kpnet_kernel, padding=p))


class LVCBlock(nn.Module):
    def __init__(
        self, in_channels, cond_channels, stride, dilations=(1, 3, 9, 27), cond_hop_length=256
    ):
        super().__init__()
        self.kernel_predictor = KernelPredictor(
            cond_channels, in_channels, 2 * in_channels, len(dilations)
        )
        self.convt_pre = nn.Sequential(
            nn.LeakyReLU(0.2),
            weight_norm(
                nn.ConvTranspose1d(
                    in_channels,
                    in_channels,
                    2 * stride,
                    stride,
                    stride // 2 + stride % 2,
                    stride % 2,
                )
            ),
        )
        self.conv_blocks = nn.ModuleList(
            nn.Sequential(
                nn.LeakyReLU(0.2),
                weight_norm(nn.Conv1d(in_channels, in_channels, 3, padding=d, dilation=d)),
                nn.LeakyReLU(0.2),
            )
            for d in dilations
        )


class UnivNet(nn.Module):
    def __init__(self, noise_dim=64, channel_size=16, n_mels=100, strides=(8, 8, 4)):
        super().__init__()
        hop = 1
        self.res_stack = nn.ModuleList()
        for s in strides:
            hop *= s
            self.res_stack.append(LVCBlock(channel_size, n_mels, s, cond_hop_length=hop))
        self.conv_pre = weight_norm(
            nn.Conv1d(noise_dim, channel_size, 7, padding=3, padding_mode="reflect")
        )
        self.conv_post = nn.Sequential(
            nn.LeakyReLU(0.2), weight_norm(nn.Conv1d(channel_size, 1, 7, padding=3)), nn.Tanh()
        )


model = UnivNet()
