"""AIRL's shaped reward net (reward + potential), discrete actions, custom widths."""

from gymnasium import spaces
from imitation.rewards.reward_nets import BasicShapedRewardNet

obs_space = spaces.Box(low=-1.0, high=1.0, shape=(8,))
act_space = spaces.Discrete(4)
model = BasicShapedRewardNet(
    obs_space,
    act_space,
    reward_hid_sizes=(128, 64),
    potential_hid_sizes=(96,),
    use_done=True,
    discount_factor=0.98,
)
