import torch.nn as nn


class DeepAR(nn.Module):
    """DeepAR: lagged target + covariates + item embedding into a 3-layer LSTM; Student-t head."""

    def __init__(
        self,
        num_items=370,
        item_dim=20,
        lags=(1, 2, 3, 4, 5, 6, 7, 24, 48, 168),
        covariates=4,
        hidden=40,
        layers=3,
    ):
        super().__init__()
        self.item_embedding = nn.Embedding(num_items, item_dim)
        self.lstm = nn.LSTM(
            len(lags) + covariates + item_dim,
            hidden,
            num_layers=layers,
            dropout=0.1,
            batch_first=True,
        )
        self.proj_df = nn.Linear(hidden, 1)
        self.proj_loc = nn.Linear(hidden, 1)
        self.proj_scale = nn.Linear(hidden, 1)


model = DeepAR()
