"""GANDALF's gated feature learning unit: 4 stages over 20 features, then a Linear head."""

import torch.nn as nn
from pytorch_tabular.models.common.layers import GatedFeatureLearningUnit

model = nn.Sequential(
    GatedFeatureLearningUnit(n_features_in=20, n_stages=4, feature_sparsity=0.2, dropout=0.1),
    nn.Linear(20, 2),
)
