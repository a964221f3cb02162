# a model zoo keyed by (family, size) tuples; sizes fall back to the family's "base" entry
import torch.nn as nn

ZOO = {}


def register(family, size):
    def deco(fn):
        ZOO[(family, size)] = fn
        return fn

    return deco


@register("mlp", "base")
def mlp_base(d_in, d_out, width=256):
    return nn.Sequential(nn.Linear(d_in, width), nn.ReLU(), nn.Linear(width, d_out))


@register("mlp", "large")
def mlp_large(d_in, d_out):
    return nn.Sequential(mlp_base(d_in, 512, width=1024), nn.ReLU(), nn.Linear(512, d_out))


@register("cnn", "base")
def cnn_base(d_in, d_out):
    return nn.Sequential(
        nn.Conv1d(d_in, 64, 3),
        nn.ReLU(),
        nn.AdaptiveMaxPool1d(1),
        nn.Flatten(),
        nn.Linear(64, d_out),
    )


def build(family, size, *args):
    return ZOO.get((family, size), ZOO[(family, "base")])(*args)


model = nn.ModuleDict({"a": build("mlp", "large", 20, 5), "b": build("cnn", "tiny", 12, 5)})
