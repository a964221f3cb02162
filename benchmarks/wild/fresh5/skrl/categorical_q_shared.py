import gymnasium as gym
import torch.nn as nn
from skrl.models.torch import CategoricalMixin, DeterministicMixin, Model


class SharedModel(CategoricalMixin, DeterministicMixin, Model):
    """One trunk, a policy head and a value head (skrl's shared-model pattern)."""

    def __init__(self, observation_space, action_space, device=None, unnormalized_log_prob=True):
        Model.__init__(self, observation_space=observation_space, action_space=action_space, device=device)
        CategoricalMixin.__init__(self, unnormalized_log_prob=unnormalized_log_prob, role="policy")
        DeterministicMixin.__init__(self, clip_actions=False, role="value")
        self.trunk = nn.Sequential(nn.Linear(self.num_observations, 128), nn.ReLU(), nn.Linear(128, 64), nn.ReLU())
        self.policy_head = nn.Linear(64, self.num_actions)
        self.value_head = nn.Linear(64, 1)

    def act(self, inputs, role):
        if role == "policy":
            return CategoricalMixin.act(self, inputs, role)
        return DeterministicMixin.act(self, inputs, role)

    def compute(self, inputs, role):
        h = self.trunk(inputs["observations"])
        return (self.policy_head(h) if role == "policy" else self.value_head(h)), {}


model = SharedModel(gym.spaces.Box(-1, 1, shape=(4,)), gym.spaces.Discrete(3), device="cpu")
