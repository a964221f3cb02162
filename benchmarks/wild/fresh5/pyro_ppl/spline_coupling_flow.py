import torch.nn as nn
import pyro.distributions.transforms as T

input_dim = 6
transforms = [
    T.spline_coupling(input_dim, hidden_dims=[32, 32], count_bins=8, bound=3.0),
    T.permute(input_dim),
    T.spline_coupling(input_dim, hidden_dims=[32, 32], count_bins=8, bound=3.0),
]
# the learnable parts of the flow, as a training loop would hand them to the optimizer
model = nn.ModuleList([t for t in transforms if isinstance(t, nn.Module)])
