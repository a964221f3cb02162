"""A GAIL-style reward network on a Box observation space."""

import numpy as np
from gymnasium import spaces
from imitation.rewards.reward_nets import BasicRewardNet

obs_space = spaces.Box(low=-np.inf, high=np.inf, shape=(11,), dtype=np.float32)
act_space = spaces.Box(low=-1.0, high=1.0, shape=(3,), dtype=np.float32)
model = BasicRewardNet(obs_space, act_space, hid_sizes=(64, 64), use_next_state=True)
