import torch.nn as nn
from pyknos.mdn.mdn import MultivariateGaussianMDN

theta_dim, x_dim, hidden = 3, 10, 64

hidden_net = nn.Sequential(
    nn.Linear(x_dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
)
model = MultivariateGaussianMDN(
    features=theta_dim,
    context_features=x_dim,
    hidden_net=hidden_net,
    num_components=5,
    hidden_features=hidden,
)
