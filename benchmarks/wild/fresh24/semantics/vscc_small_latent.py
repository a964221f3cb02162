"""Variational source-channel coding (VSCC) for 3-channel images with a 64-wide latent."""

from semantics.vision.models.vscc import VSCC

model = VSCC(img_channels=3, latent_k=64, norm_stats=((0.48, 0.46, 0.41), (0.23, 0.23, 0.23)))
