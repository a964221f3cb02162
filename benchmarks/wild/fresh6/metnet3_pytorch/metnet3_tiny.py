"""MetNet-3 (weather nowcasting: sparse station and dense inputs, lead-time conditioning), tiny."""

from metnet3_pytorch import MetNet3

model = MetNet3(
    dim=32,
    num_lead_times=8,
    lead_time_embed_dim=8,
    input_spatial_size=64,
    attn_depth=1,
    attn_dim_head=8,
    attn_heads=2,
    vit_window_size=4,
    input_2496_channels=4,
    input_4996_channels=3,
    surface_and_hrrr_target_spatial_size=32,
    precipitation_target_bins=dict(mrms_rate=16, mrms_accumulation=16),
    surface_target_bins=dict(omo_temperature=8, omo_dew_point=8),
    hrrr_channels=12,
    crop_size_post_16km=16,
    resnet_block_depth=1,
)
