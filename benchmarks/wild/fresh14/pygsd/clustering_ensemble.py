"""Signed and directed clustering nets side by side in a ModuleDict, with a shared feature projection."""

import torch.nn as nn
from torch_geometric_signed_directed.nn.directed import DIGRAC_node_clustering
from torch_geometric_signed_directed.nn.signed import SSSNET_node_clustering

N_FEAT, HIDDEN, K = 40, 16, 4


class Clusterers(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(N_FEAT, N_FEAT, bias=False)
        self.heads = nn.ModuleDict(
            {
                "digrac": DIGRAC_node_clustering(
                    num_features=N_FEAT, hidden=HIDDEN, nclass=K, fill_value=0.5, dropout=0.5, hop=2
                ),
                "sssnet": SSSNET_node_clustering(
                    nfeat=N_FEAT,
                    hidden=HIDDEN,
                    nclass=K,
                    dropout=0.5,
                    hop=2,
                    fill_value=0.5,
                    directed=True,
                ),
            }
        )


model = Clusterers()
