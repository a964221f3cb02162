# torchrl's dueling DQN on an MLP trunk (CartPole: 4 observations, 2 actions)
from torchrl.modules.models.models import DuelingMlpDQNet

model = DuelingMlpDQNet(
    out_features=2,
    mlp_kwargs_feature={"in_features": 4, "out_features": 128, "num_cells": [128, 128], "depth": 2},
    mlp_kwargs_output={"in_features": 128, "num_cells": [64], "depth": 1},
)
