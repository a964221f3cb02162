import torch.nn as nn


class GRU4Rec(nn.Module):
    def __init__(self, n_items, hidden=100, layers=1, embedding_dim=-1, final_act="tanh"):
        super().__init__()
        # embedding_dim=-1: one-hot input, the GRU reads n_items wide vectors
        self.use_embedding = embedding_dim > 0
        if self.use_embedding:
            self.look_up = nn.Embedding(n_items, embedding_dim)
            gru_in = embedding_dim
        else:
            gru_in = n_items
        self.gru = nn.GRU(gru_in, hidden, layers, dropout=0.25 if layers > 1 else 0.0)
        self.h2o = nn.Linear(hidden, n_items)


model = nn.ModuleList(
    [GRU4Rec(3000, hidden=64, layers=2, embedding_dim=32), GRU4Rec(3000, hidden=48)]
)
