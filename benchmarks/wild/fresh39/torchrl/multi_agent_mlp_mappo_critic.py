# MAPPO for 4 agents: a shared-parameter decentralised policy and a centralised, non-shared critic
import torch.nn as nn
from torchrl.modules import MultiAgentMLP

n_agents, obs_dim, act_dim = 4, 18, 2
policy = MultiAgentMLP(
    n_agent_inputs=obs_dim,
    n_agent_outputs=2 * act_dim,
    n_agents=n_agents,
    centralized=False,
    share_params=True,
    depth=2,
    num_cells=256,
    activation_class=nn.Tanh,
)
critic = MultiAgentMLP(
    n_agent_inputs=obs_dim,
    n_agent_outputs=1,
    n_agents=n_agents,
    centralized=True,
    share_params=False,
    depth=2,
    num_cells=256,
    activation_class=nn.Tanh,
)
model = nn.ModuleDict({"policy": policy, "critic": critic})
