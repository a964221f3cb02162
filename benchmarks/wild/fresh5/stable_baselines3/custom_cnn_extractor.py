"""A custom features extractor for image observations, passed to an actor-critic policy."""

import numpy as np
import torch
import torch.nn as nn
from gymnasium import spaces
from stable_baselines3.common.policies import ActorCriticPolicy
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor


class SmallCNN(BaseFeaturesExtractor):
    def __init__(self, observation_space: spaces.Box, features_dim: int = 64):
        super().__init__(observation_space, features_dim)
        n_input_channels = observation_space.shape[0]
        self.cnn = nn.Sequential(
            nn.Conv2d(n_input_channels, 16, kernel_size=5, stride=2),
            nn.ReLU(),
            nn.Conv2d(16, 32, kernel_size=3, stride=2),
            nn.ReLU(),
            nn.Flatten(),
        )
        # compute the flattened size with one forward pass, as SB3's docs do
        with torch.no_grad():
            n_flatten = self.cnn(torch.as_tensor(observation_space.sample()[None]).float()).shape[1]
        self.linear = nn.Sequential(nn.Linear(n_flatten, features_dim), nn.ReLU())

    def forward(self, observations):
        return self.linear(self.cnn(observations))


obs_space = spaces.Box(low=0, high=255, shape=(3, 32, 32), dtype=np.uint8)
act_space = spaces.Discrete(5)
model = ActorCriticPolicy(
    obs_space,
    act_space,
    lambda _: 2.5e-4,
    net_arch=[64],
    features_extractor_class=SmallCNN,
    features_extractor_kwargs=dict(features_dim=48),
)
