"""Two imitation reward nets whose MLPs share their first layer (multi-task IRL)."""

import torch.nn as nn
from gymnasium import spaces
from imitation.rewards.reward_nets import BasicRewardNet

obs_space = spaces.Box(low=-1.0, high=1.0, shape=(9,))
act_space = spaces.Box(low=-1.0, high=1.0, shape=(2,))
nets = [BasicRewardNet(obs_space, act_space, hid_sizes=(64, 32)) for _ in range(2)]
first = next(m for m in nets[0].mlp.modules() if isinstance(m, nn.Linear))
second = next(m for m in nets[1].mlp.modules() if isinstance(m, nn.Linear))
second.weight = first.weight
second.bias = first.bias
model = nn.ModuleList(nets)
