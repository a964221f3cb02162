from dataclasses import dataclass, replace

import torch.nn as nn


@dataclass
class PretrainedCfg:
    num_classes: int = 1000
    input_size: tuple = (3, 224, 224)
    tag: str = ""


def generate_default_cfgs(cfgs):
    out = {}
    for k, v in cfgs.items():
        arch, _, tag = k.partition(".")
        out[arch] = replace(v, tag=tag)
    return out


default_cfgs = generate_default_cfgs(
    {"net_a.in1k": PretrainedCfg(num_classes=11), "net_b.in21k": PretrainedCfg()}
)


class Net(nn.Module):
    def __init__(self, num_classes, in_chans=3):
        super().__init__()
        self.stem = nn.Conv2d(in_chans, 4, 3)
        self.fc = nn.Linear(4, num_classes)


def build(arch, **kw):
    cfg = default_cfgs[arch]
    kw.setdefault("in_chans", cfg.input_size[0])
    return Net(num_classes=kw.pop("num_classes", cfg.num_classes), **kw)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = build("net_a")
        self.b = build("net_b", in_chans=1, num_classes=2)
