# DQN for Leduc Hold'em: the online and target Q networks of rlcard's DQNAgent
import rlcard
import torch.nn as nn
from rlcard.agents import DQNAgent

env = rlcard.make("leduc-holdem", config={"seed": 0})
agent = DQNAgent(
    num_actions=env.num_actions,
    state_shape=env.state_shape[0],
    mlp_layers=[64, 64],
    device="cpu",
)
model = nn.ModuleDict({"q": agent.q_estimator.qnet, "target": agent.target_estimator.qnet})
