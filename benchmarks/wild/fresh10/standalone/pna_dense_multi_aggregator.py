"""PNA (principal neighbourhood aggregation) on dense adjacency: 4 aggregators x 3 scalers,
towers, edge encoder; every layer built from a config tuple."""

from torch import nn

AGGREGATORS = ["mean", "min", "max", "std"]
SCALERS = ["identity", "amplification", "attenuation"]


class PNALayer(nn.Module):
    def __init__(self, in_dim, out_dim, edge_dim, towers=4):
        super().__init__()
        assert out_dim % towers == 0
        f_out = out_dim // towers
        self.pre = nn.ModuleList(nn.Linear(2 * in_dim + edge_dim, in_dim) for _ in range(towers))
        self.post = nn.ModuleList(
            nn.Linear((len(AGGREGATORS) * len(SCALERS) + 1) * in_dim, f_out) for _ in range(towers)
        )
        self.mix = nn.Sequential(nn.Linear(out_dim, out_dim), nn.LeakyReLU())
        self.bn = nn.BatchNorm1d(out_dim)


class PNA(nn.Module):
    def __init__(self, atom_vocab=28, bond_vocab=4, hidden=80, layers=4, edge_dim=16, out=1):
        super().__init__()
        self.atom_emb = nn.Embedding(atom_vocab, hidden)
        self.bond_emb = nn.Embedding(bond_vocab, edge_dim)
        self.layers = nn.ModuleList(PNALayer(hidden, hidden, edge_dim) for _ in range(layers))
        self.readout = nn.Sequential(
            nn.Linear(hidden, hidden // 2),
            nn.ReLU(),
            nn.Linear(hidden // 2, hidden // 4),
            nn.ReLU(),
            nn.Linear(hidden // 4, out),
        )


model = PNA()
