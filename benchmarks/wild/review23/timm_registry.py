import torch.nn as nn

_model_entrypoints = {}
_model_default_cfgs = {}


def register_model(fn):
    _model_entrypoints[fn.__name__] = fn
    return fn


def _cfg(url="", **kwargs):
    return {"url": url, "num_classes": 10, "input_size": (3, 32, 32), **kwargs}


default_cfgs = {"tiny": _cfg(num_classes=5), "small": _cfg()}


class Net(nn.Module):
    def __init__(self, width=16, depth=2, num_classes=1000, pretrained_cfg=None):
        super().__init__()
        self.pretrained_cfg = pretrained_cfg
        self.stem = nn.Conv2d(3, width, 3)
        self.blocks = nn.Sequential(*[nn.Conv2d(width, width, 3, padding=1) for _ in range(depth)])
        self.head = nn.Linear(width, num_classes)


def _create(variant, **kwargs):
    cfg = default_cfgs[variant]
    kwargs.setdefault("num_classes", cfg["num_classes"])
    return Net(pretrained_cfg=cfg, **kwargs)


@register_model
def tiny(**kwargs):
    return _create("tiny", width=8, **kwargs)


@register_model
def small(**kwargs):
    return _create("small", width=16, depth=3, **kwargs)


def create_model(name, **kwargs):
    return _model_entrypoints[name](**kwargs)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = create_model("tiny")
        self.b = create_model("small", num_classes=3)
