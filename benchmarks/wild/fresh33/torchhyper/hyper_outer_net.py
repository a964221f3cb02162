from torch import nn
from torchhyper.model.hypernetwork_architectures import HyperNetwork

target = nn.Sequential(nn.Conv1d(2, 4, 3), nn.ReLU(), nn.Conv1d(4, 1, 1, bias=False))
model = HyperNetwork(
    input_size=5, hidden_sizes=[12, 24, 12], downstream_network=target, use_outer_net=True
)
