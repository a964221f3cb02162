"""Poincare embeddings for a hierarchy plus a Euclidean scoring head; two manifolds with separate curvatures."""

import torch.nn as nn
from hypll import nn as hnn
from hypll.manifolds.euclidean import Euclidean
from hypll.manifolds.poincare_ball import Curvature, PoincareBall


class Ranker(nn.Module):
    def __init__(self, n_nodes, dim):
        super().__init__()
        self.ball = PoincareBall(c=Curvature(value=1.0, requires_grad=True))
        self.emb = hnn.HEmbedding(n_nodes, dim, manifold=self.ball)
        self.to_euclid = hnn.ChangeManifold(target_manifold=Euclidean())
        self.score = nn.Linear(dim, 1)


model = Ranker(n_nodes=500, dim=10)
