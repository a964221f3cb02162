"""Layers parsed from a compact string spec with a `match` statement (sequence, literal, guard and
class patterns); widths tracked as the spec is walked."""

from dataclasses import dataclass

import torch.nn as nn


@dataclass
class Skip:
    width: int


SPEC = "c32k3 c32k3 p2 c64k3s2 bn c64k1 gap fc10"


def parse(token):
    match list(token):
        case ["c", *rest]:
            body = "".join(rest)
            ch, _, tail = body.partition("k")
            k, _, s = tail.partition("s")
            return ("conv", int(ch), int(k), int(s or 1))
        case ["p", n]:
            return ("pool", int(n))
        case ["b", "n"]:
            return ("bn",)
        case ["g", "a", "p"]:
            return ("gap",)
        case ["f", "c", *n]:
            return ("fc", int("".join(n)))
    raise ValueError(token)


def build(spec, in_ch=3):
    layers, ch = [], in_ch
    for item in [parse(t) for t in spec.split()] + [Skip(10)]:
        match item:
            case ("conv", out, k, 1):
                layers += [nn.Conv2d(ch, out, k, padding=k // 2), nn.ReLU()]
                ch = out
            case ("conv", out, k, s) if s > 1:
                layers += [nn.Conv2d(ch, out, k, stride=s, padding=k // 2, bias=False), nn.ReLU()]
                ch = out
            case ("pool", n):
                layers.append(nn.MaxPool2d(n))
            case ("bn",):
                layers.append(nn.BatchNorm2d(ch))
            case ("gap",):
                layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten()]
            case ("fc", n):
                layers.append(nn.Linear(ch, n))
                ch = n
            case Skip(width=w) if w == ch:
                layers.append(nn.Identity())
            case Skip(width=w):
                layers.append(nn.Linear(ch, w))
    return nn.Sequential(*layers)


model = build(SPEC)
