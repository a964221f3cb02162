# Deep Monte-Carlo for a card game: one DMCNet per seat (small layers)
import torch.nn as nn
from rlcard.agents.dmc_agent.model import DMCModel

state_shape = [[54], [54], [54]]
action_shape = [[27], [27], [27]]
dmc = DMCModel(state_shape, action_shape, mlp_layers=[128, 128, 64], exp_epsilon=0.01, device="cpu")
model = nn.ModuleList([agent.net for agent in dmc.agents])
