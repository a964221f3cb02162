import torch.nn as nn
from pydantic import BaseModel, Field, field_validator, model_validator


class EncoderCfg(BaseModel):
    d_in: int = 16
    widths: list[int] = Field(default_factory=lambda: [32, 32])
    head_mult: int = 1
    n_out: int = 4

    @field_validator("widths", mode="before")
    @classmethod
    def parse_widths(cls, v):
        if isinstance(v, str):
            return [int(x) for x in v.split("x")]
        return v

    @model_validator(mode="after")
    def widen_last(self):
        # the last width is scaled by the head multiplier after every field is parsed
        self.widths = self.widths[:-1] + [self.widths[-1] * self.head_mult]
        return self


def build(cfg: EncoderCfg):
    layers, d = [], cfg.d_in
    for w in cfg.widths:
        layers += [nn.Linear(d, w), nn.SiLU()]
        d = w
    return nn.Sequential(*layers, nn.Linear(d, cfg.n_out))


cfg = EncoderCfg.model_validate({"d_in": 10, "widths": "24x48x16", "head_mult": 3, "n_out": 2})
model = build(cfg)
