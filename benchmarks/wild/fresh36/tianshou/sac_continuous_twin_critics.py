# SAC for a continuous-control task: a tanh-Gaussian actor and twin Q critics
import torch.nn as nn
from tianshou.utils.net.common import Net
from tianshou.utils.net.continuous import ContinuousActorProbabilistic, ContinuousCritic

obs_dim, act_dim = 17, 6
hidden = [256, 256]


class SACNets(nn.Module):
    def __init__(self):
        super().__init__()
        self.actor = ContinuousActorProbabilistic(
            preprocess_net=Net(state_shape=obs_dim, hidden_sizes=hidden),
            action_shape=act_dim,
            unbounded=True,
            conditioned_sigma=True,
        )
        self.critic1 = ContinuousCritic(
            preprocess_net=Net(
                state_shape=obs_dim, action_shape=act_dim, hidden_sizes=hidden, concat=True
            )
        )
        self.critic2 = ContinuousCritic(
            preprocess_net=Net(
                state_shape=obs_dim, action_shape=act_dim, hidden_sizes=hidden, concat=True
            )
        )


model = SACNets()
