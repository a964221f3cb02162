import torch.nn as nn
from geometric_vector_perceptron import GVP, GVP_MPNN


class Scorer(nn.Module):
    def __init__(self, hidden=24, vec=6, layers=2):
        super().__init__()
        self.convs = nn.ModuleList(
            [
                GVP_MPNN(hidden, vec, hidden, vec, 4, 1, 4, 1, dropout=0.0, residual=True)
                for _ in range(layers)
            ]
        )
        self.out = GVP(dim_vectors_in=vec, dim_vectors_out=1, dim_feats_in=hidden, dim_feats_out=1)


model = Scorer(hidden=20, vec=5, layers=3)
