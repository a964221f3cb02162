"""skrl's model instantiators: the network described as data (as in its YAML agent configs),
with explicit input sizes so no layer is lazy."""

import gymnasium as gym
import numpy as np
import yaml
from skrl.utils.model_instantiators.torch import gaussian_model

POLICY_YAML = """
clip_actions: false
clip_log_std: true
min_log_std: -20.0
max_log_std: 2.0
initial_log_std: 0.0
network:
  - name: net
    input: OBSERVATIONS
    layers:
      - linear: {in_features: 8, out_features: 64}
      - linear: {in_features: 64, out_features: 64}
      - linear: {in_features: 64, out_features: ACTIONS}
    activations: [elu, elu, ""]
output: net
"""

cfg = yaml.safe_load(POLICY_YAML)
observation_space = gym.spaces.Box(-np.inf, np.inf, shape=(8,))
action_space = gym.spaces.Box(-1.0, 1.0, shape=(2,))
model = gaussian_model(observation_space=observation_space, action_space=action_space, device="cpu", **cfg)
