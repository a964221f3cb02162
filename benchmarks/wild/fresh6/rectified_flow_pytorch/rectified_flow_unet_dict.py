"""Rectified flow whose network is given as a dict of Unet kwargs (the library builds the Unet)."""

from rectified_flow_pytorch import RectifiedFlow

model = RectifiedFlow(dict(dim=32, dim_mults=(1, 2, 4), channels=3), predict="flow")
