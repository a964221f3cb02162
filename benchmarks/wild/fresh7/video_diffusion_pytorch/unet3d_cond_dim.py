"""Class-conditioned video U-Net: embeddings projected to cond_dim, no BERT."""

import torch.nn as nn
from video_diffusion_pytorch import Unet3D


class ClassCondVideoUnet(nn.Module):
    def __init__(self, num_classes=16, cond_dim=64):
        super().__init__()
        self.class_emb = nn.Embedding(num_classes, cond_dim)
        self.unet = Unet3D(
            dim=48,
            cond_dim=cond_dim,
            dim_mults=(1, 2, 2),
            channels=1,
            out_dim=1,
            use_sparse_linear_attn=False,
        )


model = ClassCondVideoUnet()
