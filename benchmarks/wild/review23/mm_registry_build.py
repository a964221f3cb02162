import torch.nn as nn


class Registry:
    def __init__(self, name):
        self.name = name
        self._module_dict = {}

    def register_module(self, name=None, module=None):
        def _register(cls):
            self._module_dict[name or cls.__name__] = cls
            return cls

        if module is not None:
            return _register(module)
        return _register

    def build(self, cfg, **default_args):
        cfg = dict(cfg)
        obj_type = cfg.pop("type")
        for k, v in default_args.items():
            cfg.setdefault(k, v)
        return self._module_dict[obj_type](**cfg)


MODELS = Registry("model")


@MODELS.register_module()
class ConvModule(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size=3, norm_cfg=None):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, bias=norm_cfg is None)
        if norm_cfg is not None:
            self.bn = MODELS.build(norm_cfg, num_features=out_channels)


MODELS.register_module("BN", module=nn.BatchNorm2d)


@MODELS.register_module()
class Backbone(nn.Module):
    def __init__(self, stages, in_channels=3, norm_cfg=None):
        super().__init__()
        layers = []
        c = in_channels
        for out in stages:
            layers.append(
                MODELS.build(
                    dict(type="ConvModule", in_channels=c, out_channels=out, norm_cfg=norm_cfg)
                )
            )
            c = out
        self.layers = nn.ModuleList(layers)


cfg = dict(type="Backbone", stages=(8, 16, 32), norm_cfg=dict(type="BN"))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = MODELS.build(cfg)
