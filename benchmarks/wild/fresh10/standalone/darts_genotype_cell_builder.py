"""DARTS-style network from a fixed genotype: cells assembled from an op table of lambdas."""

from collections import namedtuple

from torch import nn

Genotype = namedtuple("Genotype", "normal normal_concat reduce reduce_concat")
DARTS_V2 = Genotype(
    normal=[
        ("sep_conv_3x3", 0),
        ("sep_conv_3x3", 1),
        ("sep_conv_3x3", 0),
        ("sep_conv_3x3", 1),
        ("sep_conv_3x3", 1),
        ("skip_connect", 0),
        ("skip_connect", 0),
        ("dil_conv_3x3", 2),
    ],
    normal_concat=[2, 3, 4, 5],
    reduce=[
        ("max_pool_3x3", 0),
        ("max_pool_3x3", 1),
        ("skip_connect", 2),
        ("max_pool_3x3", 1),
        ("max_pool_3x3", 0),
        ("skip_connect", 2),
        ("skip_connect", 2),
        ("max_pool_3x3", 1),
    ],
    reduce_concat=[2, 3, 4, 5],
)


class ReLUConvBN(nn.Sequential):
    def __init__(self, c_in, c_out, k, stride, pad):
        super().__init__(
            nn.ReLU(), nn.Conv2d(c_in, c_out, k, stride, pad, bias=False), nn.BatchNorm2d(c_out)
        )


class SepConv(nn.Sequential):
    def __init__(self, c_in, c_out, k, stride, pad):
        super().__init__(
            nn.ReLU(),
            nn.Conv2d(c_in, c_in, k, stride, pad, groups=c_in, bias=False),
            nn.Conv2d(c_in, c_in, 1, bias=False),
            nn.BatchNorm2d(c_in),
            nn.ReLU(),
            nn.Conv2d(c_in, c_in, k, 1, pad, groups=c_in, bias=False),
            nn.Conv2d(c_in, c_out, 1, bias=False),
            nn.BatchNorm2d(c_out),
        )


class DilConv(nn.Sequential):
    def __init__(self, c_in, c_out, k, stride, pad, dil):
        super().__init__(
            nn.ReLU(),
            nn.Conv2d(c_in, c_in, k, stride, pad, dilation=dil, groups=c_in, bias=False),
            nn.Conv2d(c_in, c_out, 1, bias=False),
            nn.BatchNorm2d(c_out),
        )


class FactorizedReduce(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.relu = nn.ReLU()
        self.conv_1 = nn.Conv2d(c_in, c_out // 2, 1, stride=2, bias=False)
        self.conv_2 = nn.Conv2d(c_in, c_out // 2, 1, stride=2, bias=False)
        self.bn = nn.BatchNorm2d(c_out)


OPS = {
    "max_pool_3x3": lambda c, s: nn.MaxPool2d(3, stride=s, padding=1),
    "skip_connect": lambda c, s: nn.Identity() if s == 1 else FactorizedReduce(c, c),
    "sep_conv_3x3": lambda c, s: SepConv(c, c, 3, s, 1),
    "dil_conv_3x3": lambda c, s: DilConv(c, c, 3, s, 2, 2),
}


class Cell(nn.Module):
    def __init__(self, genotype, c_pp, c_p, c, reduction, reduction_prev):
        super().__init__()
        self.pre0 = FactorizedReduce(c_pp, c) if reduction_prev else ReLUConvBN(c_pp, c, 1, 1, 0)
        self.pre1 = ReLUConvBN(c_p, c, 1, 1, 0)
        ops, concat = (
            (genotype.reduce, genotype.reduce_concat)
            if reduction
            else (genotype.normal, genotype.normal_concat)
        )
        self.multiplier = len(concat)
        self._ops = nn.ModuleList()
        for name, index in ops:
            stride = 2 if reduction and index < 2 else 1
            self._ops.append(OPS[name](c, stride))


class NetworkCIFAR(nn.Module):
    def __init__(self, c=16, num_classes=10, layers=8, genotype=DARTS_V2):
        super().__init__()
        stem_mult = 3
        c_curr = stem_mult * c
        self.stem = nn.Sequential(
            nn.Conv2d(3, c_curr, 3, padding=1, bias=False), nn.BatchNorm2d(c_curr)
        )
        c_pp, c_p, c_curr = c_curr, c_curr, c
        self.cells = nn.ModuleList()
        reduction_prev = False
        for i in range(layers):
            reduction = i in [layers // 3, 2 * layers // 3]
            if reduction:
                c_curr *= 2
            cell = Cell(genotype, c_pp, c_p, c_curr, reduction, reduction_prev)
            reduction_prev = reduction
            self.cells.append(cell)
            c_pp, c_p = c_p, cell.multiplier * c_curr
        self.global_pooling = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Linear(c_p, num_classes)


model = NetworkCIFAR()
