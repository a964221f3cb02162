"""MetNet-3 with HRRR targets normalized by synchronized batch norm, sized from a dataclass."""

from dataclasses import asdict, dataclass, field

from metnet3_pytorch import MetNet3


@dataclass
class Net3Config:
    dim: int = 48
    num_lead_times: int = 12
    lead_time_embed_dim: int = 16
    input_spatial_size: int = 64
    attn_depth: int = 2
    attn_dim_head: int = 16
    attn_heads: int = 2
    vit_window_size: int = 4
    input_2496_channels: int = 6
    input_4996_channels: int = 5
    surface_and_hrrr_target_spatial_size: int = 32
    precipitation_target_bins: dict = field(default_factory=lambda: {"mrms_rate": 32})
    surface_target_bins: dict = field(default_factory=lambda: {"omo_temperature": 16})
    hrrr_norm_strategy: str = "sync_batchnorm"
    hrrr_channels: int = 20
    crop_size_post_16km: int = 16
    resnet_block_depth: int = 1


model = MetNet3(**asdict(Net3Config()))
