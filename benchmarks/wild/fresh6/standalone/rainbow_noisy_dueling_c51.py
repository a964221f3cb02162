"""Rainbow DQN network: factorized-noise NoisyLinear layers (noise in buffers), dueling C51 heads."""

import math

import torch
import torch.nn as nn


class NoisyLinear(nn.Module):
    def __init__(self, in_features, out_features, std_init=0.5):
        super().__init__()
        self.in_features, self.out_features, self.std_init = in_features, out_features, std_init
        self.weight_mu = nn.Parameter(torch.empty(out_features, in_features))
        self.weight_sigma = nn.Parameter(torch.empty(out_features, in_features))
        self.register_buffer("weight_epsilon", torch.empty(out_features, in_features))
        self.bias_mu = nn.Parameter(torch.empty(out_features))
        self.bias_sigma = nn.Parameter(torch.empty(out_features))
        self.register_buffer("bias_epsilon", torch.empty(out_features))
        self.reset_parameters()

    def reset_parameters(self):
        mu_range = 1 / math.sqrt(self.in_features)
        self.weight_mu.data.uniform_(-mu_range, mu_range)
        self.weight_sigma.data.fill_(self.std_init / math.sqrt(self.in_features))
        self.bias_mu.data.uniform_(-mu_range, mu_range)
        self.bias_sigma.data.fill_(self.std_init / math.sqrt(self.out_features))


class RainbowDQN(nn.Module):
    def __init__(self, history_length=4, action_space=6, atoms=51, hidden_size=256, noisy_std=0.1):
        super().__init__()
        self.atoms, self.action_space = atoms, action_space
        self.convs = nn.Sequential(
            nn.Conv2d(history_length, 32, 5, stride=5),
            nn.ReLU(),
            nn.Conv2d(32, 64, 5, stride=5),
            nn.ReLU(),
        )
        self.conv_output_size = 576
        self.fc_h_v = NoisyLinear(self.conv_output_size, hidden_size, std_init=noisy_std)
        self.fc_h_a = NoisyLinear(self.conv_output_size, hidden_size, std_init=noisy_std)
        self.fc_z_v = NoisyLinear(hidden_size, atoms, std_init=noisy_std)
        self.fc_z_a = NoisyLinear(hidden_size, action_space * atoms, std_init=noisy_std)


model = RainbowDQN(history_length=4, action_space=6, atoms=51, hidden_size=256)
