from torch import nn
from torchhyper.model.hypernetwork_architectures import NaiveHyperNetwork

target = nn.Linear(6, 3)
model = NaiveHyperNetwork(batch_size=4, input_size=2, hidden_sizes=[10], downstream_network=target)
