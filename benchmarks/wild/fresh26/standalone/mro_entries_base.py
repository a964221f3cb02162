"""A base 'class' written as a call: the object it returns supplies __mro_entries__, so the model subclasses a generated nn.Module."""

import torch.nn as nn


class WithStem:
    def __init__(self, c_in, c_out):
        self.c_in, self.c_out = c_in, c_out

    def __mro_entries__(self, bases):
        c_in, c_out = self.c_in, self.c_out

        class StemBase(nn.Module):
            def __init__(self):
                super().__init__()
                self.stem = nn.Conv2d(c_in, c_out, 7, stride=2, padding=3)

        return (StemBase,)


class ResNetish(WithStem(3, 32)):
    def __init__(self, n_classes):
        super().__init__()
        self.block = nn.Sequential(nn.Conv2d(32, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU())
        self.fc = nn.Linear(32, n_classes)


model = ResNetish(n_classes=10)
