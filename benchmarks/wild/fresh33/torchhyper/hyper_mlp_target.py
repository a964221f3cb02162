from torch import nn
from torchhyper.model.hypernetwork_architectures import HyperNetwork

target = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
model = HyperNetwork(input_size=3, hidden_sizes=[16, 16], downstream_network=target)
