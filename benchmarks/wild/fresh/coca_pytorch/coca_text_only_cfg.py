"""coca_pytorch: CoCa fed precomputed image tokens, built from a dataclass config (fresh batch, benchmarks/wild/fresh)."""

from dataclasses import asdict, dataclass

from coca_pytorch import CoCa


@dataclass
class CoCaConfig:
    dim: int = 128
    num_tokens: int = 1000
    unimodal_depth: int = 2
    multimodal_depth: int = 2
    dim_latents: int = 64
    image_dim: int = 96
    num_img_queries: int = 32
    dim_head: int = 32
    heads: int = 4
    ff_mult: int = 2


cfg = CoCaConfig(multimodal_depth=3)
model = CoCa(**asdict(cfg))
