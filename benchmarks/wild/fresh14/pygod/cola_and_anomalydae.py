"""Two detectors compared in one experiment: CoLA (contrastive) and AnomalyDAE (dual autoencoder)."""

import torch.nn as nn
from pygod.nn import AnomalyDAEBase, CoLABase

IN_DIM, N_NODES = 64, 300


class Pair(nn.Module):
    def __init__(self):
        super().__init__()
        self.cola = CoLABase(in_dim=IN_DIM, hid_dim=32, num_layers=2)
        self.dae = AnomalyDAEBase(in_dim=IN_DIM, num_nodes=N_NODES, emb_dim=16, hid_dim=24)


model = Pair()
