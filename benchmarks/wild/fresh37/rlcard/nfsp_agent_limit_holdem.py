# NFSP for limit Texas Hold'em: average-policy network plus the inner DQN's Q network
import rlcard
import torch.nn as nn
from rlcard.agents import NFSPAgent

env = rlcard.make("limit-holdem")
agent = NFSPAgent(
    num_actions=env.num_actions,
    state_shape=env.state_shape[0],
    hidden_layers_sizes=[128, 128],
    q_mlp_layers=[128, 128],
    device="cpu",
)
model = nn.ModuleList([agent.policy_network, agent._rl_agent.q_estimator.qnet])
