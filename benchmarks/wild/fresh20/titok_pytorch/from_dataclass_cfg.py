"""Tokenizer hyperparameters kept in a dataclass and forwarded with asdict()."""

from dataclasses import asdict, dataclass, field

from titok_pytorch import TiTokTokenizer


@dataclass
class TokCfg:
    dim: int = 96
    image_size: int = 32
    patch_size: int = 4
    channels: int = 1
    num_latent_tokens: int = 8
    enc_depth: int = 3
    dec_depth: int = 1
    codebook_size: int = 256
    enc_kwargs: dict = field(default_factory=lambda: {"ff_mult": 2})
    dec_kwargs: dict = field(default_factory=lambda: {"ff_mult": 2})


model = TiTokTokenizer(**asdict(TokCfg(channels=3)))
