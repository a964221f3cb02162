# a pydantic model validates and rounds the hidden size to a multiple of the head count
import torch.nn as nn
from pydantic import BaseModel, model_validator


class EncoderCfg(BaseModel):
    hidden: int = 250
    heads: int = 6
    layers: int = 2

    @model_validator(mode="after")
    def round_hidden(self):
        self.hidden = (self.hidden // self.heads) * self.heads
        return self


cfg = EncoderCfg(hidden=250, heads=6)
model = nn.TransformerEncoder(
    nn.TransformerEncoderLayer(cfg.hidden, cfg.heads, 2 * cfg.hidden), cfg.layers
)
