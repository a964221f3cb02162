"""A CNN reward net on image observations, wrapped in a running-norm normalizer."""

import numpy as np
from gymnasium import spaces
from imitation.rewards.reward_nets import CnnRewardNet, NormalizedRewardNet
from imitation.util.networks import RunningNorm

obs_space = spaces.Box(low=0, high=255, shape=(4, 48, 48), dtype=np.uint8)
act_space = spaces.Discrete(6)
base = CnnRewardNet(obs_space, act_space, hwc_format=False, hid_channels=(16, 32))
model = NormalizedRewardNet(base, normalize_output_layer=RunningNorm)
