# intrinsic curiosity: a feature net plus forward / inverse models
import torch.nn as nn
from tianshou.utils.net.common import MLP
from tianshou.utils.net.discrete import IntrinsicCuriosityModule

feature_dim = 64
features = MLP(input_dim=24, output_dim=feature_dim, hidden_sizes=[128], activation=nn.ELU)
model = IntrinsicCuriosityModule(
    feature_net=features, feature_dim=feature_dim, action_dim=5, hidden_sizes=[128]
)
