import numpy as np
from gymnasium import spaces
import torch.nn as nn
from stable_baselines3.sac.policies import SACPolicy

obs_space = spaces.Box(low=-1.0, high=1.0, shape=(11,), dtype=np.float32)
act_space = spaces.Box(low=-1.0, high=1.0, shape=(3,), dtype=np.float32)


def constant_lr(_progress):
    return 3e-4


# actor, twin critics and their target copies (the targets are separate tensors)
model = SACPolicy(
    obs_space,
    act_space,
    constant_lr,
    net_arch=dict(pi=[64, 64], qf=[128, 64]),
    activation_fn=nn.ReLU,
    n_critics=2,
)
