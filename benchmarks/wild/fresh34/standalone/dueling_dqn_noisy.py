import math

import torch
import torch.nn as nn


class NoisyLinear(nn.Module):
    def __init__(self, in_features, out_features, std_init=0.5):
        super().__init__()
        self.weight_mu = nn.Parameter(torch.empty(out_features, in_features))
        self.weight_sigma = nn.Parameter(torch.empty(out_features, in_features))
        self.register_buffer("weight_epsilon", torch.empty(out_features, in_features))
        self.bias_mu = nn.Parameter(torch.empty(out_features))
        self.bias_sigma = nn.Parameter(torch.empty(out_features))
        self.register_buffer("bias_epsilon", torch.empty(out_features))
        r = 1 / math.sqrt(in_features)
        self.weight_mu.data.uniform_(-r, r)
        self.weight_sigma.data.fill_(std_init / math.sqrt(in_features))


class DuelingDQN(nn.Module):
    def __init__(self, obs_dim, n_actions, hidden=128, noisy=True):
        super().__init__()
        Lin = NoisyLinear if noisy else nn.Linear
        self.feature = nn.Sequential(nn.Linear(obs_dim, hidden), nn.ReLU())
        self.value = nn.Sequential(Lin(hidden, hidden // 2), nn.ReLU(), Lin(hidden // 2, 1))
        self.advantage = nn.Sequential(
            Lin(hidden, hidden // 2), nn.ReLU(), Lin(hidden // 2, n_actions)
        )


model = DuelingDQN(obs_dim=8, n_actions=4, hidden=64, noisy=True)
