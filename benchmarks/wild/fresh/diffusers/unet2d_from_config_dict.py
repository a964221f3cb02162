"""diffusers: UNet2DModel.from_config on a dict, as loaded from a config.json (fresh batch, benchmarks/wild/fresh)."""

from diffusers import UNet2DModel

config = {
    "sample_size": 32,
    "in_channels": 3,
    "out_channels": 3,
    "layers_per_block": 1,
    "block_out_channels": [32, 64, 64],
    "down_block_types": ["DownBlock2D", "AttnDownBlock2D", "DownBlock2D"],
    "up_block_types": ["UpBlock2D", "AttnUpBlock2D", "UpBlock2D"],
    "norm_num_groups": 16,
    "attention_head_dim": 16,
}
model = UNet2DModel.from_config(config)
