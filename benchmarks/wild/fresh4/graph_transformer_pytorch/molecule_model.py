import torch.nn as nn
from graph_transformer_pytorch import GraphTransformer


class MoleculeNet(nn.Module):
    def __init__(self, n_atom_types=100, n_bond_types=5, dim=64, depth=3):
        super().__init__()
        self.atom_emb = nn.Embedding(n_atom_types, dim)
        self.bond_emb = nn.Embedding(n_bond_types, dim // 2)
        self.gt = GraphTransformer(
            dim=dim, depth=depth, edge_dim=dim // 2, heads=4, dim_head=16, norm_edges=True
        )
        self.readout = nn.Linear(dim, 1)

    def forward(self, atoms, bonds, mask):
        nodes, _ = self.gt(self.atom_emb(atoms), self.bond_emb(bonds), mask=mask)
        return self.readout(nodes.mean(1))


model = MoleculeNet()
