import torch.nn as nn


def build_from_cfg(cfg, registry, default_args=None):
    args = dict(cfg)
    if default_args:
        for k, v in default_args.items():
            args.setdefault(k, v)
    t = args.pop("type")
    cls = registry.get(t) if isinstance(t, str) else t
    if cls is None:
        raise KeyError(t)
    return cls(**args)


class Registry:
    def __init__(self, name, build_func=None, parent=None):
        self.name = name
        self._dict = {}
        self.build_func = build_func or build_from_cfg
        self.parent = parent

    def get(self, key):
        if key in self._dict:
            return self._dict[key]
        return self.parent.get(key) if self.parent else None

    def register_module(self, cls=None, name=None, force=False):
        if cls is not None:
            self._dict[name or cls.__name__] = cls
            return cls

        def deco(c):
            self._dict[name or c.__name__] = c
            return c

        return deco

    def build(self, cfg, **kw):
        return self.build_func(cfg, self, **kw)


ROOT = Registry("root")
ROOT.register_module(nn.Linear)
ROOT.register_module(nn.LayerNorm, name="LN")
MODELS = Registry("models", parent=ROOT)


@MODELS.register_module(name="MLP")
class Mlp(nn.Module):
    def __init__(self, dims, norm=None):
        super().__init__()
        self.fcs = nn.ModuleList(
            MODELS.build(dict(type="Linear", in_features=a, out_features=b))
            for a, b in zip(dims, dims[1:])
        )
        self.norm = (
            MODELS.build(norm, default_args=dict(normalized_shape=dims[-1])) if norm else None
        )


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.m = MODELS.build(dict(type="MLP", dims=[4, 8, 2], norm=dict(type="LN")))
