"""The policy network of a PPO agent on CartPole, built through the algorithm class."""

import gymnasium as gym
from stable_baselines3 import PPO

env = gym.make("CartPole-v1")
agent = PPO(
    "MlpPolicy",
    env,
    policy_kwargs=dict(net_arch=dict(pi=[32, 32], vf=[64, 64])),
    n_steps=64,
    batch_size=32,
    device="cpu",
    verbose=0,
)
model = agent.policy
