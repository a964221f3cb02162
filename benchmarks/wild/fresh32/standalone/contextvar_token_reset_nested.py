"""A ContextVar depth multiplier set twice and reset by tokens in LIFO order; a default is used when unset."""

import contextvars

import torch.nn as nn

depth_mult = contextvars.ContextVar("depth_mult", default=1)
norm_kind = contextvars.ContextVar("norm_kind")


def make_stage(dim):
    norm = nn.LayerNorm(dim) if norm_kind.get("ln") == "ln" else nn.BatchNorm1d(dim)
    return nn.Sequential(*[nn.Linear(dim, dim) for _ in range(depth_mult.get())], norm)


stages = [make_stage(8)]
t1 = depth_mult.set(2)
stages.append(make_stage(8))
t2 = depth_mult.set(3)
t3 = norm_kind.set("bn")
stages.append(make_stage(8))
depth_mult.reset(t2)  # back to 2
stages.append(make_stage(8))
norm_kind.reset(t3)
depth_mult.reset(t1)  # back to the default
stages.append(make_stage(8))
model = nn.Sequential(*stages)
