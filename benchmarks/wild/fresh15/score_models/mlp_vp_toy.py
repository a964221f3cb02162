"""A 2D toy score model (MLP architecture) under a variance-preserving SDE."""

from score_models import MLP, ScoreModel

net = MLP(dimensions=2, units=128, layers=3, time_embedding_dimensions=16, time_branch_layers=2)
model = ScoreModel(model=net, beta_min=0.1, beta_max=20.0, device="cpu")
