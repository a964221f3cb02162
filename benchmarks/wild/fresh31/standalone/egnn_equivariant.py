"""An E(n)-equivariant GNN (Satorras et al.): per layer an edge MLP over [h_i, h_j, |x_i - x_j|^2, edge_attr],
a node MLP over [h, m], and a coordinate MLP whose last Linear has no bias (and a small xavier gain);
an attention gate on some layers only (attention=True on even layers)."""

import torch.nn as nn


class E_GCL(nn.Module):
    def __init__(self, input_nf, output_nf, hidden_nf, edges_in_d=0, attention=False, tanh=False):
        super().__init__()
        self.edge_mlp = nn.Sequential(
            nn.Linear(input_nf * 2 + 1 + edges_in_d, hidden_nf),
            nn.SiLU(),
            nn.Linear(hidden_nf, hidden_nf),
            nn.SiLU(),
        )
        self.node_mlp = nn.Sequential(
            nn.Linear(hidden_nf + input_nf, hidden_nf), nn.SiLU(), nn.Linear(hidden_nf, output_nf)
        )
        layer = nn.Linear(hidden_nf, 1, bias=False)
        nn.init.xavier_uniform_(layer.weight, gain=0.001)
        coord = [nn.Linear(hidden_nf, hidden_nf), nn.SiLU(), layer]
        if tanh:
            coord.append(nn.Tanh())
        self.coord_mlp = nn.Sequential(*coord)
        if attention:
            self.att_mlp = nn.Sequential(nn.Linear(hidden_nf, 1), nn.Sigmoid())


class EGNN(nn.Module):
    def __init__(self, in_node_nf, hidden_nf, out_node_nf, in_edge_nf=0, n_layers=4):
        super().__init__()
        self.embedding_in = nn.Linear(in_node_nf, hidden_nf)
        self.embedding_out = nn.Linear(hidden_nf, out_node_nf)
        for i in range(n_layers):
            self.add_module(
                f"gcl_{i}",
                E_GCL(
                    hidden_nf, hidden_nf, hidden_nf, edges_in_d=in_edge_nf, attention=(i % 2 == 0)
                ),
            )


model = EGNN(in_node_nf=11, hidden_nf=32, out_node_nf=1, in_edge_nf=4, n_layers=4)
