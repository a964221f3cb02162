import torch.nn as nn
from pytorch_tcn import TCN


class Forecaster(nn.Module):
    def __init__(self, n_features=8, horizon=12):
        super().__init__()
        self.tcn = TCN(
            num_inputs=n_features,
            num_channels=[32, 32, 64, 64],
            kernel_size=3,
            dropout=0.1,
            causal=True,
            use_norm="weight_norm",
            activation="relu",
            input_shape="NCL",
        )
        self.head = nn.Linear(64, horizon)

    def forward(self, x):
        return self.head(self.tcn(x)[:, :, -1])


model = Forecaster()
