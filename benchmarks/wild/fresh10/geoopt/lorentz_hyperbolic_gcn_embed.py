import geoopt
from torch import nn


class LorentzEmbedding(nn.Module):
    """Node embeddings on the hyperboloid (Lorentz model) plus a Euclidean decoder for link
    prediction; the curvature parameter is learnable."""

    def __init__(self, num_nodes=2708, dim=16, k=1.0):
        super().__init__()
        self.manifold = geoopt.Lorentz(k=k, learnable=True)
        init = self.manifold.random_normal(num_nodes, dim + 1, std=1e-2)
        self.emb = geoopt.ManifoldParameter(init, manifold=self.manifold)
        self.decoder = nn.Sequential(nn.Linear(1, 16), nn.ReLU(), nn.Linear(16, 1))


model = LorentzEmbedding()
