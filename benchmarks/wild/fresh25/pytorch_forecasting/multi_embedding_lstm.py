"""Categorical embeddings (one group of two columns shares a bag) feeding a forecasting LSTM."""

import torch.nn as nn
from pytorch_forecasting.models.nn import LSTM, MultiEmbedding


class EmbedLSTM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = MultiEmbedding(
            embedding_sizes={"store": (10, 4), "item": (50, 8), "holiday": (3, 2)},
            x_categoricals=["store", "item", "h1", "h2"],
            categorical_groups={"holiday": ["h1", "h2"]},
        )
        self.lstm = LSTM(input_size=4 + 8 + 2 + 1, hidden_size=24, num_layers=2, batch_first=True)
        self.head = nn.Linear(24, 1)


model = EmbedLSTM()
