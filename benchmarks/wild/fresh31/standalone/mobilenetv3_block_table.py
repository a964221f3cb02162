"""MobileNetV3-Small at width 0.5 from its block table (kernel, expansion, out, SE, activation, stride):
_make_divisible to multiples of 8, inverted residuals whose expansion conv is skipped when exp == in,
hard-sigmoid SE with a squeeze of _make_divisible(exp // 4), a 1024-wide classifier scaled with width."""

import torch.nn as nn


def _make_divisible(v, divisor=8, min_value=None):
    min_value = min_value or divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


SMALL = [
    # k, exp, out, se, nl, s
    (3, 16, 16, True, "RE", 2),
    (3, 72, 24, False, "RE", 2),
    (3, 88, 24, False, "RE", 1),
    (5, 96, 40, True, "HS", 2),
    (5, 240, 40, True, "HS", 1),
    (5, 120, 48, True, "HS", 1),
    (5, 288, 96, True, "HS", 2),
]


class SqueezeExcite(nn.Module):
    def __init__(self, ch):
        super().__init__()
        sq = _make_divisible(ch // 4)
        self.fc1 = nn.Conv2d(ch, sq, 1)
        self.fc2 = nn.Conv2d(sq, ch, 1)
        self.gate = nn.Hardsigmoid()


class InvertedResidual(nn.Module):
    def __init__(self, inp, k, exp, out, se, nl, s):
        super().__init__()
        act = nn.Hardswish if nl == "HS" else nn.ReLU
        layers = []
        if exp != inp:
            layers += [nn.Conv2d(inp, exp, 1, bias=False), nn.BatchNorm2d(exp), act()]
        layers += [
            nn.Conv2d(exp, exp, k, s, k // 2, groups=exp, bias=False),
            nn.BatchNorm2d(exp),
            act(),
        ]
        if se:
            layers.append(SqueezeExcite(exp))
        layers += [nn.Conv2d(exp, out, 1, bias=False), nn.BatchNorm2d(out)]
        self.block = nn.Sequential(*layers)
        self.use_res = s == 1 and inp == out


class MobileNetV3(nn.Module):
    def __init__(self, table, width_mult=1.0, num_classes=10, last_channel=1024):
        super().__init__()
        inp = _make_divisible(16 * width_mult)
        self.stem = nn.Sequential(
            nn.Conv2d(3, inp, 3, 2, 1, bias=False), nn.BatchNorm2d(inp), nn.Hardswish()
        )
        blocks = []
        for k, exp, out, se, nl, s in table:
            out_c = _make_divisible(out * width_mult)
            exp_c = _make_divisible(exp * width_mult)
            blocks.append(InvertedResidual(inp, k, exp_c, out_c, se, nl, s))
            inp = out_c
        self.features = nn.Sequential(*blocks)
        last_conv = _make_divisible(6 * inp)
        self.last = nn.Sequential(
            nn.Conv2d(inp, last_conv, 1, bias=False), nn.BatchNorm2d(last_conv), nn.Hardswish()
        )
        head = _make_divisible(last_channel * width_mult) if width_mult > 1.0 else last_channel
        self.classifier = nn.Sequential(
            nn.Linear(last_conv, head),
            nn.Hardswish(),
            nn.Dropout(0.2),
            nn.Linear(head, num_classes),
        )


model = MobileNetV3(SMALL, width_mult=0.5, num_classes=10)
