import torch.nn as nn
from SAC_pytorch import Actor, TransformerCritic


class Agent(nn.Module):
    def __init__(self, obs_dim=12, act_dim=3, seq=6):
        super().__init__()
        self.actor = Actor(dim_state=obs_dim, num_cont_actions=act_dim, dim_hidden=64, mlp_depth=2)
        self.critic = TransformerCritic(
            dim_state=obs_dim,
            num_cont_actions=act_dim,
            dim_hidden=64,
            depth=2,
            heads=4,
            max_seq_len=seq,
        )


model = Agent()
