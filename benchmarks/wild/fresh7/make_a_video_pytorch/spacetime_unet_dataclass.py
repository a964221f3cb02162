from dataclasses import asdict, dataclass

from make_a_video_pytorch import SpaceTimeUnet


@dataclass
class UnetConfig:
    dim: int = 24
    channels: int = 4
    dim_mult: tuple = (1, 2, 4)
    self_attns: tuple = (False, True, True)
    temporal_compression: tuple = (False, True, True)
    resnet_block_depths: tuple = (2, 2, 2)
    attn_heads: int = 2
    attn_dim_head: int = 16
    condition_on_timestep: bool = True
    causal_time_attn: bool = True


model = SpaceTimeUnet(**asdict(UnetConfig()))
