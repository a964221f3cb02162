"""A reward ensemble for preference comparisons, members from a list comprehension."""

from gymnasium import spaces
from imitation.rewards.reward_nets import BasicRewardNet, RewardEnsemble

obs_space = spaces.Box(low=-5.0, high=5.0, shape=(6,))
act_space = spaces.Discrete(5)
members = [
    BasicRewardNet(obs_space, act_space, hid_sizes=(32 * (i + 1),), use_action=i % 2 == 0)
    for i in range(3)
]
model = RewardEnsemble(obs_space, act_space, members)
