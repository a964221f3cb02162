import torch.nn as nn
from etsformer_pytorch import ETSFormer


class MultiSeriesForecaster(nn.Module):
    """ETSFormer backbone per sensor group, one horizon projection per group."""

    def __init__(self, groups=(3, 5), model_dim=96, horizon=24):
        super().__init__()
        self.backbones = nn.ModuleList(
            [
                ETSFormer(time_features=g, model_dim=model_dim, layers=2, heads=4, K=2)
                for g in groups
            ]
        )
        self.horizon_proj = nn.ModuleList([nn.Linear(g, g) for g in groups])
        self.horizon = horizon


model = MultiSeriesForecaster()
