"""IMPALA CNN policy (procgen style): conv sequences with two residual blocks each, policy and value heads."""

import torch.nn as nn


class ResidualBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv0 = nn.Conv2d(channels, channels, 3, padding=1)
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, x):
        return x + self.conv1(self.conv0(x.relu()).relu())


class ConvSequence(nn.Module):
    def __init__(self, input_shape, out_channels):
        super().__init__()
        self._input_shape = input_shape
        self._out_channels = out_channels
        self.conv = nn.Conv2d(input_shape[0], out_channels, 3, padding=1)
        self.res_block0 = ResidualBlock(out_channels)
        self.res_block1 = ResidualBlock(out_channels)

    def get_output_shape(self):
        _c, h, w = self._input_shape
        return (self._out_channels, (h + 1) // 2, (w + 1) // 2)


class ImpalaAgent(nn.Module):
    def __init__(self, obs_shape=(3, 64, 64), n_actions=15, channels=(16, 32, 32)):
        super().__init__()
        shape, seqs = obs_shape, []
        for out_channels in channels:
            seq = ConvSequence(shape, out_channels)
            shape = seq.get_output_shape()
            seqs.append(seq)
        self.network = nn.Sequential(
            *seqs,
            nn.Flatten(),
            nn.ReLU(),
            nn.Linear(shape[0] * shape[1] * shape[2], 256),
            nn.ReLU(),
        )
        self.actor = nn.Linear(256, n_actions)
        self.critic = nn.Linear(256, 1)


model = ImpalaAgent(obs_shape=(3, 64, 64), n_actions=15, channels=(16, 32, 32))
