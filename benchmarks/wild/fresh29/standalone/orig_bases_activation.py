"""A Generic block base whose `__init_subclass__` reads the subscripted base from `__orig_bases__` (`typing.get_args`) to pick the activation and width."""

from typing import Generic, TypeVar, get_args

import torch.nn as nn

A = TypeVar("A")
WIDTH = {nn.GELU: 24, nn.ReLU: 12}


class Block(nn.Module, Generic[A]):
    act_cls = nn.Identity

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        for base in cls.__dict__.get("__orig_bases__", ()):
            args = get_args(base)
            if args:
                cls.act_cls = args[0]

    def __init__(self, d_in):
        super().__init__()
        w = WIDTH.get(self.act_cls, 6)
        self.fc = nn.Linear(d_in, w)
        self.act = self.act_cls()


class GeluBlock(Block[nn.GELU]):
    pass


class ReluBlock(Block[nn.ReLU]):
    pass


class PlainBlock(Block):
    pass


model = nn.ModuleList([GeluBlock(10), ReluBlock(10), PlainBlock(10)])
