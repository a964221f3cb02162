import torch.nn as nn
from iTransformer import RevIN


class RevINLinear(nn.Module):
    """DLinear-ish baseline: reversible instance norm around one linear map over time."""

    def __init__(self, num_variates=7, lookback=96, horizon=24):
        super().__init__()
        self.revin = RevIN(num_variates, affine=True)
        self.proj = nn.Linear(lookback, horizon)

    def forward(self, x):
        x, reverse = self.revin(x)
        return reverse(self.proj(x))


model = RevINLinear()
