import argparse

import torch
import torch.nn as nn
from ogb.graphproppred.mol_encoder import AtomEncoder

parser = argparse.ArgumentParser(description="GNN baselines on ogbg-molpcba with virtual node")
parser.add_argument("--num_layer", type=int, default=4)
parser.add_argument("--emb_dim", type=int, default=48)
parser.add_argument("--num_tasks", type=int, default=128)
parser.add_argument("--epochs", type=int, default=100)
args = parser.parse_args([])


class GNNVirtualNode(nn.Module):
    def __init__(self, num_layer, emb_dim, num_tasks):
        super().__init__()
        self.atom_encoder = AtomEncoder(emb_dim)
        self.virtualnode_embedding = nn.Embedding(1, emb_dim)
        nn.init.constant_(self.virtualnode_embedding.weight.data, 0)
        self.layers = nn.ModuleList(nn.Linear(emb_dim, emb_dim) for _ in range(num_layer))
        self.mlp_virtualnode_list = nn.ModuleList()
        for _layer in range(num_layer - 1):
            self.mlp_virtualnode_list.append(
                nn.Sequential(
                    nn.Linear(emb_dim, 2 * emb_dim),
                    nn.BatchNorm1d(2 * emb_dim),
                    nn.ReLU(),
                    nn.Linear(2 * emb_dim, emb_dim),
                    nn.BatchNorm1d(emb_dim),
                    nn.ReLU(),
                )
            )
        self.head = nn.Linear(emb_dim, num_tasks)


model = GNNVirtualNode(args.num_layer, args.emb_dim, args.num_tasks)

if __name__ == "__main__":
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _epoch in range(args.epochs):
        pass
