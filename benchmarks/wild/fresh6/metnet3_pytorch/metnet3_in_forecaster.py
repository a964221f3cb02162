"""A user forecaster holding MetNet-3 plus a learned per-lead-time bias table."""

import torch
import torch.nn as nn
from metnet3_pytorch import MetNet3

LEAD_TIMES = 6


class Forecaster(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = MetNet3(
            dim=24,
            num_lead_times=LEAD_TIMES,
            lead_time_embed_dim=8,
            input_spatial_size=64,
            attn_depth=1,
            attn_dim_head=12,
            attn_heads=2,
            vit_window_size=4,
            input_2496_channels=3,
            input_4996_channels=2,
            surface_and_hrrr_target_spatial_size=32,
            precipitation_target_bins={"mrms_rate": 8},
            surface_target_bins={"omo_wind_speed": 8},
            hrrr_channels=4,
            crop_size_post_16km=16,
            resnet_block_depth=2,
        )
        self.lead_bias = nn.Parameter(torch.zeros(LEAD_TIMES, 8))


model = Forecaster()
