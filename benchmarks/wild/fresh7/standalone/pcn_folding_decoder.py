"""PCN point completion: shared-MLP encoder (two PointNet stages), coarse MLP, folding-based fine decoder."""

import torch.nn as nn


class PCN(nn.Module):
    def __init__(self, num_coarse=1024, grid_size=4, latent=1024):
        super().__init__()
        self.first_conv = nn.Sequential(
            nn.Conv1d(3, 128, 1), nn.BatchNorm1d(128), nn.ReLU(), nn.Conv1d(128, 256, 1)
        )
        self.second_conv = nn.Sequential(
            nn.Conv1d(512, 512, 1), nn.BatchNorm1d(512), nn.ReLU(), nn.Conv1d(512, latent, 1)
        )
        self.mlp = nn.Sequential(
            nn.Linear(latent, 1024),
            nn.ReLU(),
            nn.Linear(1024, 1024),
            nn.ReLU(),
            nn.Linear(1024, 3 * num_coarse),
        )
        self.final_conv = nn.Sequential(
            nn.Conv1d(latent + 3 + 2, 512, 1),
            nn.BatchNorm1d(512),
            nn.ReLU(),
            nn.Conv1d(512, 512, 1),
            nn.BatchNorm1d(512),
            nn.ReLU(),
            nn.Conv1d(512, 3, 1),
        )
        self.num_fine = num_coarse * grid_size**2


model = PCN(num_coarse=512)
