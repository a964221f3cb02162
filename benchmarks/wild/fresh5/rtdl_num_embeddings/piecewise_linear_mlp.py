"""An MLP over piecewise-linear embeddings of numeric features; bins computed from the
training data (quantiles), as the paper's recipe does."""

import torch
import torch.nn as nn
from rtdl_num_embeddings import PiecewiseLinearEmbeddings, compute_bins

g = torch.Generator().manual_seed(0)
X_train = torch.randn(256, 5, generator=g, device="cpu")
bins = compute_bins(X_train, n_bins=8)

d_embedding = 12
model = nn.Sequential(
    PiecewiseLinearEmbeddings(bins, d_embedding, activation=False, version="B"),
    nn.Flatten(),
    nn.Linear(5 * d_embedding, 64),
    nn.ReLU(),
    nn.Linear(64, 1),
)
