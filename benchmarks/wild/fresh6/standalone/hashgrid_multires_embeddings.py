"""Instant-NGP-style field: a multiresolution hash grid (one nn.Embedding per level) and tiny MLPs."""

import numpy as np
import torch.nn as nn


class HashEmbedder(nn.Module):
    def __init__(
        self,
        n_levels=8,
        n_features_per_level=2,
        log2_hashmap_size=14,
        base_resolution=16,
        finest_resolution=256,
    ):
        super().__init__()
        self.n_levels, self.n_features_per_level = n_levels, n_features_per_level
        self.b = np.exp((np.log(finest_resolution) - np.log(base_resolution)) / (n_levels - 1))
        self.resolutions = [int(np.floor(base_resolution * self.b**i)) for i in range(n_levels)]
        embeddings = []
        for res in self.resolutions:
            # coarse levels fit densely; fine ones are hashed into the table
            size = min((res + 1) ** 3, 2**log2_hashmap_size)
            emb = nn.Embedding(size, n_features_per_level)
            nn.init.uniform_(emb.weight, a=-1e-4, b=1e-4)
            embeddings.append(emb)
        self.embeddings = nn.ModuleList(embeddings)
        self.out_dim = n_levels * n_features_per_level


class SHEncoder(nn.Module):
    """Spherical harmonics of the view direction: no parameters."""

    def __init__(self, degree=4):
        super().__init__()
        self.out_dim = degree**2


class NeRFSmall(nn.Module):
    def __init__(
        self,
        embedder,
        dir_encoder,
        num_layers=2,
        hidden_dim=64,
        geo_feat_dim=15,
        num_layers_color=3,
        hidden_dim_color=64,
    ):
        super().__init__()
        self.embedder, self.dir_encoder = embedder, dir_encoder
        sigma, d = [], embedder.out_dim
        for i in range(num_layers):
            out = 1 + geo_feat_dim if i == num_layers - 1 else hidden_dim
            sigma.append(nn.Linear(d, out, bias=False))
            d = hidden_dim
        self.sigma_net = nn.ModuleList(sigma)
        color, d = [], dir_encoder.out_dim + geo_feat_dim
        for i in range(num_layers_color):
            out = 3 if i == num_layers_color - 1 else hidden_dim_color
            color.append(nn.Linear(d, out, bias=False))
            d = hidden_dim_color
        self.color_net = nn.ModuleList(color)


model = NeRFSmall(HashEmbedder(n_levels=8, log2_hashmap_size=14), SHEncoder(degree=4))
