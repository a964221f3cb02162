import torch.nn as nn
from rtdl_num_embeddings import LinearEmbeddings, LinearReLUEmbeddings, PeriodicEmbeddings


class NumEmbMLP(nn.Module):
    EMBEDDINGS = {"linear": LinearEmbeddings, "linear_relu": LinearReLUEmbeddings, "periodic": PeriodicEmbeddings}

    def __init__(self, n_features, kind="periodic", d_embedding=8, d_hidden=32, n_out=1, **emb_kwargs):
        super().__init__()
        self.emb = self.EMBEDDINGS[kind](n_features, d_embedding, **emb_kwargs)
        self.mlp = nn.Sequential(
            nn.Linear(n_features * d_embedding, d_hidden), nn.ReLU(), nn.Linear(d_hidden, n_out)
        )


model = NumEmbMLP(10, kind="periodic", d_embedding=8, n_frequencies=16, frequency_init_scale=0.05, lite=False)
