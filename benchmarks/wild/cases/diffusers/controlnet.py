"""diffusers: controlnet (wild-code corpus, benchmarks/wild)."""

from diffusers import ControlNetModel

model = ControlNetModel(
    block_out_channels=(32, 64),
    layers_per_block=1,
    in_channels=4,
    down_block_types=('CrossAttnDownBlock2D', 'DownBlock2D'),
    cross_attention_dim=32,
    attention_head_dim=8,
    norm_num_groups=8,
    conditioning_embedding_out_channels=(16, 32),
)
