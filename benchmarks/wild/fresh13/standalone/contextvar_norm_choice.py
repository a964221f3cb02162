"""A contextvars.ContextVar picks the norm layer while blocks are built (copy_context().run)."""

import contextvars

import torch.nn as nn

NORM = contextvars.ContextVar("norm", default="bn")


def norm(c):
    kind = NORM.get()
    if kind == "bn":
        return nn.BatchNorm2d(c)
    if kind == "gn":
        return nn.GroupNorm(8, c)
    return nn.Identity()


def block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), norm(cout), nn.ReLU())


def build_decoder():
    token = NORM.set("none")
    try:
        return nn.Sequential(block(64, 32), block(32, 16), nn.Conv2d(16, 1, 1))
    finally:
        NORM.reset(token)


def build_encoder():
    NORM.set("gn")
    return nn.Sequential(block(3, 32), block(32, 64))


encoder = contextvars.copy_context().run(build_encoder)  # the "gn" setting stays in that copy
middle = block(64, 64)  # default "bn" here
decoder = build_decoder()
model = nn.Sequential(encoder, middle, decoder)
