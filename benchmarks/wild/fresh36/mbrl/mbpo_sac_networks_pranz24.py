# MBPO's agent side: the SAC networks of the vendored pytorch-sac (pranz24), collected in a ModuleDict
import torch.nn as nn
from mbrl.third_party.pytorch_sac_pranz24.model import GaussianPolicy, QNetwork, ValueNetwork

obs_dim, act_dim, hidden = 11, 3, 256

model = nn.ModuleDict(
    {
        "policy": GaussianPolicy(obs_dim, act_dim, hidden),
        "critic": QNetwork(obs_dim, act_dim, hidden),
        "critic_target": QNetwork(obs_dim, act_dim, hidden),
        "value": ValueNetwork(obs_dim, hidden),
    }
)
