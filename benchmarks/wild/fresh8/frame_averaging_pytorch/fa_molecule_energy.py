"""An invariant molecule-energy model: atom embeddings plus frame-averaged coordinate MLP."""

import torch.nn as nn
from frame_averaging_pytorch import FrameAverage


class Energy(nn.Module):
    def __init__(self, n_elements=10, dim=64):
        super().__init__()
        self.atom_emb = nn.Embedding(n_elements, dim)
        self.coords = FrameAverage(
            nn.Sequential(nn.Linear(3, dim), nn.SiLU(), nn.Linear(dim, dim)), invariant_output=True
        )
        self.readout = nn.Sequential(nn.Linear(2 * dim, dim), nn.SiLU(), nn.Linear(dim, 1))


model = Energy()
