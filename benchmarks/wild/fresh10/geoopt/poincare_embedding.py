import geoopt
import torch
from torch import nn


class PoincareEmbedding(nn.Module):
    """Nickel & Kiela style hyperbolic embeddings of a taxonomy (WordNet mammals has 1180 nodes)."""

    def __init__(self, num_nodes=1180, dim=10, c=1.0):
        super().__init__()
        self.ball = geoopt.PoincareBall(c=c)
        init = torch.randn(num_nodes, dim) * 1e-3
        self.weight = geoopt.ManifoldParameter(init, manifold=self.ball)

    def forward(self, u, v):
        return self.ball.dist(self.weight[u], self.weight[v])


model = PoincareEmbedding()
