"""skrl's documented way: a model class mixing Model with GaussianMixin (policy) and
DeterministicMixin (value), one module holding both for PPO."""

import gymnasium as gym
import numpy as np
import torch
import torch.nn as nn
from skrl.models.torch import DeterministicMixin, GaussianMixin, Model


class Policy(GaussianMixin, Model):
    def __init__(self, observation_space, action_space, device=None, clip_actions=False):
        Model.__init__(self, observation_space=observation_space, action_space=action_space, device=device)
        GaussianMixin.__init__(self, clip_actions=clip_actions, clip_log_std=True, min_log_std=-20, max_log_std=2)
        self.net = nn.Sequential(
            nn.Linear(self.num_observations, 64), nn.ELU(), nn.Linear(64, 64), nn.ELU(), nn.Linear(64, self.num_actions)
        )
        self.log_std_parameter = nn.Parameter(torch.zeros(self.num_actions))

    def compute(self, inputs, role):
        return self.net(inputs["observations"]), {"log_std": self.log_std_parameter}


class Value(DeterministicMixin, Model):
    def __init__(self, observation_space, action_space, device=None):
        Model.__init__(self, observation_space=observation_space, action_space=action_space, device=device)
        DeterministicMixin.__init__(self)
        self.net = nn.Sequential(nn.Linear(self.num_observations, 64), nn.ELU(), nn.Linear(64, 1))

    def compute(self, inputs, role):
        return self.net(inputs["observations"]), {}


obs = gym.spaces.Box(-np.inf, np.inf, shape=(17,))
act = gym.spaces.Box(-1.0, 1.0, shape=(6,))
models = {"policy": Policy(obs, act, device="cpu"), "value": Value(obs, act, device="cpu")}
model = nn.ModuleDict(models)
