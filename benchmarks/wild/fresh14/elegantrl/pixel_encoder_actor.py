"""A pixel-based discrete PPO actor: elegantrl's ConvNet encoder in front of a build_mlp head."""

import torch.nn as nn
from elegantrl.agents.net import ActorDiscretePPO, ConvNet, DenseNet, build_mlp


class PixelActor(nn.Module):
    def __init__(self, image_size=112, feat=64, n_actions=5):
        super().__init__()
        self.encoder = ConvNet(inp_dim=3, out_dim=feat, image_size=image_size)
        self.dense = DenseNet(lay_dim=feat)
        self.policy = ActorDiscretePPO(
            dims=[feat * 2], state_dim=self.dense.out_dim, action_dim=n_actions
        )
        self.value = build_mlp(dims=[self.dense.out_dim, 32, 1], activation=nn.Tanh)


model = PixelActor(image_size=112, feat=32, n_actions=5)
