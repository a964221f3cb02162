import torch.nn as nn


class GraphTransformerLayer(nn.Module):
    def __init__(self, dim, heads, use_bias=False, batch_norm=True):
        super().__init__()
        self.Q = nn.Linear(dim, dim, bias=use_bias)
        self.K = nn.Linear(dim, dim, bias=use_bias)
        self.V = nn.Linear(dim, dim, bias=use_bias)
        self.O = nn.Linear(dim, dim)
        norm = nn.BatchNorm1d if batch_norm else nn.LayerNorm
        self.norm1, self.norm2 = norm(dim), norm(dim)
        self.ffn = nn.Sequential(nn.Linear(dim, 2 * dim), nn.ReLU(), nn.Linear(2 * dim, dim))


class GraphTransformer(nn.Module):
    def __init__(self, n_atom_types=28, dim=80, heads=8, layers=4, pos_enc_dim=8, n_out=1):
        super().__init__()
        self.embedding_h = nn.Embedding(n_atom_types, dim)
        self.embedding_lap_pos_enc = nn.Linear(pos_enc_dim, dim)
        self.layers = nn.ModuleList(GraphTransformerLayer(dim, heads) for _ in range(layers))
        self.readout = nn.Sequential(
            nn.Linear(dim, dim // 2),
            nn.ReLU(),
            nn.Linear(dim // 2, dim // 4),
            nn.ReLU(),
            nn.Linear(dim // 4, n_out),
        )


model = GraphTransformer()
