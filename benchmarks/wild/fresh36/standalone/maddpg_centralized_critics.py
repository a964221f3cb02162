# MADDPG: per-agent actors on local observations, per-agent critics on all observations and actions
import torch.nn as nn

obs_dims = [16, 16, 14]  # two predators and a prey with a different sensor
act_dims = [5, 5, 5]


def mlp(i, o, h=64):
    return nn.Sequential(nn.Linear(i, h), nn.ReLU(), nn.Linear(h, h), nn.ReLU(), nn.Linear(h, o))


class MADDPG(nn.Module):
    def __init__(self):
        super().__init__()
        joint = sum(obs_dims) + sum(act_dims)
        self.actors = nn.ModuleList(mlp(o, a) for o, a in zip(obs_dims, act_dims))
        self.critics = nn.ModuleList(mlp(joint, 1) for _ in obs_dims)
        self.target_actors = nn.ModuleList(mlp(o, a) for o, a in zip(obs_dims, act_dims))
        self.target_critics = nn.ModuleList(mlp(joint, 1) for _ in obs_dims)


model = MADDPG()
