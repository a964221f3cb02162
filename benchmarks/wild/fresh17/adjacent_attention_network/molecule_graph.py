from adjacent_attention_network import AdjacentAttentionNetwork
from torch import nn


class MoleculeNet(nn.Module):
    def __init__(self, n_atom_types=30, dim=64, depth=2, global_nodes=0):
        super().__init__()
        self.atom_emb = nn.Embedding(n_atom_types, dim)
        self.net = AdjacentAttentionNetwork(
            dim=dim,
            depth=depth,
            dim_head=16,
            heads=4,
            num_neighbors_cutoff=12,
            num_global_nodes=global_nodes,
        )
        self.readout = nn.Linear(dim, 1)


# global_nodes > 0 builds ISAB blocks with a keyword the installed isab-pytorch 0.3.0 lacks
model = MoleculeNet(depth=3)
