"""Quantile-regression DQN (sb3-contrib) on CartPole; the policy (online and target nets) is the model."""

from sb3_contrib import QRDQN

algo = QRDQN(
    "MlpPolicy",
    "CartPole-v1",
    learning_starts=100,
    buffer_size=1000,
    policy_kwargs=dict(n_quantiles=25, net_arch=[64, 64]),
    device="cpu",
    verbose=0,
)
model = algo.policy
