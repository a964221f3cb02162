from dataclasses import asdict, dataclass

from nGPT_pytorch import nTransformer


@dataclass
class NormalizedConfig:
    dim: int = 96
    depth: int = 3
    heads: int = 3
    dim_head: int = 32
    ff_expand_factor: float = 2.0
    num_hyperspheres: int = 2
    causal: bool = True


model = nTransformer(**asdict(NormalizedConfig(depth=2)))
