"""typing.get_type_hints over a config class with string annotations (postponed), including an inherited
one: every int-annotated field becomes a Linear width in MRO order (base fields first); a field
annotated as a float is skipped."""

import typing

import torch.nn as nn


class Base:
    stem: "int" = 10


class Cfg(Base):
    hidden: "int" = 22
    dropout: "float" = 0.1
    out: "int" = 4


hints = typing.get_type_hints(Cfg)
dims = [getattr(Cfg, k) for k, t in hints.items() if t is int]  # [10, 22, 4]
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip(dims, dims[1:])])
