"""diffusers: unet2d_condition (wild-code corpus, benchmarks/wild)."""

from diffusers import UNet2DConditionModel

model = UNet2DConditionModel(
    sample_size=16,
    in_channels=4,
    out_channels=4,
    layers_per_block=1,
    block_out_channels=(32, 64),
    down_block_types=('CrossAttnDownBlock2D', 'DownBlock2D'),
    up_block_types=('UpBlock2D', 'CrossAttnUpBlock2D'),
    cross_attention_dim=32,
    attention_head_dim=8,
    norm_num_groups=8,
)
