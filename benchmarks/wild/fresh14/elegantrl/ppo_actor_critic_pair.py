"""A PPO agent's actor and critic kept in one module, the way a training script wraps them."""

import torch.nn as nn
from elegantrl.agents.net import ActorPPO, CriticPPO

STATE_DIM, ACTION_DIM = 17, 6
NET_DIMS = (128, 64)


class ActorCritic(nn.Module):
    def __init__(self, net_dims, state_dim, action_dim):
        super().__init__()
        self.act = ActorPPO(dims=list(net_dims), state_dim=state_dim, action_dim=action_dim)
        self.cri = CriticPPO(dims=list(net_dims)[::-1], state_dim=state_dim, action_dim=action_dim)


model = ActorCritic(net_dims=NET_DIMS, state_dim=STATE_DIM, action_dim=ACTION_DIM)
