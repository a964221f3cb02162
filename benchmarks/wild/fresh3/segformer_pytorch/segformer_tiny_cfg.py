from dataclasses import asdict, dataclass

from segformer_pytorch import Segformer


@dataclass
class SegCfg:
    dims: tuple = (16, 32, 64, 128)
    heads: tuple = (1, 2, 4, 8)
    ff_expansion: tuple = (4, 4, 4, 4)
    reduction_ratio: tuple = (8, 4, 2, 1)
    num_layers: int = 1
    channels: int = 4
    decoder_dim: int = 64
    num_classes: int = 2


model = Segformer(**asdict(SegCfg()))
