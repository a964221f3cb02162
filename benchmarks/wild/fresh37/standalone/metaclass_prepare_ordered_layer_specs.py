# a metaclass collects LayerSpec class attributes in definition order and builds them per instance
import torch.nn as nn


class LayerSpec:
    def __init__(self, cls, *args, **kw):
        self.cls, self.args, self.kw = cls, args, kw

    def build(self):
        return self.cls(*self.args, **self.kw)


class SpecMeta(type(nn.Module)):
    def __new__(mcs, name, bases, ns):
        specs = [(k, v) for k, v in ns.items() if isinstance(v, LayerSpec)]
        for k, _ in specs:
            del ns[k]
        cls = super().__new__(mcs, name, bases, ns)
        cls._specs = [s for b in bases for s in getattr(b, "_specs", [])] + specs
        return cls


class Declarative(nn.Module, metaclass=SpecMeta):
    def __init__(self):
        super().__init__()
        for name, spec in self._specs:
            self.add_module(name, spec.build())


class Encoder(Declarative):
    conv1 = LayerSpec(nn.Conv2d, 1, 16, 3)
    conv2 = LayerSpec(nn.Conv2d, 16, 32, 3)


class Classifier(Encoder):
    pool = LayerSpec(nn.AdaptiveAvgPool2d, 1)
    fc = LayerSpec(nn.Linear, 32, 10)
    conv2 = LayerSpec(nn.Conv2d, 16, 48, 3)


model = Classifier()
