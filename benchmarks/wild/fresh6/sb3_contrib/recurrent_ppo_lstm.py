"""Recurrent PPO with separate actor and critic LSTMs (sb3-contrib), CartPole."""

from sb3_contrib import RecurrentPPO

algo = RecurrentPPO(
    "MlpLstmPolicy",
    "CartPole-v1",
    n_steps=32,
    batch_size=32,
    policy_kwargs=dict(
        lstm_hidden_size=48,
        n_lstm_layers=1,
        shared_lstm=False,
        enable_critic_lstm=True,
        net_arch=dict(pi=[32], vf=[32]),
    ),
    device="cpu",
    verbose=0,
)
model = algo.policy
