"""Heads declare their width through `abc.abstractproperty` (deprecated alias), overridden by a plain class attribute in one subclass."""

import abc

import torch.nn as nn


class Head(nn.Module, metaclass=abc.ABCMeta):
    @abc.abstractproperty
    def width(self): ...

    def __init__(self, d_in):
        super().__init__()
        self.proj = nn.Linear(d_in, self.width)


class Small(Head):
    width = 6


class Large(Head):
    @property
    def width(self):
        return 40


model = nn.ModuleList([Small(d_in=32), Large(d_in=32)])
