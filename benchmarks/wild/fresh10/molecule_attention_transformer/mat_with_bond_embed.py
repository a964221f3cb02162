from molecule_attention_transformer import MAT
from torch import nn


class MoleculeNet(nn.Module):
    """Embed atom types, run MAT, and pool with a learned attention readout."""

    def __init__(self, num_atom_types=100, emb=64, hidden=192, out=3):
        super().__init__()
        self.atom_emb = nn.Embedding(num_atom_types, emb, padding_idx=0)
        self.mat = MAT(dim_in=emb, model_dim=hidden, dim_out=hidden, depth=3, heads=6)
        self.readout = nn.Sequential(nn.Linear(hidden, 1))
        self.head = nn.Linear(hidden, out)

    def forward(self, atoms, adjacency, distances, mask):
        h = self.mat(
            self.atom_emb(atoms), mask=mask, adjacency_mat=adjacency, distance_mat=distances
        )
        w = self.readout(h).softmax(dim=1)
        return self.head((w * h).sum(1))


model = MoleculeNet()
