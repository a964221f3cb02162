# DeepHit for two competing risks: a user net with a shared trunk and one head per cause
import torch
import torch.nn as nn
from pycox.models import DeepHit


class CauseSpecificNet(nn.Module):
    def __init__(self, in_features, num_nodes_shared, num_nodes_indiv, num_risks, out_features):
        super().__init__()
        self.shared = nn.Sequential(
            nn.Linear(in_features, num_nodes_shared), nn.ReLU(), nn.BatchNorm1d(num_nodes_shared)
        )
        self.risk_nets = nn.ModuleList(
            nn.Sequential(
                nn.Linear(num_nodes_shared, num_nodes_indiv),
                nn.ReLU(),
                nn.Linear(num_nodes_indiv, out_features),
            )
            for _ in range(num_risks)
        )

    def forward(self, x):
        h = self.shared(x)
        return torch.stack([net(h) for net in self.risk_nets], dim=1)


net = CauseSpecificNet(
    in_features=11, num_nodes_shared=64, num_nodes_indiv=32, num_risks=2, out_features=10
)
dh = DeepHit(net, alpha=0.2, sigma=0.1, duration_index=list(range(10)))
model = dh.net
