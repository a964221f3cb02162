"""GANDALF for tabular data: gated feature learning units (GRU-like gates over features) with a
learnable sparse feature mask per stage (t-softmax temperature parameters), then a linear head
and a learnable output bias initialised from the target mean."""

import torch
import torch.nn as nn


class GFLU(nn.Module):
    def __init__(self, n_features, n_stages, dropout=0.0):
        super().__init__()
        self.W_in = nn.ModuleList(
            nn.Linear(2 * n_features, 2 * n_features) for _ in range(n_stages)
        )
        self.W_out = nn.ModuleList(nn.Linear(2 * n_features, n_features) for _ in range(n_stages))
        self.feature_masks = nn.Parameter(
            torch.cat(
                [
                    torch.distributions.Beta(torch.tensor([0.5]), torch.tensor([0.5])).sample(
                        (n_features,)
                    )
                    for _ in range(n_stages)
                ],
                dim=1,
            ).T
        )
        self.t = nn.Parameter(torch.rand(n_stages))


class GANDALF(nn.Module):
    def __init__(
        self, n_continuous=10, cat_cardinalities=(5, 12, 3), emb_dims=(3, 6, 2), stages=6, out=1
    ):
        super().__init__()
        self.embeddings = nn.ModuleList(
            nn.Embedding(c, d) for c, d in zip(cat_cardinalities, emb_dims)
        )
        self.normalizing = nn.BatchNorm1d(n_continuous)
        n = n_continuous + sum(emb_dims)
        self.gflus = GFLU(n, stages)
        self.head = nn.Linear(n, out)
        self.T0 = nn.Parameter(torch.rand(out))


model = GANDALF()
