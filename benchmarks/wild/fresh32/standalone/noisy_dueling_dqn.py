"""Rainbow's network: NoisyLinear (mu / sigma Parameters, epsilon buffers), dueling value / advantage streams over atoms."""

import math

import torch
import torch.nn as nn


class NoisyLinear(nn.Module):
    def __init__(self, in_features, out_features, std_init=0.5):
        super().__init__()
        self.in_features, self.out_features = in_features, out_features
        self.weight_mu = nn.Parameter(torch.empty(out_features, in_features))
        self.weight_sigma = nn.Parameter(torch.empty(out_features, in_features))
        self.register_buffer("weight_epsilon", torch.empty(out_features, in_features))
        self.bias_mu = nn.Parameter(torch.empty(out_features))
        self.bias_sigma = nn.Parameter(torch.empty(out_features))
        self.register_buffer("bias_epsilon", torch.empty(out_features))
        mu_range = 1 / math.sqrt(in_features)
        self.weight_mu.data.uniform_(-mu_range, mu_range)
        self.weight_sigma.data.fill_(std_init / math.sqrt(in_features))


class RainbowDQN(nn.Module):
    def __init__(self, in_channels, action_space, atoms=51, hidden=512, noisy_std=0.1):
        super().__init__()
        self.atoms = atoms
        self.action_space = action_space
        self.convs = nn.Sequential(
            nn.Conv2d(in_channels, 32, 5, stride=5, padding=0),
            nn.ReLU(),
            nn.Conv2d(32, 64, 5, stride=5, padding=0),
            nn.ReLU(),
        )
        self.conv_output_size = 576
        self.fc_h_v = NoisyLinear(self.conv_output_size, hidden, std_init=noisy_std)
        self.fc_h_a = NoisyLinear(self.conv_output_size, hidden, std_init=noisy_std)
        self.fc_z_v = NoisyLinear(hidden, self.atoms, std_init=noisy_std)
        self.fc_z_a = NoisyLinear(hidden, action_space * self.atoms, std_init=noisy_std)
        self.register_buffer("support", torch.linspace(-10, 10, atoms))


model = RainbowDQN(in_channels=4, action_space=5, atoms=21, hidden=64)
