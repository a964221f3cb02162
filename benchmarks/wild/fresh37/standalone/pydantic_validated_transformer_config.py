# a pydantic v2 config: a validator rounds the width to the heads, a computed head_dim
import torch.nn as nn
from pydantic import BaseModel, computed_field, field_validator, model_validator


class EncoderConfig(BaseModel):
    vocab: int = 8000
    n_heads: int = 6
    width: int = 250
    depth: int = 2
    ffn_mult: float = 2.5

    @model_validator(mode="after")
    def round_width(self):
        self.width = (self.width // self.n_heads) * self.n_heads
        return self

    @field_validator("depth")
    @classmethod
    def at_least_one(cls, v):
        return max(v, 1)

    @computed_field
    @property
    def ffn(self) -> int:
        return int(self.width * self.ffn_mult)


cfg = EncoderConfig(width=250, depth=0, n_heads=6)
model = nn.Sequential(
    nn.Embedding(cfg.vocab, cfg.width),
    *[
        nn.TransformerEncoderLayer(cfg.width, cfg.n_heads, cfg.ffn, batch_first=True)
        for _ in range(cfg.depth)
    ],
)
