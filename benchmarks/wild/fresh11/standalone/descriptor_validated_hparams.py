"""Hyper-parameters held by a validating descriptor (__set_name__/__get__/__set__) on a config class;
one descriptor rounds widths to a multiple, another clamps; the model reads the config."""

import torch.nn as nn


class RoundedInt:
    def __init__(self, multiple=8, default=None):
        self.multiple = multiple
        self.default = default

    def __set_name__(self, owner, name):
        self.private = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.private, self.default)

    def __set__(self, obj, value):
        value = int(value)
        setattr(obj, self.private, ((value + self.multiple - 1) // self.multiple) * self.multiple)


class Clamped:
    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def __set_name__(self, owner, name):
        self.private = "_" + name

    def __get__(self, obj, objtype=None):
        return getattr(obj, self.private)

    def __set__(self, obj, value):
        setattr(obj, self.private, max(self.lo, min(self.hi, value)))


class Config:
    d_model = RoundedInt(multiple=16)
    d_ff = RoundedInt(multiple=64)
    n_layers = Clamped(1, 4)
    vocab = RoundedInt(multiple=64)

    def __init__(self, d_model, d_ff, n_layers, vocab):
        self.d_model = d_model
        self.d_ff = d_ff
        self.n_layers = n_layers
        self.vocab = vocab


class FFNStackLM(nn.Module):
    def __init__(self, cfg: Config):
        super().__init__()
        self.embed = nn.Embedding(cfg.vocab, cfg.d_model)
        self.layers = nn.ModuleList(
            nn.Sequential(
                nn.LayerNorm(cfg.d_model),
                nn.Linear(cfg.d_model, cfg.d_ff),
                nn.GELU(),
                nn.Linear(cfg.d_ff, cfg.d_model),
            )
            for _ in range(cfg.n_layers)
        )
        self.out = nn.Linear(cfg.d_model, cfg.vocab, bias=False)


cfg = Config(d_model=50, d_ff=130, n_layers=6, vocab=1000)
model = FFNStackLM(cfg)
