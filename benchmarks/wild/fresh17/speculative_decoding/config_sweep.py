from dataclasses import asdict, dataclass

from speculative_decoding import Decoder


@dataclass
class DecCfg:
    num_tokens: int = 1000
    dim: int = 64
    depth: int = 2
    heads: int = 4
    dim_head: int = 16
    ff_mult: int = 4


sweep = [DecCfg(depth=d, dim=64 * d) for d in (1, 2, 3)]
best = sweep[1]
model = Decoder(**asdict(best))
